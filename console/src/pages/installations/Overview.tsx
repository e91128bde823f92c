import { Anchor, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router';
import { api, unwrap } from '../../api/client';
import { ErrorNotice, Loading } from '../../ui/feedback';
import { ago, when } from '../../ui/format';
import { keys } from './data';
import type { PanelsProps } from './data';
import { OAuthPanel } from './OAuthPanel';
import { isMoving, needsMember, POLL_MS, StatusBadge, statusHint } from './status';

/** The member's own instance (`…/status`), followed while the satellite is still starting it. */
function MyInstance({ teamId, installation, server }: PanelsProps) {
  const status = useQuery({
    queryKey: [...keys.installation(teamId, installation.id), 'status'],
    queryFn: () =>
      unwrap(
        api.GET('/api/teams/{teamId}/mcp/installations/{installationId}/status', {
          params: { path: { teamId, installationId: installation.id } },
        }),
      ),
    refetchInterval: (q) => (isMoving(q.state.data?.instance.status) ? POLL_MS : false),
  });
  // A new status may come with news elsewhere on the page (the tools the server listed).
  const queries = useQueryClient();
  const current = status.data?.instance.status;
  useEffect(() => {
    if (current)
      void queries.invalidateQueries({
        queryKey: keys.installation(teamId, installation.id),
        exact: true,
      });
  }, [current, queries, teamId, installation.id]);
  if (status.isPending) return <Loading what="your instance" />;
  if (status.error)
    return <ErrorNotice error={status.error} title="Could not read your instance" />;
  const { instance } = status.data;
  return (
    <Stack gap="xs" aria-live="polite">
      <Group gap="sm">
        <Text fw={600}>Status</Text>
        <StatusBadge status={instance.status} />
        <Text size="sm" c="dimmed" title={when(instance.status_updated_at)}>
          since {ago(instance.status_updated_at)}
        </Text>
      </Group>
      <Text>{instance.status_message ?? statusHint(instance.status)}</Text>
      {needsMember(instance.status) && !server.requires_oauth ? (
        <Anchor component={Link} to="?tab=my-config">
          Fill in your configuration
        </Anchor>
      ) : null}
      {instance.status === 'provisioning' ? (
        <Text size="sm" c="dimmed">
          <Anchor underline="always" component={Link} to="/connect">
            Connect an MCP client
          </Anchor>{' '}
          to start using it.
        </Text>
      ) : null}
    </Stack>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text>{children}</Text>
    </div>
  );
}

export function Overview(props: PanelsProps) {
  const { installation: i, server } = props;
  return (
    <Stack gap="lg">
      <Paper withBorder p="md" component="section" aria-labelledby="my-instance">
        <Title order={2} size="h4" id="my-instance" mb="sm">
          My instance
        </Title>
        <MyInstance {...props} />
      </Paper>
      {server.requires_oauth ? <OAuthPanel {...props} /> : null}
      <section aria-labelledby="details">
        <Title order={2} size="h4" id="details" mb="sm">
          Details
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Fact label="Server">{server.name}</Fact>
          <Fact label="Transport">{server.transport}</Fact>
          <Fact label="Tools discovered">{i.tool_count}</Fact>
          <Fact label="Tokens the tools’ descriptions take">{i.total_tokens}</Fact>
          <Fact label="Request logging">{i.settings.request_logging_enabled ? 'on' : 'off'}</Fact>
          <Fact label="Satellite">{i.satellite_id ?? 'any serving the team'}</Fact>
          <Fact label="Installed">{when(i.created_at)}</Fact>
          <Fact label="Changed">{when(i.updated_at)}</Fact>
        </SimpleGrid>
      </section>
    </Stack>
  );
}
