import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { jsonInsert, type NamedWrite } from '../../../db/json-rows.js';
import { mcpServerLogs } from '../../../db/schema/index.js';
import { newOrderedId } from '../../../lib/ids.js';

/** Server log lines kept per installation; the newest win. */
export const LOG_LINES_KEPT = 100;

type Line = Record<string, unknown>;

/**
 * A server log line as a handler plans it. Its `position` among the installation's lines is set
 * by logLineWrites once the batch's lines are counted; the field is there from the start so that
 * every line has one shape.
 */
export function logLine(
  satellite: { satelliteId: string },
  installation: { id: string; teamId: string },
  line: { level: string; message: string; loggedAt: Date },
) {
  return {
    id: newOrderedId('log'),
    satelliteId: satellite.satelliteId,
    installationId: installation.id,
    teamId: installation.teamId,
    level: line.level,
    message: line.message,
    loggedAt: line.loggedAt,
    position: 0,
  };
}

/**
 * Server log lines are numbered per installation by a counter row, and the writes that number,
 * store and trim them are one set of WITH queries, part of the batch's statement:
 * - `log_counters` advances each installation's counter by its new lines and returns the total
 *   (the upsert locks the row until commit, so concurrent batches number in turn);
 * - the lines are stored with positions counted back from that total; lines that would fall
 *   out at once (more than 100 in one batch) are not written at all;
 * - the lines that fell out of the newest 100 are a known, narrow range of numbers, so the trim
 *   touches only them, never the dead rows that earlier trims left in the index.
 * The trim reads the statement's snapshot: lines that a concurrent batch for the same
 * installation committed while this one waited for the counter are left for the periodic sweep
 * (trimAllLogs), so an installation may briefly keep a few more than 100.
 */
export function logLineWrites(lines: Map<string, Line[]>): NamedWrite[] {
  if (lines.size === 0) return [];
  const added = sql.join(
    [...lines].map(([id, rows]) => sql`(${id}::text, ${rows.length}::bigint)`),
    sql`, `,
  );
  const kept: Line[] = [];
  for (const rows of lines.values()) {
    // Each kept line's position relative to the installation's new total (0 for the last), set
    // on the planned row itself: the rows are this batch's own, and copying each showed in
    // profiles. A batch applied again (event by event) sets them afresh.
    rows.forEach((row, i) => {
      if (i < rows.length - LOG_LINES_KEPT) return;
      row.position = i - rows.length + 1;
      kept.push(row);
    });
  }
  return [
    {
      name: 'log_counters',
      statement: sql`
        INSERT INTO mcp_server_log_counters (installation_id, written) VALUES ${added}
        ON CONFLICT (installation_id)
        DO UPDATE SET written = mcp_server_log_counters.written + excluded.written
        RETURNING installation_id, written`,
    },
    {
      name: 'log_lines',
      statement: jsonInsert(mcpServerLogs, kept, {
        computed: { position: sql`c.written + r.position` },
        from: sql`JOIN log_counters c ON c.installation_id = r.installation_id`,
      }),
    },
    {
      // Lines numbered below the batch's first (written - n + 1) less 100 fell out earlier.
      name: 'log_trim',
      statement: sql`
        DELETE FROM mcp_server_logs d
        USING log_counters c JOIN (VALUES ${added}) AS v(installation_id, n)
          ON v.installation_id = c.installation_id
        WHERE d.installation_id = c.installation_id
          AND d.position BETWEEN greatest(1, c.written - v.n + 1 - ${LOG_LINES_KEPT}::bigint)
            AND c.written - ${LOG_LINES_KEPT}::bigint`,
    },
  ];
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
