import { Badge, Stack, Table, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api, unwrap } from '../../api/client';
import { useTeamId } from '../../session';
import { EmptyState, ErrorNotice, Loading } from '../../ui/feedback';
import { when } from '../../ui/format';
import { Pager } from '../../ui/Pager';
import { LOG_PAGE, pageQuery, type Installation } from './data';
import { FOLLOW_MS, ListControls } from './ListControls';

function useLogs(teamId: string, installationId: string, page: number, follow: boolean) {
  return useQuery({
    queryKey: ['team', teamId, 'server-logs', installationId, page],
    queryFn: () =>
      unwrap(
        api.GET('/api/teams/{teamId}/mcp/installations/{installationId}/logs', {
          params: { path: { teamId, installationId }, query: pageQuery(page) },
        }),
      ),
    placeholderData: keepPreviousData,
    refetchInterval: follow ? FOLLOW_MS : false,
  });
}

type LogLine = NonNullable<ReturnType<typeof useLogs>['data']>['logs'][number];

const LEVEL_COLOR: Record<string, string> = {
  error: 'red',
  warn: 'yellow',
  warning: 'yellow',
  info: 'blue',
  debug: 'gray',
};

/** What the installation's server processes wrote to stderr, newest first, a page at a time. */
export function ServerLogs({ installation }: { installation: Installation }) {
  const teamId = useTeamId();
  const [page, setPage] = useState(1);
  const [follow, setFollow] = useState(false);
  const [level, setLevel] = useState<string | null>(null);
  const list = useLogs(teamId, installation.id, page, follow);
  const lines = list.data?.logs ?? [];
  const shown = lines.filter((l) => !level || l.level === level);
  const levels = [...new Set(['error', 'warn', 'info', 'debug', ...lines.map((l) => l.level)])];
  return (
    <Stack>
      <ListControls
        follow={follow}
        onFollow={(on) => {
          setFollow(on);
          if (on) setPage(1);
        }}
        filterLabel="Level (this page)"
        filter={level}
        onFilter={setLevel}
        options={levels}
      />
      {list.isPending ? <Loading what="server logs" /> : null}
      <ErrorNotice error={list.error} />
      {list.data && lines.length === 0 ? (
        <EmptyState title="No log lines yet">
          Lines a server writes to its error output show here once one of its processes ran.
        </EmptyState>
      ) : null}
      {lines.length > 0 && shown.length === 0 ? (
        <Text c="dimmed">No line on this page has this level.</Text>
      ) : null}
      {shown.length > 0 ? <LogTable lines={shown} /> : null}
      {list.data ? (
        <Pager
          total={list.data.pagination.total}
          page={page}
          pageSize={LOG_PAGE}
          noun={['line', 'lines']}
          onChange={setPage}
          label="Server log pages"
        />
      ) : null}
    </Stack>
  );
}

function LogTable({ lines }: { lines: LogLine[] }) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped aria-label="Server logs" verticalSpacing={4}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Time</Table.Th>
            <Table.Th>Level</Table.Th>
            <Table.Th>Message</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((l) => (
            <Table.Tr key={l.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{when(l.logged_at)}</Table.Td>
              <Table.Td>
                <Badge variant="dot" color={LEVEL_COLOR[l.level] ?? 'gray'}>
                  {l.level}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Text
                  size="sm"
                  ff="monospace"
                  style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
                >
                  {l.message}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
