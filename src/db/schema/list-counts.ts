import { bigint, index, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * How many rows some lists hold, so a page's `pagination.total` need not count a large history.
 * Rows are deltas: triggers on the listed tables (migrations/0015_list_counts.sql) append one row
 * per list and scope each statement touched, and a list's total is the sum of its rows. Appending
 * instead of updating one row per scope means concurrent event batches for one account never
 * wait on, or deadlock over, a shared counter; compaction (src/db/list-counts.ts) folds a scope's
 * rows into one. There is no primary key: a scope has several rows between compactions.
 */
export const listCounts = pgTable(
  'list_counts',
  {
    /** Which list: see CountedList in src/db/list-counts.ts. */
    list: text().notNull(),
    /** The list's owner: an account, an installation or a team id. */
    scopeId: text().notNull(),
    n: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [index('list_counts_scope_idx').on(t.list, t.scopeId)],
);
