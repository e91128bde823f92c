import { Anchor, Stack, Table, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { api, unwrap } from '../../api/client';
import { useSession } from '../../session';
import { EmptyState, ErrorNotice, Loading } from '../../ui/feedback';
import { ago, when } from '../../ui/format';
import { Pager } from '../../ui/Pager';
import { SatelliteStatus } from './parts';

const PAGE = 20;

export function useSatellites(page: number) {
  return useQuery({
    queryKey: ['satellites', page],
    queryFn: () =>
      unwrap(
        api.GET('/api/satellites', {
          params: { query: { limit: String(PAGE), offset: String((page - 1) * PAGE) } },
        }),
      ),
    placeholderData: keepPreviousData,
    refetchInterval: 15_000,
  });
}

/** Every satellite the member manages, with its health at a glance. */
export function SatelliteList() {
  const [page, setPage] = useState(1);
  const { me } = useSession();
  const list = useSatellites(page);
  const teamName = (id: string | null) => me.teams.find((t) => t.id === id)?.name ?? id ?? '';
  return (
    <Stack gap="sm" mb="xl">
      <Title order={2} size="h3">
        Paired satellites
      </Title>
      {list.isPending ? <Loading what="satellites" /> : null}
      <ErrorNotice error={list.error} />
      {list.data ? <SatelliteTable data={list.data} teamName={teamName} /> : null}
      {list.data ? (
        <Pager
          total={list.data.pagination.total}
          page={page}
          pageSize={PAGE}
          noun={['satellite', 'satellites']}
          onChange={setPage}
          label="Pages of satellites"
        />
      ) : null}
    </Stack>
  );
}

type SatellitePage = NonNullable<ReturnType<typeof useSatellites>['data']>;

function SatelliteTable({
  data,
  teamName,
}: {
  data: SatellitePage;
  teamName: (id: string | null) => string;
}) {
  const { satellites } = data;
  if (satellites.length === 0)
    return (
      <EmptyState title="No satellites yet">
        Pair one with “Pair a satellite”: you get a one-time token and the command to run.
      </EmptyState>
    );
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped highlightOnHover aria-label="Satellites">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Scope</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Last heartbeat</Table.Th>
            <Table.Th>Version</Table.Th>
            <Table.Th>URL</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {satellites.map((s) => (
            <Table.Tr key={s.id}>
              <Table.Td>
                <Anchor component={Link} to={`/satellites/${s.id}`}>
                  {s.name}
                </Anchor>
              </Table.Td>
              <Table.Td>{s.type === 'global' ? 'Global' : `Team ${teamName(s.team_id)}`}</Table.Td>
              <Table.Td>
                <SatelliteStatus status={s.status} disabled={s.disabled} />
              </Table.Td>
              <Table.Td title={when(s.last_heartbeat_at)}>{ago(s.last_heartbeat_at)}</Table.Td>
              <Table.Td>{s.version ?? '—'}</Table.Td>
              <Table.Td>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {s.satellite_url ?? '—'}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
