import { Group, Pagination, Text } from '@mantine/core';

/** Pages through a long list the API paginates; says how many items there are in all. */
export function Pager({
  label,
  page,
  pageSize,
  total,
  noun,
  onChange,
}: {
  label: string;
  page: number;
  pageSize: number;
  total: number;
  noun: [string, string];
  onChange: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <Group justify="space-between" wrap="wrap" gap="sm" mt="md">
      <Text size="sm" c="dimmed" aria-live="polite">
        {total === 0
          ? `No ${noun[1]}`
          : `${first.toLocaleString()}–${last.toLocaleString()} of ${total.toLocaleString()} ${total === 1 ? noun[0] : noun[1]}`}
      </Text>
      {pages > 1 ? (
        <nav aria-label={label}>
          <Pagination
            total={pages}
            value={Math.min(page, pages)}
            onChange={onChange}
            siblings={1}
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
