import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { jsonInsert } from '../db/json-rows.js';
import { mcpServerLogs } from '../db/schema/index.js';

/** Server log lines kept per installation; the newest win. */
export const LOG_LINES_KEPT = 100;

type Line = Record<string, unknown>;

/**
 * Server log lines are numbered per installation by a counter row (advanced by the statement
 * from `advanceLogCounters`, and locked until commit, so concurrent batches number in turn).
 * The lines that fall out of the newest 100 are then a known, narrow range of numbers: the
 * delete touches only them, never the dead rows that earlier trims left in the index.
 */
export function advanceLogCounters(lines: Map<string, Line[]>): SQL | null {
  if (lines.size === 0) return null;
  const added = sql.join(
    [...lines].map(([id, rows]) => sql`(${id}::text, ${rows.length}::bigint)`),
    sql`, `,
  );
  return sql`
    INSERT INTO mcp_server_log_counters (installation_id, written) VALUES ${added}
    ON CONFLICT (installation_id)
    DO UPDATE SET written = mcp_server_log_counters.written + excluded.written
    RETURNING installation_id, written`;
}

/**
 * Given each installation's new line count, the statements that write the lines (those that
 * would fall out at once are not written at all) and delete the ones that fell out. They touch
 * different rows, so they can run as one statement.
 */
export function logLineWrites(
  lines: Map<string, Line[]>,
  totals: Array<{ installation_id: string; written: string | number }>,
): SQL[] {
  if (lines.size === 0) return [];
  const writtenBy = new Map(totals.map((t) => [t.installation_id, Number(t.written)]));
  const kept: Line[] = [];
  const fallen: SQL[] = [];
  for (const [installationId, rows] of lines) {
    const written = writtenBy.get(installationId)!;
    const first = written - rows.length + 1;
    rows.forEach((row, i) => {
      if (i >= rows.length - LOG_LINES_KEPT) kept.push({ ...row, position: first + i });
    });
    // Lines numbered below first - 100 fell out in earlier batches.
    const low = Math.max(1, first - LOG_LINES_KEPT);
    const high = written - LOG_LINES_KEPT;
    if (high >= low) fallen.push(sql`(${installationId}::text, ${low}::bigint, ${high}::bigint)`);
  }
  const writes = [jsonInsert(mcpServerLogs, kept)];
  if (fallen.length > 0)
    writes.push(sql`
      DELETE FROM mcp_server_logs d
      USING (VALUES ${sql.join(fallen, sql`, `)}) AS v(installation_id, low, high)
      WHERE d.installation_id = v.installation_id AND d.position BETWEEN v.low AND v.high`);
  return writes;
}

/** The periodic sweep behind the inline trim: at most 100 lines per installation, newest kept. */
export async function trimAllLogs(tx: Executor) {
  await tx.execute(sql`
    DELETE FROM mcp_server_logs l USING (
      SELECT seq FROM (
        SELECT seq, row_number() OVER (PARTITION BY installation_id ORDER BY seq DESC) AS position
        FROM mcp_server_logs
      ) ranked WHERE position > ${LOG_LINES_KEPT}
    ) old WHERE l.seq = old.seq`);
}
