import { and, asc, eq, gt, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { auditEntries } from '../../db/schema/index.js';
import type { StreamSource } from '../../http/stream/source.js';
import { createdSince, createTableSource } from '../../http/stream/table-source.js';
import type { AuditEntryView } from './schemas.js';
import type { AuditSealer } from './sealer.js';

export interface AuditFilters {
  /** The caller's reach: one team, or null for the whole log (global admins). */
  teamId: string | null;
  actorType: string | null;
  actorId: string | null;
  action: string | null;
  targetType: string | null;
  targetId: string | null;
  /** ISO 8601 texts, compared in SQL. */
  since: string | null;
  until: string | null;
}

const t = auditEntries;
type AuditRow = typeof t.$inferSelect;

export function auditEntryView(row: AuditRow): AuditEntryView {
  return {
    id: row.id,
    seq: row.seq,
    created_at: row.createdAt.toISOString(),
    actor_type: row.actorType as AuditEntryView['actor_type'],
    actor_id: row.actorId,
    team_id: row.teamId,
    action: row.action,
    target_type: row.targetType,
    target_id: row.targetId,
    outcome: row.outcome as AuditEntryView['outcome'],
    client_address: row.clientAddress,
    user_agent: row.userAgent,
    request_id: row.requestId,
    details: row.details,
    prev_hash: row.prevHash,
    hash: row.hash,
  };
}

function scope(f: AuditFilters): SQL[] {
  const equal = (column: PgColumn, value: string | null) =>
    value === null ? [] : [eq(column, value)];
  return [
    ...equal(t.teamId, f.teamId),
    ...equal(t.actorType, f.actorType),
    ...equal(t.actorId, f.actorId),
    ...equal(t.action, f.action),
    ...equal(t.targetType, f.targetType),
    ...equal(t.targetId, f.targetId),
    ...createdSince(t.createdAt, f.since),
    ...(f.until ? [sql`${t.createdAt} < ${f.until}::timestamptz`] : []),
  ];
}

/**
 * Audit entries in (created_at, id) order; the time and team_time indexes serve it. Every read
 * seals what is waiting first, so entries committed before it show their place in the chain; one
 * that commits during the read shows it from the next.
 */
export function createAuditSource(
  db: Executor,
  sealer: AuditSealer,
): StreamSource<AuditFilters, AuditEntryView> {
  const table = createTableSource(db, { table: t, scope, view: auditEntryView });
  const sealedFirst =
    <A extends unknown[], R>(read: (...args: A) => Promise<R>) =>
    async (...args: A) => {
      await sealer.seal();
      return read(...args);
    };
  return {
    list: sealedFirst(table.list),
    newest: sealedFirst(table.newest),
    after: sealedFirst(table.after),
    findCursor: table.findCursor,
  };
}

/**
 * Every sealed entry matching the filters in chain order, page by page, for the JSON Lines
 * export; the caller seals first.
 */
export async function* exportEntries(db: Executor, f: AuditFilters, pageSize = 500) {
  let after = 0;
  for (;;) {
    const rows = await db
      .select()
      .from(t)
      .where(and(...scope(f), gt(t.seq, after)))
      .orderBy(asc(t.seq))
      .limit(pageSize);
    for (const row of rows) yield auditEntryView(row);
    const last = rows.at(-1);
    if (!last || rows.length < pageSize) return;
    after = last.seq;
  }
}
