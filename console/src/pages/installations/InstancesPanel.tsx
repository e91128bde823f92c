import { Stack, Table, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api, unwrap } from '../../api/client';
import { ErrorNotice, Loading } from '../../ui/feedback';
import { ago, when } from '../../ui/format';
import { keys, PAGE_SIZE } from './data';
import { Pager } from '../../ui/Pager';
import { StatusBadge } from './status';
import { ScrollTable } from '../../ui/ScrollTable';

/** Member names for user ids, when the reader may list the team's members (else the ids). */
function useMemberNames(teamId: string) {
  const members = useQuery({
    queryKey: ['team', teamId, 'members', 'all-names'],
    queryFn: async () => {
      const names = new Map<string, string>();
      for (let offset = 0; offset < 1000; offset += 100) {
        const page = await unwrap(
          api.GET('/api/teams/{teamId}/members', {
            params: { path: { teamId }, query: { limit: '100', offset: String(offset) } },
          }),
        );
        for (const m of page.members) names.set(m.user_id, m.display_name ?? m.username);
        if (!page.pagination.has_more) break;
      }
      return names;
    },
    retry: false,
  });
  return (id: string) => members.data?.get(id) ?? id;
}

/** Every member's instance of the installation and its status (administrators). */
export function InstancesPanel({
  teamId,
  installationId,
}: {
  teamId: string;
  installationId: string;
}) {
  const [page, setPage] = useState(1);
  const nameOf = useMemberNames(teamId);
  const instances = useQuery({
    queryKey: [...keys.installation(teamId, installationId), 'instances', page],
    queryFn: () =>
      unwrap(
        api.GET('/api/teams/{teamId}/mcp/installations/{installationId}/instances', {
          params: {
            path: { teamId, installationId },
            query: { limit: String(PAGE_SIZE), offset: String((page - 1) * PAGE_SIZE) },
          },
        }),
      ),
    placeholderData: keepPreviousData,
  });
  if (instances.isPending) return <Loading what="instances" />;
  if (instances.error)
    return <ErrorNotice error={instances.error} title="Could not list instances" />;
  const { pagination } = instances.data;
  return (
    <Stack gap="md">
      <Title order={2} size="h4">
        Instances
      </Title>
      <Text c="dimmed">One per team member, each with their own values and process.</Text>
      <ScrollTable label="Instances" minWidth={560}>
        <Table aria-label="Instances" verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Member</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Message</Table.Th>
              <Table.Th>Since</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {instances.data.instances.map((i) => (
              <Table.Tr key={i.id}>
                <Table.Td>{nameOf(i.user_id)}</Table.Td>
                <Table.Td>
                  <StatusBadge status={i.status} />
                </Table.Td>
                <Table.Td>{i.status_message ?? '—'}</Table.Td>
                <Table.Td title={when(i.status_updated_at)}>{ago(i.status_updated_at)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollTable>
      <Pager
        total={pagination.total}
        pageSize={pagination.limit}
        page={page}
        onChange={setPage}
        label="Pages of instances"
        noun={['instance', 'instances']}
      />
    </Stack>
  );
}
