import { Group, Pagination, Text } from '@mantine/core';

const CONTROL = {
  first: 'First page',
  previous: 'Previous page',
  next: 'Next page',
  last: 'Last page',
} as const;

/** Pages of an API list (`pagination` of the answer), with a count of what is in it. */
export function Pager({
  total,
  limit,
  page,
  onPage,
  noun,
}: {
  total: number;
  limit: number;
  page: number;
  onPage(page: number): void;
  noun: [string, string];
}) {
  const pages = Math.ceil(total / limit);
  return (
    <Group justify="space-between" mt="md">
      <Text size="sm" c="dimmed">
        {total} {total === 1 ? noun[0] : noun[1]}
      </Text>
      {pages > 1 ? (
        <Pagination
          total={pages}
          value={page}
          onChange={onPage}
          getControlProps={(control) => ({ 'aria-label': CONTROL[control] })}
          getItemProps={(p) => ({ 'aria-label': `Page ${p}` })}
        />
      ) : null}
    </Group>
  );
}
