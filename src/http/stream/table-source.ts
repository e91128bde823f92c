import { and, asc, desc, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { countWhere } from '../pagination.js';
import { afterCursor, cursorText, settled } from './cursor.js';
import type { Positioned, StreamSource } from './source.js';

/** A table whose rows stream in (created_at, id) order. */
type TimelineTable = PgTable & { createdAt: PgColumn; id: PgColumn };

/**
 * The stream source of one table: the REST page, the snapshot, the polls and the cursor lookup
 * all read the same rows through `scope` (the caller's reach and the query's filters), ordered by
 * (created_at, id), which an index ending in those two columns serves.
 */
export function createTableSource<F, Row extends Record<string, unknown>, T extends { id: string }>(
  db: Executor,
  options: {
    table: TimelineTable;
    scope: (filters: F) => SQL[];
    view: (row: Row) => T;
    /** The list's total kept elsewhere (src/db/list-counts.ts); null: count the rows. */
    total?: (filters: F) => Promise<number> | null;
  },
): StreamSource<F, T> {
  const t = options.table;
  const matching = (f: F, ...extra: SQL[]) => and(...options.scope(f), ...extra);

  async function read(
    where: SQL | undefined,
    order: 'newest' | 'oldest',
    limit: number,
    offset = 0,
  ) {
    const direction = order === 'newest' ? desc : asc;
    const rows = (await db
      .select({ ...getTableColumns(t), cursorAt: cursorText(t.createdAt) })
      .from(t)
      .where(where)
      .orderBy(direction(t.createdAt), direction(t.id))
      .limit(limit)
      .offset(offset)) as unknown as Array<Row & { cursorAt: string; id: string }>;
    return rows.map((row): Positioned<T> => ({
      item: options.view(row),
      cursor: { at: row.cursorAt, id: row.id },
    }));
  }

  return {
    async list(f, page) {
      const [items, total] = await Promise.all([
        read(matching(f), 'newest', page.limit, page.offset),
        options.total?.(f) ?? countWhere(db, t, matching(f)),
      ]);
      return { items: items.map((p) => p.item), total };
    },
    // The stream's reads leave out what a still-open transaction may yet precede (see settled).
    newest: (f, limit) => read(matching(f, settled(t.createdAt)), 'newest', limit),
    after: (f, cursor, limit) =>
      read(
        matching(
          f,
          settled(t.createdAt),
          ...(cursor ? [afterCursor(t.createdAt, t.id, cursor)] : []),
        ),
        'oldest',
        limit,
      ),
    async findCursor(f, id) {
      const [row] = await db
        .select({ at: cursorText(t.createdAt), id: t.id })
        .from(t)
        .where(matching(f, eq(t.id, id)))
        .limit(1);
      return (row as { at: string; id: string } | undefined) ?? null;
    },
  };
}

/** Rows created at or after an ISO 8601 time, compared in SQL so no precision is lost. */
export const createdSince = (column: PgColumn, since: string | null): SQL[] =>
  since ? [sql`${column} >= ${since}::timestamptz`] : [];
