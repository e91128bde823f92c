import { sql, type SQL } from 'drizzle-orm';
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
  const content = {
    id: newOrderedId('aud'),
    // Milliseconds, as a JavaScript Date holds them: sealing and verifying hash what they read.
    createdAt: entry.at ?? settings?.clock() ?? new Date(),
    actorType: actor.type,
    actorId: actor.id,
    teamId: entry.teamId ?? null,
    action: entry.action,
    targetType: entry.target?.type ?? null,
    targetId: entry.target?.id ?? null,
    outcome: entry.outcome ?? 'success',
    ...originOf(request),
    details: entry.details ?? {},
  };
  // One plain insert into the queue of entries waiting to be sealed, and no lock: the entry gets
  // its place in the hash chain when sealing moves it into the log after commit (sealer.ts), so
  // audited transactions on other connections and replicas never wait for this one, and the
  // log's streams are woken then.
  return sql`
    INSERT INTO ${auditPending} (id, created_at, actor_type, actor_id, team_id, action,
      target_type, target_id, outcome, client_address, user_agent, request_id, details)
    VALUES (${content.id}, ${content.createdAt.toISOString()}::timestamptz,
      ${content.actorType}, ${content.actorId}, ${content.teamId}, ${content.action},
      ${content.targetType}, ${content.targetId}, ${content.outcome}, ${content.clientAddress},
      ${content.userAgent}, ${content.requestId}, ${JSON.stringify(content.details)}::jsonb)`;
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
