import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ListTable, Listed } from '../../ui/ListTable';
import { Pager } from '../../ui/Pager';
import { PAGE_SIZE } from './api';

interface TeamsPage<T> {
  teams: T[];
  pagination: { total: number };
}

/** A list of teams a page at a time: the table, a row per team, and the pages under it. */
export function PagedTeams<T extends { id: string }>({
  queryKey,
  fetch,
  label,
  empty,
  columns,
  row,
}: {
  queryKey: string[];
  fetch: (page: number) => Promise<TeamsPage<T>>;
  /** The table's name, as in "Your teams"; the pages are "Pages of your teams". */
  label: string;
  empty: ReactNode;
  columns: string[];
  row: (team: T) => ReactNode;
}) {
  const [page, setPage] = useState(1);
  const teams = useQuery({
    queryKey: [...queryKey, page],
    queryFn: () => fetch(page),
    placeholderData: keepPreviousData,
  });
  const name = label.toLowerCase();
  return (
    <Listed query={teams} what={name} isEmpty={(list) => list.teams.length === 0} empty={empty}>
      {(list) => (
        <>
          <ListTable label={label} minWidth={560} columns={columns}>
            {list.teams.map(row)}
          </ListTable>
          <Pager
            label={`Pages of ${name}`}
            page={page}
            pageSize={PAGE_SIZE}
            total={list.pagination.total}
            noun={['team', 'teams']}
            onChange={setPage}
          />
        </>
      )}
    </Listed>
  );
}
