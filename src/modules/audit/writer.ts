import { getTableName, SQL, StringChunk } from 'drizzle-orm';
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
    created_at: isoTime(entry.at ?? settings?.clock() ?? new Date()),
    actor_type: actor.type,
    actor_id: actor.id,
    team_id: entry.teamId ?? null,
    action: entry.action,
    target_type: entry.target?.type ?? null,
    target_id: entry.target?.id ?? null,
    outcome: entry.outcome ?? 'success',
    client_address: origin.clientAddress,
    user_agent: origin.userAgent,
    request_id: origin.requestId,
    details: JSON.stringify(entry.details ?? {}),
  });
}

/** The queue's columns, in the statement's order, with their casts. */
const INSERTED = [
  ['id', ''],
  ['created_at', '::timestamptz'],
  ['actor_type', ''],
  ['actor_id', ''],
  ['team_id', ''],
  ['action', ''],
  ['target_type', ''],
  ['target_id', ''],
  ['outcome', ''],
  ['client_address', ''],
  ['user_agent', ''],
  ['request_id', ''],
  ['details', '::jsonb'],
] as const;

/**
 * The statement's text pieces, made once: an audited request is on a hot path, and building the
 * statement from a template each time made a few dozen objects for the garbage collector.
 */
const casts = INSERTED.map(([, cast]) => cast);
/** The piece before each value: the statement's start, or the previous value's cast. */
const TEXT = casts.map(
  (_, i) =>
    new StringChunk(
      i === 0
        ? `INSERT INTO "${getTableName(auditPending)}" (${INSERTED.map(([c]) => c).join(', ')}) VALUES (`
        : `${casts[i - 1]}, `,
    ),
);
const END = new StringChunk(`${casts.at(-1)})`);

function insertStatement(values: Record<(typeof INSERTED)[number][0], unknown>): SQL {
  const chunks: unknown[] = [];
  INSERTED.forEach(([column], i) => chunks.push(TEXT[i], values[column]));
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
