import { getTableColumns, getTableName, SQL, StringChunk } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import { isoTime } from '../../lib/iso-time.js';
import type { Executor } from '../../db/client.js';
import { auditPending } from '../../db/schema/index.js';
import { newOrderedId } from '../../lib/ids.js';
import type { AuditAction, AuditOutcome } from './actions.js';
import { actorOf, originOf, type AuditActor, type AuditRequest } from './context.js';

export interface AuditEntryInput {
  action: AuditAction;
  /** Default success. */
  outcome?: AuditOutcome;
  /** Default: the caller of the current request, or the system outside requests. */
  actor?: AuditActor;
  teamId?: string | null;
  target?: { type: string; id: string | null };
  /** Facts such as changed field names; never secrets or configuration values. */
  details?: Record<string, unknown>;
  /** The request this change is made for, or null for the service's own work (context.ts). */
  request: AuditRequest;
  /** Default: now by the application's clock during a request; pass it outside requests. */
  at?: Date;
}

/**
 * The INSERT of an entry, for a caller that writes it together with other rows in one statement
 * (db/json-rows.ts `together`); null when nothing is recorded (see audit()).
 */
export function auditInsert(entry: AuditEntryInput): SQL | null {
  const { request } = entry;
  const settings = request?.server.auditSettings;
  // Only an app built for the audit benchmark serves requests that record nothing.
  if (settings?.record === false) return null;
  const actor = entry.actor ?? actorOf(request);
  const origin = originOf(request);
  // One plain insert into the queue of entries waiting to be sealed, and no lock: the entry gets
  // its place in the hash chain when sealing moves it into the log after commit (sealer.ts), so
  // audited transactions on other connections and replicas never wait for this one, and the
  // log's streams are woken then.
  return insertStatement({
    id: newOrderedId('aud'),
    // Milliseconds, as a JavaScript Date holds them: sealing and verifying hash what they read.
    createdAt: isoTime(entry.at ?? settings?.clock() ?? new Date()),
    actorType: actor.type,
    actorId: actor.id,
    teamId: entry.teamId ?? null,
    action: entry.action,
    targetType: entry.target?.type ?? null,
    targetId: entry.target?.id ?? null,
    outcome: entry.outcome ?? 'success',
    ...origin,
    details: JSON.stringify(entry.details ?? {}),
  });
}

type QueuedProperty = keyof typeof auditPending.$inferInsert;
/** The queue's properties, in the schema's order (the sealer reads them in the same order). */
export const QUEUED = Object.keys(getTableColumns(auditPending)) as QueuedProperty[];
/** The queue's column names, in the schema's order (the sealer moves the same columns). */
export const QUEUED_COLUMNS = QUEUED.map(toSnakeCase);
/** The two values sent as text for a type of their own. */
const CASTS: Partial<Record<QueuedProperty, string>> = {
  createdAt: '::timestamptz',
  details: '::jsonb',
};

/**
 * The statement's text pieces, made once: an audited request is on a hot path, and building the
 * statement from a template each time made a few dozen objects for the garbage collector. The
 * piece before each value is the statement's start or the previous value's cast.
 */
const TEXT = QUEUED.map(
  (_, i) =>
    new StringChunk(
      i === 0
        ? `INSERT INTO "${getTableName(auditPending)}" (${QUEUED_COLUMNS.join(', ')}) VALUES (`
        : `${CASTS[QUEUED[i - 1]!] ?? ''}, `,
    ),
);
const END = new StringChunk(`${CASTS[QUEUED.at(-1)!] ?? ''})`);

function insertStatement(values: Record<QueuedProperty, unknown>): SQL {
  const chunks: unknown[] = [];
  QUEUED.forEach((property, i) => chunks.push(TEXT[i], values[property]));
  chunks.push(END);
  return new SQL(chunks as SQL['queryChunks']);
}

/**
 * Records an action in the audit log. Inside a transaction (the normal case) the entry commits
 * or rolls back with the change it describes; given the database itself (a failed sign-in,
 * which changes nothing), its one statement commits on its own.
 */
export async function audit(tx: Executor, entry: AuditEntryInput): Promise<void> {
  const insert = auditInsert(entry);
  if (insert) await tx.execute(insert);
}
