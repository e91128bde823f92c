import { Table, VisuallyHidden } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorNotice, Loading } from './feedback';
import { ScrollTable } from './ScrollTable';

/**
 * What a fetched list shows: that it loads, why it failed, `empty` when `isEmpty` says there is
 * nothing to list, and otherwise what `children` makes of the answer.
 */
export function Listed<T>({
  query,
  what,
  isEmpty,
  empty,
  children,
}: {
  query: UseQueryResult<T>;
  /** What is loading, as in "Loading connected apps…". */
  what: string;
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Loading what={what} />;
  if (query.error) return <ErrorNotice error={query.error} />;
  if (isEmpty?.(query.data)) return empty;
  return children(query.data);
}

/**
 * A list's table: one heading per column (an empty one names the actions column for screen
 * readers only) and the rows; it scrolls sideways on a narrow screen.
 */
export function ListTable({
  label,
  minWidth,
  columns,
  children,
}: {
  label: string;
  minWidth: number;
  columns: string[];
  children: ReactNode;
}) {
  return (
    <ScrollTable label={label} minWidth={minWidth}>
      <Table aria-label={label} verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            {columns.map((column, i) => (
              <Table.Th key={i}>{column || <VisuallyHidden>Actions</VisuallyHidden>}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
