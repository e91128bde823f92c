import { Anchor, Badge, Code, Stack, Table, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { api, unwrap } from '../../api/client';
import { useTeamId } from '../../session';
import { EmptyState, ErrorNotice, Loading } from '../../ui/feedback';
import { when } from '../../ui/format';
import { Pager } from '../../ui/Pager';
import { LOG_PAGE, pageQuery, useMemberNames, type Installation } from './data';
import { FOLLOW_MS, ListControls } from './ListControls';

function useRequests(teamId: string, installationId: string, page: number, follow: boolean) {
  return useQuery({
    queryKey: ['team', teamId, 'requests', installationId, page],
    queryFn: () =>
      unwrap(
        api.GET('/api/teams/{teamId}/mcp/installations/{installationId}/requests', {
          params: { path: { teamId, installationId }, query: pageQuery(page) },
        }),
      ),
    placeholderData: keepPreviousData,
    refetchInterval: follow ? FOLLOW_MS : false,
  });
}

type RequestLog = NonNullable<ReturnType<typeof useRequests>['data']>['requests'][number];

/** The installation's tool requests, newest first, a page at a time. */
export function RequestLogs({ installation }: { installation: Installation }) {
  const teamId = useTeamId();
  const [page, setPage] = useState(1);
  const [follow, setFollow] = useState(false);
  const [result, setResult] = useState<string | null>(null);
  const list = useRequests(teamId, installation.id, page, follow);
  const shown = (list.data?.requests ?? []).filter(
    (r) => !result || (result === 'Succeeded') === r.success,
  );
  return (
    <Stack>
      <ListControls
        follow={follow}
        onFollow={(on) => {
          setFollow(on);
          if (on) setPage(1);
        }}
        filterLabel="Result (this page)"
        filter={result}
        onFilter={setResult}
        options={['Succeeded', 'Failed']}
      />
      {list.isPending ? <Loading what="requests" /> : null}
      <ErrorNotice error={list.error} />
      {list.data && list.data.requests.length === 0 ? (
        <NoRequests installation={installation} />
      ) : null}
      {list.data && list.data.requests.length > 0 && shown.length === 0 ? (
        <Text c="dimmed">No request on this page matches the filter.</Text>
      ) : null}
      {shown.length > 0 ? <RequestTable requests={shown} /> : null}
      {list.data ? (
        <Pager
          total={list.data.pagination.total}
          page={page}
          pageSize={LOG_PAGE}
          noun={['request', 'requests']}
          onChange={setPage}
          label="Request log pages"
        />
      ) : null}
    </Stack>
  );
}

function NoRequests({ installation }: { installation: Installation }) {
  if (!installation.settings.request_logging_enabled)
    return (
      <EmptyState title="Request logging is off">
        Turn on request logging in{' '}
        <Anchor component={Link} to={`/installations/${installation.id}`}>
          the installation’s settings
        </Anchor>{' '}
        to keep each tool call with its arguments and answer.
      </EmptyState>
    );
  return (
    <EmptyState title="No requests yet">
      Tool calls through this installation show here once a member’s MCP client makes one.
    </EmptyState>
  );
}

function RequestTable({ requests }: { requests: RequestLog[] }) {
  const name = useMemberNames(useTeamId());
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped aria-label="Request logs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Time</Table.Th>
            <Table.Th>Member</Table.Th>
            <Table.Th>Tool</Table.Th>
            <Table.Th>Duration</Table.Th>
            <Table.Th>Result</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {requests.map((r) => (
            <Table.Tr key={r.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{when(r.occurred_at)}</Table.Td>
              <Table.Td>{name(r.user_id)}</Table.Td>
              <Table.Td>
                <details>
                  <summary>
                    <Text span size="sm" ff="monospace">
                      {r.tool_name}
                    </Text>
                  </summary>
                  <Text size="xs" fw={600} mt="xs">
                    Arguments
                  </Text>
                  <Code block tabIndex={0}>
                    {JSON.stringify(r.request_params, null, 2)}
                  </Code>
                  <Text size="xs" fw={600} mt="xs">
                    Answer
                  </Text>
                  <Code block tabIndex={0}>
                    {JSON.stringify(r.tool_response, null, 2)}
                  </Code>
                </details>
              </Table.Td>
              <Table.Td>{Math.round(r.duration_ms)} ms</Table.Td>
              <Table.Td>
                <Badge variant="dot" color={r.success ? 'green' : 'red'}>
                  {r.success ? 'Succeeded' : 'Failed'}
                </Badge>
                {r.error_message ? <Text size="xs">{r.error_message}</Text> : null}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
