import type { Logger } from 'pino';
import type { Database } from './client.js';

/**
 * A table is analysed again once its row count has moved by this share (and `ANALYZE_MIN_ROWS`)
 * since its last analysis: PostgreSQL's own autovacuum defaults (10 % and 50 rows).
 */
const ANALYZE_SHARE = 0.1;
const ANALYZE_MIN_ROWS = 50;
/**
 * A table's turn longer than this is logged (at info): requests wait while it holds the single
 * connection. The time includes any wait for a transaction under way.
 */
const SLOW_VACUUM_MS = 1000;

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * The autovacuum PGlite does not have. PGlite runs PostgreSQL in single-user mode, where neither
 * autovacuum nor the statistics it works from exist: space of deleted and updated rows is never
 * marked reusable, so a table that churns (sessions, heartbeats, events, notifications) grows for
 * ever, and the planner never learns how large the tables are.
 *
 * Each tick vacuums one table, in turn, so that the single connection pauses for one table's
 * work at a time, never the database's: about 1 ms for a table that did not change since its last
 * turn (the visibility map lets VACUUM skip its pages), tens of ms for a large one that did. A
 * table is also analysed when its row count moved enough since its last analysis. PostgreSQL
 * servers keep their own autovacuum; this runs on PGlite only (jobs/maintenance.ts).
 */
export function createEmbeddedVacuum(
  db: Database,
  logger: Logger,
  { slowMs = SLOW_VACUUM_MS }: { slowMs?: number } = {},
) {
  let queue: Array<{ schema: string; name: string }> = [];
  /** Row counts at each table's last ANALYZE here, by quoted name. */
  const analysedAt = new Map<string, number>();

  async function tables(): Promise<Array<{ schema: string; name: string }>> {
    return db.query<{ schema: string; name: string }>(
      `SELECT schemaname AS schema, tablename AS name FROM pg_tables
       WHERE schemaname NOT IN ('pg_catalog', 'information_schema') ORDER BY 1, 2`,
    );
  }

  async function vacuum(table: { schema: string; name: string }) {
    const quoted = `${quoteIdent(table.schema)}.${quoteIdent(table.name)}`;
    await db.query(`VACUUM ${quoted}`);
    // VACUUM leaves its estimate of the table's rows in pg_class (-1 before any VACUUM or
    // ANALYZE): that says whether to analyse.
    const [row] = await db.query<{ reltuples: number }>(
      `SELECT c.reltuples::float8 AS reltuples
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname = $1 AND c.relname = $2`,
      [table.schema, table.name],
    );
    if (!row) return; // dropped meanwhile (a plugin's table)
    const rows = Math.max(0, Number(row.reltuples));
    const before = analysedAt.get(quoted);
    if (
      before === undefined ||
      Math.abs(rows - before) > ANALYZE_MIN_ROWS + ANALYZE_SHARE * before
    ) {
      await db.query(`ANALYZE ${quoted}`);
      analysedAt.set(quoted, rows);
    }
  }

  return {
    /** Vacuums the next table in turn; a new round lists the tables again (plugins add some). */
    async tick(): Promise<void> {
      try {
        if (queue.length === 0) queue = await tables();
        const next = queue.shift();
        if (!next) return;
        const started = performance.now();
        await vacuum(next);
        const ms = Math.round(performance.now() - started);
        if (ms >= slowMs)
          logger.info({ table: `${next.schema}.${next.name}`, ms }, 'a table’s vacuum took long');
      } catch (error) {
        logger.warn({ err: error }, 'vacuuming the embedded database failed');
      }
    },
  };
}
