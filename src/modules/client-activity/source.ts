import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client.js';
import type { Page } from '../../http/pagination.js';
import { afterCursor, cursorText, settled, type Cursor } from '../../http/stream/cursor.js';
import type { Positioned, StreamSource } from '../../http/stream/source.js';
import type { ActivityView } from './schemas.js';

export interface ActivityFilters {
  /** The caller: only their own rows are ever read. */
  userId: string;
  teamId: string | null;
  installationId: string | null;
  /** ISO 8601 text, compared in SQL so no precision is lost. */
  since: string | null;
}

/** The two tables satellite events write per tool call, and the kind each one's rows are. */
const TABLES = [
  { name: 'satellite_usage_logs', kind: 'tool_execution' },
  { name: 'mcp_request_logs', kind: 'request' },
] as const;

const createdAt = sql.raw('created_at');
const id = sql.raw('id');

interface ActivityRow {
  id: string;
  kind: ActivityView['kind'];
  team_id: string;
  installation_id: string;
  tool_name: string;
  duration_ms: number | string;
  success: boolean;
  error_message: string | null;
  occurred_at: Date | string;
  created_at: Date | string;
  cursor_at: string;
}

const iso = (value: Date | string) => new Date(value).toISOString();

function activityView(row: ActivityRow): Positioned<ActivityView> {
  return {
    item: {
      id: row.id,
      kind: row.kind,
      team_id: row.team_id,
      installation_id: row.installation_id,
      tool_name: row.tool_name,
      duration_ms: Number(row.duration_ms),
      success: row.success,
      error_message: row.error_message,
      occurred_at: iso(row.occurred_at),
      created_at: iso(row.created_at),
    },
    cursor: { at: row.cursor_at, id: row.id },
  };
}

function matching(f: ActivityFilters, ...extra: SQL[]): SQL {
  const conditions = [sql`user_id = ${f.userId}`];
  if (f.teamId) conditions.push(sql`team_id = ${f.teamId}`);
  if (f.installationId) conditions.push(sql`installation_id = ${f.installationId}`);
  if (f.since) conditions.push(sql`created_at >= ${f.since}::timestamptz`);
  conditions.push(...extra);
  return sql.join(conditions, sql` AND `);
}

type Order = 'newest' | 'oldest';
const orderBy = (order: Order) =>
  sql.raw(order === 'newest' ? 'created_at DESC, id DESC' : 'created_at ASC, id ASC');

/**
 * One table's matching rows in the given order, at most `limit`. Each branch sorts and limits on
 * its own (user_id, created_at, id) index, so the union merges two short lists, not two tables.
 */
function branch(table: (typeof TABLES)[number], where: SQL, order: Order, limit: number) {
  return sql`(SELECT id, ${sql.raw(`'${table.kind}'`)} AS kind, team_id, installation_id,
      tool_name, duration_ms, success, error_message, occurred_at, created_at,
      ${cursorText(createdAt)} AS cursor_at
    FROM ${sql.raw(table.name)} WHERE ${where} ORDER BY ${orderBy(order)} LIMIT ${limit})`;
}

/** The caller's tool executions and request log entries as one list, in (created_at, id) order. */
export function createClientActivitySource(
  db: Executor,
): StreamSource<ActivityFilters, ActivityView> {
  async function read(where: SQL, order: Order, page: Page): Promise<Positioned<ActivityView>[]> {
    // Every branch must supply enough rows to fill the page after skipping `offset` of the union.
    const perTable = page.limit + page.offset;
    const union = sql.join(
      TABLES.map((table) => branch(table, where, order, perTable)),
      sql` UNION ALL `,
    );
    const result = await db.execute(
      sql`SELECT * FROM (${union}) AS activity
        ORDER BY ${orderBy(order)} LIMIT ${page.limit} OFFSET ${page.offset}`,
    );
    return rowsOf<ActivityRow>(result).map(activityView);
  }

  async function count(where: SQL): Promise<number> {
    const counts = sql.join(
      TABLES.map((table) => sql`(SELECT count(*) FROM ${sql.raw(table.name)} WHERE ${where})`),
      sql` + `,
    );
    const result = await db.execute(sql`SELECT (${counts})::int AS total`);
    return Number(rowsOf<{ total: number }>(result)[0]?.total ?? 0);
  }

  return {
    async list(f, page) {
      const where = matching(f);
      const [items, total] = await Promise.all([read(where, 'newest', page), count(where)]);
      return { items: items.map((p) => p.item), total };
    },
    // The stream's reads leave out what a still-open transaction may yet precede (see settled).
    newest: (f, limit) => read(matching(f, settled(createdAt)), 'newest', { limit, offset: 0 }),
    after: (f, cursor, limit) =>
      read(
        matching(f, settled(createdAt), ...(cursor ? [afterCursor(createdAt, id, cursor)] : [])),
        'oldest',
        { limit, offset: 0 },
      ),
    async findCursor(f, itemId): Promise<Cursor | null> {
      const where = matching(f, sql`id = ${itemId}`);
      const union = sql.join(
        TABLES.map(
          (table) =>
            sql`(SELECT ${cursorText(createdAt)} AS at, id FROM ${sql.raw(table.name)} WHERE ${where})`,
        ),
        sql` UNION ALL `,
      );
      const result = await db.execute(sql`SELECT at, id FROM (${union}) AS found LIMIT 1`);
      return rowsOf<Cursor>(result)[0] ?? null;
    },
  };
}
