import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client.js';
import { countedTotal } from '../../db/list-counts.js';
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

// Per branch: the columns every item has, under one set of names, so the branches can be united.
const CALL_COLUMNS = sql.raw(`team_id, installation_id, tool_name, duration_ms, success,
  error_message, occurred_at, created_at, NULL::text AS satellite_id, NULL::text AS oauth_client_id,
  NULL::text AS client_name, NULL::text AS auth_type, NULL::text AS user_agent,
  NULL::text AS ip_address, NULL::text AS session_id, NULL::int AS request_count,
  NULL::int AS tool_call_count`);
const CLIENT_COLUMNS = sql.raw(`team_id, NULL::text AS installation_id, NULL::text AS tool_name,
  NULL::float8 AS duration_ms, NULL::boolean AS success, NULL::text AS error_message,
  last_activity_at AS occurred_at, created_at, satellite_id, oauth_client_id, client_name,
  auth_type, user_agent, ip_address, session_id, request_count, tool_call_count`);

/**
 * The tables satellite events write activity to, and the kind each one's rows are. A call of a
 * batched request log is listed once, as the request. (Usage rows derived from request logs,
 * request_log_id set, were written before migration 0028 folded them into the request logs;
 * the condition stays because the usage index is partial on it, so each branch still reads an
 * index in order.)
 */
const TABLES = [
  {
    name: 'satellite_usage_logs',
    kind: 'tool_execution',
    columns: CALL_COLUMNS,
    only: sql`request_log_id IS NULL`,
  },
  { name: 'mcp_request_logs', kind: 'request', columns: CALL_COLUMNS },
  { name: 'mcp_client_activity', kind: 'client', columns: CLIENT_COLUMNS, clientReports: true },
] as const;
type Table = (typeof TABLES)[number];

const createdAt = sql.raw('created_at');
const id = sql.raw('id');

interface ActivityRow {
  id: string;
  kind: ActivityView['kind'];
  team_id: string;
  installation_id: string | null;
  tool_name: string | null;
  duration_ms: number | string | null;
  success: boolean | null;
  error_message: string | null;
  occurred_at: Date | string;
  created_at: Date | string;
  satellite_id: string | null;
  oauth_client_id: string | null;
  client_name: string | null;
  auth_type: string | null;
  user_agent: string | null;
  ip_address: string | null;
  session_id: string | null;
  request_count: number | null;
  tool_call_count: number | null;
  cursor_at: string;
}

const iso = (value: Date | string) => new Date(value).toISOString();

function activityView(row: ActivityRow): Positioned<ActivityView> {
  const item: ActivityView = {
    id: row.id,
    kind: row.kind,
    team_id: row.team_id,
    installation_id: row.installation_id,
    tool_name: row.tool_name,
    duration_ms: row.duration_ms === null ? null : Number(row.duration_ms),
    success: row.success,
    error_message: row.error_message,
    occurred_at: iso(row.occurred_at),
    created_at: iso(row.created_at),
  };
  if (row.kind === 'client')
    item.client = {
      satellite_id: row.satellite_id!,
      oauth_client_id: row.oauth_client_id!,
      client_name: row.client_name!,
      auth_type: row.auth_type!,
      user_agent: row.user_agent,
      ip_address: row.ip_address,
      session_id: row.session_id,
      request_count: Number(row.request_count),
      tool_call_count: Number(row.tool_call_count),
    };
  return { item, cursor: { at: row.cursor_at, id: row.id } };
}

/** The filters as one table's conditions; a client report belongs to no installation. */
function matching(table: Table, f: ActivityFilters, ...extra: SQL[]): SQL {
  const conditions = [sql`user_id = ${f.userId}`];
  if ('only' in table) conditions.push(table.only);
  if (f.teamId) conditions.push(sql`team_id = ${f.teamId}`);
  if (f.installationId)
    conditions.push(
      'clientReports' in table ? sql`false` : sql`installation_id = ${f.installationId}`,
    );
  if (f.since) conditions.push(sql`created_at >= ${f.since}::timestamptz`);
  conditions.push(...extra);
  return sql.join(conditions, sql` AND `);
}

type Order = 'newest' | 'oldest';
const orderBy = (order: Order) =>
  sql.raw(order === 'newest' ? 'created_at DESC, id DESC' : 'created_at ASC, id ASC');

type Where = (table: Table) => SQL;

/**
 * One table's matching rows in the given order, at most `limit`. Each branch sorts and limits on
 * its own (user_id, created_at, id) index, so the union merges short lists, not tables.
 */
function branch(table: Table, where: Where, order: Order, limit: number) {
  return sql`(SELECT id, ${sql.raw(`'${table.kind}'`)} AS kind, ${table.columns},
      ${cursorText(createdAt)} AS cursor_at
    FROM ${sql.raw(table.name)} WHERE ${where(table)} ORDER BY ${orderBy(order)} LIMIT ${limit})`;
}

/** The caller's tool calls and client reports as one list, in (created_at, id) order. */
export function createClientActivitySource(
  db: Executor,
): StreamSource<ActivityFilters, ActivityView> {
  async function read(where: Where, order: Order, page: Page): Promise<Positioned<ActivityView>[]> {
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

  async function count(where: Where): Promise<number> {
    const counts = sql.join(
      TABLES.map(
        (table) => sql`(SELECT count(*) FROM ${sql.raw(table.name)} WHERE ${where(table)})`,
      ),
      sql` + `,
    );
    const result = await db.execute(sql`SELECT (${counts})::int AS total`);
    return Number(rowsOf<{ total: number }>(result)[0]?.total ?? 0);
  }

  const filtered =
    (f: ActivityFilters, ...extra: SQL[]): Where =>
    (table) =>
      matching(table, f, ...extra);

  return {
    async list(f, page) {
      const where = filtered(f);
      // The whole feed's total is kept as rows come and go; a filtered one is counted.
      const unfiltered = !f.teamId && !f.installationId && !f.since;
      const [items, total] = await Promise.all([
        read(where, 'newest', page),
        unfiltered ? countedTotal(db, 'activity', f.userId) : count(where),
      ]);
      return { items: items.map((p) => p.item), total };
    },
    // The stream's reads leave out what a still-open transaction may yet precede (see settled).
    newest: (f, limit) => read(filtered(f, settled(createdAt)), 'newest', { limit, offset: 0 }),
    after: (f, cursor, limit) =>
      read(
        filtered(f, settled(createdAt), ...(cursor ? [afterCursor(createdAt, id, cursor)] : [])),
        'oldest',
        { limit, offset: 0 },
      ),
    async findCursor(f, itemId): Promise<Cursor | null> {
      const where = filtered(f, sql`id = ${itemId}`);
      const union = sql.join(
        TABLES.map(
          (table) =>
            sql`(SELECT ${cursorText(createdAt)} AS at, id FROM ${sql.raw(table.name)} WHERE ${where(table)})`,
        ),
        sql` UNION ALL `,
      );
      const result = await db.execute(sql`SELECT at, id FROM (${union}) AS found LIMIT 1`);
      return rowsOf<Cursor>(result)[0] ?? null;
    },
  };
}
