import { Anchor, Breadcrumbs, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../api/client';
import { EmptyState, ErrorNotice, Loading, PageHeader } from '../../ui/feedback';
import { fetchCategories, fetchServer, keys } from './api';
import { ConfigFieldsSection } from './ConfigFieldsSection';
import { InstallLink } from './InstallLink';
import { ServerAdminActions } from './ServerAdminActions';
import { ServerBadges } from './ServerBadges';
import { ServerDetails } from './ServerDetails';
import { VersionsSection } from './VersionsSection';

function Trail({ name }: { name: string }) {
  return (
    <Breadcrumbs mb="xs" aria-label="Breadcrumb">
      <Anchor component={Link} to="/catalogue">
        Catalogue
      </Anchor>
      <Text span>{name}</Text>
    </Breadcrumbs>
  );
}

/** One catalogue server: what it is, how it runs, its versions and the configuration it asks for. */
export default function Server() {
  const { serverId = '' } = useParams();
  const server = useQuery({
    queryKey: keys.server(serverId),
    queryFn: () => fetchServer(serverId),
  });
  const categories = useQuery({ queryKey: keys.categories, queryFn: fetchCategories });
  if (server.error instanceof ApiError && server.error.status === 404) {
    return (
      <>
        <PageHeader title="Server not found" />
        <EmptyState
          title="This server is not in the catalogue"
          action={
            <Anchor component={Link} to="/catalogue">
              Back to the catalogue
            </Anchor>
          }
        >
          It may have been removed by an administrator.
        </EmptyState>
      </>
    );
  }
  if (server.error) {
    return (
      <>
        <PageHeader title="Server" />
        <ErrorNotice error={server.error} title="Could not load the server" />
      </>
    );
  }
  if (!server.data) return <Loading what="the server" />;
  const s = server.data;
  const category = categories.data?.find((c) => c.id === s.category_id);
  return (
    <Stack gap="lg">
      <div>
        <Trail name={s.name} />
        <PageHeader
          title={s.name}
          description={s.description}
          actions={
            <Group gap="xs" wrap="wrap">
              <InstallLink server={s} size="sm" />
              <ServerAdminActions server={s} />
            </Group>
          }
        />
        <ServerBadges server={s} />
      </div>
      <ServerDetails server={s} category={category?.name ?? null} />
      <VersionsSection server={s} />
      <ConfigFieldsSection schema={s.config_schema} />
    </Stack>
  );
}
