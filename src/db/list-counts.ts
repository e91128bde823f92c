import { sql } from 'drizzle-orm';
import { rowsOf, type Executor } from './client.js';

/**
 * The lists whose totals triggers keep in `list_counts` (migrations/0015_list_counts.sql says
 * which rows each one counts). A page whose filters none of them describes counts its rows.
 */
export type CountedList =
  /** Per installation: its tool executions (usage rows, and request logs that count as usage). */
  | 'usage'
  /** Per installation: its request log entries. */
  | 'requests'
  /** Per account: the client-activity feed without filters. */
  | 'activity'
  /** Per team: its notifications. */
  | 'notifications'
  /** Per team: its notifications not yet read. */
  | 'unread';

/**
 * A scope read with more delta rows than this is compacted by that read, so the sum a page pays
 * for stays a few dozen index entries however fast batches arrive between compaction jobs.
 */
const COMPACT_ON_READ_AFTER = 64;

/** The exact number of rows in one list: the sum of its scope's deltas. */
export async function countedTotal(
  db: Executor,
  list: CountedList,
  scopeId: string,
): Promise<number> {
  const result = await db.execute(
    sql`SELECT coalesce(sum(n), 0)::text AS total, count(*)::int AS pieces
        FROM list_counts WHERE list = ${list} AND scope_id = ${scopeId}`,
  );
  const row = rowsOf<{ total: string; pieces: number }>(result)[0];
  if (row && row.pieces > COMPACT_ON_READ_AFTER) await compactScope(db, list, scopeId);
  return Number(row?.total ?? 0);
}

/**
 * Folds one scope's deltas into a single row (none when they sum to zero, as for a deleted
 * installation), in one statement, so a reader sees the deltas or their sum, never both or
 * neither. Deltas committed meanwhile are not in the statement's snapshot and stay. The advisory
 * lock lets one compaction of a scope run at a time; another one skips instead of waiting.
 */
async function compactScope(db: Executor, name: string, scopeId: string): Promise<void> {
  await db.execute(
    sql`WITH claimed AS (
          SELECT pg_try_advisory_xact_lock(hashtextextended(${`list_counts:${name}:${scopeId}`}, 0)) AS ok
        ), gone AS (
          DELETE FROM list_counts
          WHERE list = ${name} AND scope_id = ${scopeId} AND (SELECT ok FROM claimed)
          RETURNING n
        )
        INSERT INTO list_counts (list, scope_id, n)
        SELECT ${name}, ${scopeId}, total FROM (SELECT sum(n) AS total FROM gone) AS folded
        WHERE total <> 0`,
  );
}

/**
 * Compacts every scope with more than one delta row, at most `maxScopes` per call (the
 * `list-count-compaction` job), so `list_counts` stays about one row per scope. Returns how many
 * scopes it compacted.
 */
export async function compactListCounts(db: Executor, maxScopes = 1000): Promise<number> {
  const result = await db.execute(
    sql`SELECT list, scope_id FROM list_counts GROUP BY list, scope_id
        HAVING count(*) > 1 LIMIT ${maxScopes}`,
  );
  const scopes = rowsOf<{ list: string; scope_id: string }>(result);
  for (const scope of scopes) await compactScope(db, scope.list, scope.scope_id);
  return scopes.length;
}
