import '@mantine/charts/styles.css';
import { Stack, Title } from '@mantine/core';
import { useQueries } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import { useTeamId } from '../../session';
import { ErrorNotice, Loading } from '../../ui/feedback';
import { useInstallations } from './data';
import { CountChart } from './CountChart';
import { MemberUsage } from './MemberUsage';
import { WithInstallation } from './WithInstallation';

/** Tool calls per server of the team, then per member and per tool of one server. */
export function Usage() {
  return (
    <Stack gap="xl">
      <PerServer />
      <WithInstallation>
        {(installation) => <MemberUsage installation={installation} />}
      </WithInstallation>
    </Stack>
  );
}

function PerServer() {
  const teamId = useTeamId();
  const list = useInstallations(teamId);
  const installations = list.data?.installations ?? [];
  // One row of each installation's usage is enough: its pagination has the total.
  const totals = useQueries({
    queries: installations.map((i) => ({
      queryKey: ['team', teamId, 'usage-total', i.id],
      queryFn: () =>
        unwrap(
          api.GET('/api/teams/{teamId}/mcp/installations/{installationId}/usage', {
            params: { path: { teamId, installationId: i.id }, query: { limit: '1' } },
          }),
        ),
      refetchInterval: 30_000,
    })),
  });
  const error = list.error ?? totals.find((t) => t.error)?.error;
  const rows = installations.map((i, n) => ({
    label: i.name,
    calls: totals[n]?.data?.pagination.total ?? 0,
  }));
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        Calls per server
      </Title>
      {list.isPending || totals.some((t) => t.isPending) ? <Loading what="usage" /> : null}
      <ErrorNotice error={error} />
      {list.data && !totals.some((t) => t.isPending) ? (
        <CountChart rows={rows} name="Calls per server" column="Server" />
      ) : null}
    </Stack>
  );
}
