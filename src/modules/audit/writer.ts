import { eq } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { Executor, Tx } from '../../db/client.js';
import { auditChain, auditEntries } from '../../db/schema/index.js';
import { signalInTransaction, streamTopics } from '../../http/stream/signals.js';
import { newOrderedId } from '../../lib/ids.js';
import type { AuditAction, AuditOutcome } from './actions.js';
import { entryHash } from './chain.js';
import { actorOf, currentContext, originOf, type AuditActor } from './context.js';

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
  /** Default: the request this work runs for (context.ts). */
  request?: FastifyRequest;
  /** Default: now by the application's clock during a request; pass it outside requests. */
  at?: Date;
}

async function append(tx: Tx, entry: AuditEntryInput) {
  const context = currentContext();
  const request = entry.request ?? context?.request;
  // The lock on the chain's row orders appends across connections and replicas; it is held
  // until the caller's transaction ends, so callers audit as their last write.
  const [head] = await tx
    .select({ seq: auditChain.headSeq, hash: auditChain.headHash })
    .from(auditChain)
    .where(eq(auditChain.id, 1))
    .for('update');
  if (!head) throw new Error('audit_chain has no row: the audit migration did not run');
  const actor = entry.actor ?? actorOf(request);
  const content = {
    seq: head.seq + 1,
    id: newOrderedId('aud'),
    // Stored with millisecond precision, as hashed.
    createdAt: entry.at ?? context?.clock() ?? new Date(),
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
  const hash = entryHash(content, head.hash);
  await tx.insert(auditEntries).values({ ...content, prevHash: head.hash, hash });
  await tx
    .update(auditChain)
    .set({ headSeq: content.seq, headHash: hash })
    .where(eq(auditChain.id, 1));
  const signal = signalInTransaction([
    streamTopics.audit(null),
    ...(content.teamId ? [streamTopics.audit(content.teamId)] : []),
  ]);
  if (signal) await tx.execute(signal);
}

/**
 * Records an action in the audit log. Inside a transaction (the normal case) the entry commits
 * or rolls back with the change it describes; given the database itself (a failed sign-in,
 * which changes nothing), it opens its own short transaction.
 */
export async function audit(tx: Executor, entry: AuditEntryInput): Promise<void> {
  if (tx instanceof PgTransaction) return append(tx as Tx, entry);
  await tx.transaction((own) => append(own, entry));
}
