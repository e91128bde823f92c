import { Group, Pagination, Text } from '@mantine/core';
import { PAGE_SIZE } from './api';

/** Pages through a list the API paginates, and says how many items there are in all. */
export function Pager({
  label,
  page,
  total,
  noun,
  onChange,
}: {
  label: string;
  page: number;
  total: number;
  noun: [string, string];
  onChange: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  return (
    <Group justify="space-between" wrap="wrap" gap="sm" mt="sm">
      <Text size="sm" c="dimmed">
        {total.toLocaleString()} {total === 1 ? noun[0] : noun[1]}
      </Text>
      {pages > 1 ? (
        <nav aria-label={label}>
          <Pagination
            total={pages}
            value={Math.min(page, pages)}
            onChange={onChange}
            getItemProps={(n) => ({ 'aria-label': `Page ${n}` })}
            getControlProps={(control) => ({
              'aria-label': {
                first: 'First page',
                previous: 'Previous page',
                next: 'Next page',
                last: 'Last page',
              }[control],
            })}
          />
        </nav>
      ) : null}
    </Group>
  );
}
