import { Group, Pagination, Stack, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { EmptyState, ErrorNotice, Loading } from '../../ui/feedback';
import { EntryTable } from './EntryTable';
import { hasFilters, type AuditFilters } from './filters';
import { fetchEntries, PAGE_SIZE, queryKeyOf, type Scope } from './scope';

/** The log a page at a time (the API's limit and offset), newest first. */
export function PagedEntries({
  scope,
  filters,
  page,
  onPage,
  onFilter,
}: {
  scope: Scope;
  filters: AuditFilters;
  page: number;
  onPage(page: number): void;
  onFilter(filters: AuditFilters): void;
}) {
  const entries = useQuery({
    queryKey: queryKeyOf(scope, 'entries', filters, page),
    queryFn: () => fetchEntries(scope, filters, page),
    placeholderData: keepPreviousData,
  });
  if (entries.isPending) return <Loading what="audit entries" />;
  if (entries.isError) return <ErrorNotice error={entries.error} title="Could not load the log" />;
  const { entries: rows, pagination } = entries.data;
  if (rows.length === 0) {
    return hasFilters(filters) ? (
      <EmptyState title="No entries match these filters">
        Widen the time range or clear a filter to see more of the log.
      </EmptyState>
    ) : (
      <EmptyState title="Nothing recorded yet">
        Entries appear here as people and services make changes: creating a team, changing a
        setting, installing a server.
      </EmptyState>
    );
  }
  const pages = Math.max(1, Math.ceil(pagination.total / PAGE_SIZE));
  const first = pagination.offset + 1;
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed" role="status">
        Entries {first}–{pagination.offset + rows.length} of {pagination.total}
      </Text>
      <EntryTable entries={rows} label="Audit entries" onFilter={onFilter} />
      {pages > 1 ? (
        <Group justify="center">
          <Pagination
            total={pages}
            value={page}
            onChange={onPage}
            getControlProps={(control) => ({ 'aria-label': `${control} page` })}
            getItemProps={(n) => ({ 'aria-label': `Page ${n}` })}
          />
        </Group>
      ) : null}
    </Stack>
  );
}
