import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/**
 * Where a stream stands: the timestamp and id of the newest item it has sent. `at` is the
 * database's own text of the timestamp, with all six fractional digits: a JavaScript Date keeps
 * only milliseconds, and a cursor rounded down would send the same item again.
 */
export interface Cursor {
  at: string;
  id: string;
}

/** A timestamp column as cursor text (UTC, microseconds), read beside the row it belongs to. */
export function cursorText(column: SQLWrapper): SQL<string> {
  return sql<string>`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

/**
 * Rows strictly after the cursor in (timestamp, id) order. Comparing the pair as one tuple keeps
 * rows that share a timestamp from being lost or repeated, and a (…, timestamp, id) index serves it.
 */
export function afterCursor(at: SQLWrapper, id: SQLWrapper, cursor: Cursor): SQL {
  return sql`(${at}, ${id}) > (${cursor.at}::timestamptz, ${cursor.id}::text)`;
}

/**
 * Rows that no open transaction can still precede. A row's created_at is its transaction's start
 * time, but it becomes visible only at commit: a transaction that began before another and
 * commits after it would otherwise land behind a cursor that has already moved past it. So items
 * at or after the start of a transaction still open elsewhere wait for the next poll. Transactions
 * open for more than 10 seconds are not waited for, so a forgotten one cannot stall every stream.
 * (PGlite runs one transaction at a time, so there is nothing to wait for there.)
 *
 * Rows that one statement writes may lie a microsecond apart each after their transaction's
 * start, to keep their order (json-rows.ts `sequence`). Writing a row takes longer than a
 * microsecond, so that transaction commits after the last of those times, and any transaction
 * that starts after the commit starts later still: the rule above holds for them too.
 */
export function settled(at: SQLWrapper): SQL {
  return sql`${at} < coalesce(
    (SELECT min(xact_start) FROM pg_stat_activity
      WHERE datname = current_database() AND pid <> pg_backend_pid()
        AND xact_start > now() - interval '10 seconds'),
    'infinity'::timestamptz)`;
}
