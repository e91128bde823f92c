import { Button, Group } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { useSession } from '../../session';
import { EmptyState, ErrorNotice, Loading, PageHeader } from '../../ui/feedback';
import { fetchInstallations, keys, PAGE_SIZE } from './data';
import { InstallationsTable } from './InstallationsTable';
import { InstallPanel } from './InstallPanel';
import { NoTeam } from './NoTeam';
import { Pager } from '../../ui/Pager';
import { isMoving, POLL_MS } from './status';

function List({ teamId, canInstall, onInstall }: ListProps) {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const list = useQuery({
    queryKey: [...keys.installations(teamId), page],
    queryFn: () => fetchInstallations(teamId, (page - 1) * PAGE_SIZE),
    placeholderData: keepPreviousData,
    // Follow instances the satellite is still starting.
    refetchInterval: (q) =>
      q.state.data?.installations.some((i) => isMoving(i.my_instance?.status)) ? POLL_MS : false,
  });
  if (list.isPending) return <Loading what="installations" />;
  if (list.error) return <ErrorNotice error={list.error} title="Could not list installations" />;
  const { installations, pagination } = list.data;
  if (pagination.total === 0)
    return (
      <EmptyState
        title="Nothing is installed in this team yet."
        action={
          <Group justify="center">
            <Button component={Link} to="/catalogue">
              Browse the catalogue
            </Button>
            {onInstall ? (
              <Button variant="default" onClick={onInstall}>
                Install a server
              </Button>
            ) : null}
          </Group>
        }
      >
        {canInstall
          ? 'Pick a server from the catalogue and install it: every member gets their own instance.'
          : 'Browse the catalogue and ask a team administrator to install what you need.'}
      </EmptyState>
    );
  return (
    <>
      <InstallationsTable installations={installations} />
      <Pager
        total={pagination.total}
        pageSize={pagination.limit}
        page={page}
        noun={['installation', 'installations']}
        label="Pages of installations"
        onChange={(p) =>
          setParams((prev) => {
            prev.set('page', String(p));
            return prev;
          })
        }
      />
    </>
  );
}

interface ListProps {
  teamId: string;
  canInstall: boolean;
  /** Offered in the empty state unless the install form is already open. */
  onInstall: (() => void) | null;
}

export default function Installations() {
  const { team, can } = useSession();
  const [params, setParams] = useSearchParams();
  if (!team) return <NoTeam title="Installations" />;
  const canInstall = can('mcp.installations.create');
  const installing = params.has('install');
  const setInstall = (value: string | null) =>
    setParams((prev) => {
      if (value === null) prev.delete('install');
      else prev.set('install', value);
      return prev;
    });
  return (
    <>
      <PageHeader
        title="Installations"
        description={`Servers installed for ${team.name}. Every member has their own instance.`}
        actions={
          canInstall && !installing ? (
            <Button onClick={() => setInstall('')}>Install a server</Button>
          ) : null
        }
      />
      {installing && canInstall ? (
        <InstallPanel
          teamId={team.id}
          serverId={params.get('install') || null}
          onChoose={(id) => setInstall(id ?? '')}
          onClose={() => setInstall(null)}
        />
      ) : null}
      {installing && !canInstall ? (
        <ErrorNotice
          title="You cannot install servers here"
          error={`Installing needs the permission mcp.installations.create in ${team.name}; ask a team administrator.`}
        />
      ) : null}
      <List
        teamId={team.id}
        canInstall={canInstall}
        onInstall={canInstall && !installing ? () => setInstall('') : null}
      />
    </>
  );
}
