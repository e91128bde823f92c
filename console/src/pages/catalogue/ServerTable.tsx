import { ScrollTable } from '../../ui/ScrollTable';
import { Anchor, Badge, Stack, Table, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ErrorNotice, EmptyState, Loading } from '../../ui/feedback';
import { fetchServers, keys, PAGE_SIZE, type Category, type ListFilters, type Server } from './api';
import { InstallLink } from './InstallLink';
import { Pager } from '../../ui/Pager';
import { ServerBadges } from './ServerBadges';

function Row({ server, category }: { server: Server; category: string | undefined }) {
  return (
    <Table.Tr>
      <Table.Td>
        <Stack gap={2}>
          <Anchor component={Link} to={`/catalogue/${server.id}`} fw={600}>
            {server.name}
          </Anchor>
          <ServerBadges server={server} />
        </Stack>
      </Table.Td>
      <Table.Td>
        <Text size="sm" lineClamp={2}>
          {server.description ?? '—'}
        </Text>
      </Table.Td>
      <Table.Td>{category ?? '—'}</Table.Td>
      <Table.Td>
        <Badge variant="light" color="gray">
          {server.transport}
        </Badge>
      </Table.Td>
      <Table.Td>
        <InstallLink server={server} />
      </Table.Td>
    </Table.Tr>
  );
}

function Empty({ filters }: { filters: ListFilters }) {
  if (filters.q || filters.categoryId || filters.transport) {
    return (
      <EmptyState title="No server matches">
        Try other words, or clear the category and transport filters.
      </EmptyState>
    );
  }
  return (
    <EmptyState title="The catalogue is empty">
      An administrator adds servers by hand, loads the starter catalogue or syncs from an MCP
      registry (Registry & sync).
    </EmptyState>
  );
}

/** One page of servers, as the API ranks (search) or sorts (by name) them. */
export function ServerTable({
  filters,
  categories,
  onPage,
}: {
  filters: ListFilters;
  categories: Category[];
  onPage: (page: number) => void;
}) {
  const list = useQuery({
    queryKey: keys.list(filters),
    queryFn: () => fetchServers(filters),
    placeholderData: keepPreviousData,
  });
  if (list.error) return <ErrorNotice error={list.error} title="Could not load the catalogue" />;
  if (!list.data) return <Loading what="the catalogue" />;
  const names = new Map(categories.map((c) => [c.id, c.name]));
  const { servers, pagination } = list.data;
  if (servers.length === 0 && pagination.total === 0) return <Empty filters={filters} />;
  const label = filters.q ? `Servers matching “${filters.q}”` : 'Servers';
  return (
    <div aria-busy={list.isFetching}>
      <ScrollTable minWidth={720} label={label}>
        <Table striped highlightOnHover verticalSpacing="sm" aria-label={label}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Description</Table.Th>
              <Table.Th>Category</Table.Th>
              <Table.Th>Transport</Table.Th>
              <Table.Th>Actions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {servers.map((s) => (
              <Row
                key={s.id}
                server={s}
                category={s.category_id ? names.get(s.category_id) : undefined}
              />
            ))}
          </Table.Tbody>
        </Table>
      </ScrollTable>
      <Pager
        label="Catalogue pages"
        page={filters.page}
        pageSize={PAGE_SIZE}
        total={pagination.total}
        noun={['server', 'servers']}
        onChange={onPage}
      />
    </div>
  );
}
