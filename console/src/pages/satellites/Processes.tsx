import { Stack, Table, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api, unwrap } from '../../api/client';
import { EmptyState, ErrorNotice, Loading } from '../../ui/feedback';
import { ago, when } from '../../ui/format';
import { useInstallationName } from '../activity/data';
import { HealthBadge } from './parts';
import { Pager } from '../../ui/Pager';

const PAGE = 20;

/** The MCP server processes the satellite reported, refreshed every few seconds. */
export function Processes({ satelliteId }: { satelliteId: string }) {
  const [page, setPage] = useState(1);
  const installationName = useInstallationName();
  const list = useQuery({
    queryKey: ['satellite', satelliteId, 'processes', page],
    queryFn: () =>
      unwrap(
        api.GET('/api/satellites/{satelliteId}/processes', {
          params: {
            path: { satelliteId },
            query: { limit: String(PAGE), offset: String((page - 1) * PAGE) },
          },
        }),
      ),
    placeholderData: keepPreviousData,
    refetchInterval: 5000,
  });
  if (list.isPending) return <Loading what="processes" />;
  if (list.error) return <ErrorNotice error={list.error} />;
  const { processes, pagination } = list.data;
  if (processes.length === 0)
    return (
      <EmptyState title="No processes yet">
        A process starts when a member’s MCP client first uses a server this satellite runs.
      </EmptyState>
    );
  return (
    <Stack gap="sm">
      <Table.ScrollContainer minWidth={860}>
        <Table striped aria-label="Processes">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Process</Table.Th>
              <Table.Th>Installation</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>PID</Table.Th>
              <Table.Th>Transport</Table.Th>
              <Table.Th>Tools</Table.Th>
              <Table.Th>Crashes</Table.Th>
              <Table.Th>Started</Table.Th>
              <Table.Th>Updated</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {processes.map((p) => (
              <Table.Tr key={p.process_id}>
                <Table.Td>
                  <Text size="sm" ff="monospace">
                    {p.process_id}
                  </Text>
                </Table.Td>
                <Table.Td>{installationName(p.installation_id)}</Table.Td>
                <Table.Td>
                  <HealthBadge status={p.status} />
                  {p.error_details ? (
                    <Text size="xs" c="red">
                      {p.error_details}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td>{p.pid ?? '—'}</Table.Td>
                <Table.Td>{p.transport ?? '—'}</Table.Td>
                <Table.Td>{p.tool_count ?? '—'}</Table.Td>
                <Table.Td>{p.crash_count ?? 0}</Table.Td>
                <Table.Td title={when(p.started_at)}>{ago(p.started_at)}</Table.Td>
                <Table.Td title={when(p.updated_at)}>{ago(p.updated_at)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Pager
        total={pagination.total}
        page={page}
        pageSize={PAGE}
        noun={['process', 'processes']}
        onChange={setPage}
        label="Pages of processes"
      />
    </Stack>
  );
}
