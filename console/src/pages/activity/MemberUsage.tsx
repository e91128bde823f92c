import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import { useTeamId } from '../../session';
import { ErrorNotice, Loading } from '../../ui/feedback';
import { CountChart, type CountRow } from './CountChart';
import { useMemberNames, type Installation } from './data';

/** How many of the newest calls are summed up here: five pages of the API's largest. */
const SAMPLE_PAGES = 5;

async function latestUsage(teamId: string, installationId: string) {
  const calls = [];
  let total = 0;
  for (let page = 0; page < SAMPLE_PAGES; page += 1) {
    const data = await unwrap(
      api.GET('/api/teams/{teamId}/mcp/installations/{installationId}/usage', {
        params: {
          path: { teamId, installationId },
          query: { limit: '100', offset: String(page * 100) },
        },
      }),
    );
    calls.push(...data.usage);
    total = data.pagination.total;
    if (!data.pagination.has_more) break;
  }
  return { calls, total };
}

type Call = Awaited<ReturnType<typeof latestUsage>>['calls'][number];

function countBy(calls: Call[], key: (c: Call) => string): CountRow[] {
  const rows = new Map<string, CountRow>();
  for (const call of calls) {
    const label = key(call);
    const row = rows.get(label) ?? { label, calls: 0, failed: 0 };
    row.calls += 1;
    if (!call.success) row.failed = (row.failed ?? 0) + 1;
    rows.set(label, row);
  }
  return [...rows.values()].sort((a, b) => b.calls - a.calls);
}

/** One installation's recent calls by member and by tool. */
export function MemberUsage({ installation }: { installation: Installation }) {
  const teamId = useTeamId();
  const name = useMemberNames(teamId);
  const usage = useQuery({
    queryKey: ['team', teamId, 'usage', installation.id],
    queryFn: () => latestUsage(teamId, installation.id),
    refetchInterval: 10_000,
  });
  if (usage.isPending) return <Loading what="usage" />;
  if (usage.error) return <ErrorNotice error={usage.error} />;
  const { calls, total } = usage.data;
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {calls.length < total
          ? `From the latest ${calls.length} of ${total} calls.`
          : `${total} calls in all.`}
      </Text>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
        <Stack gap="sm">
          <Title order={2} size="h3">
            Calls per member
          </Title>
          <CountChart
            rows={countBy(calls, (c) => name(c.user_id))}
            name="Calls per member"
            column="Member"
          />
        </Stack>
        <Stack gap="sm">
          <Title order={2} size="h3">
            Calls per tool
          </Title>
          <CountChart
            rows={countBy(calls, (c) => c.tool_name)}
            name="Calls per tool"
            column="Tool"
          />
        </Stack>
      </SimpleGrid>
    </Stack>
  );
}
