import { sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import { rowsOf, type Executor, type Tx } from '../../db/client.js';
import { auditChain, auditEntries } from '../../db/schema/index.js';
import { signalInTransaction, streamTopics } from '../../http/stream/signals.js';
import { newOrderedId } from '../../lib/ids.js';
import type { AuditAction, AuditOutcome } from './actions.js';
import { hashedTail } from './chain.js';
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
  const actor = entry.actor ?? actorOf(request);
  const content = {
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
  const signal = signalInTransaction([
    streamTopics.audit(null),
    ...(content.teamId ? [streamTopics.audit(content.teamId)] : []),
  ]);
  // One statement locks the chain's row (ordering appends across connections and replicas),
  // reads the head, writes the entry hashed on the head (chain.ts: the same text as entryHash)
  // and the new head, and signals the streams. The lock is held until the caller's transaction
  // ends, so callers audit as their last write, and this costs them a single round trip.
  const [written] = rowsOf<{ seq: number | null }>(
    await tx.execute(sql`
      WITH head AS (
        SELECT ${auditChain.headSeq} + 1 AS seq, ${auditChain.headHash} AS prev
        FROM ${auditChain} WHERE ${auditChain.id} = 1 FOR UPDATE
      ),
      entry AS (
        INSERT INTO ${auditEntries} (id, seq, created_at, actor_type, actor_id, team_id, action,
          target_type, target_id, outcome, client_address, user_agent, request_id, details,
          prev_hash, hash)
        SELECT ${content.id}, head.seq, ${content.createdAt.toISOString()}::timestamptz,
          ${content.actorType}, ${content.actorId}, ${content.teamId}, ${content.action},
          ${content.targetType}, ${content.targetId}, ${content.outcome}, ${content.clientAddress},
          ${content.userAgent}, ${content.requestId}, ${JSON.stringify(content.details)}::jsonb,
          head.prev,
          encode(sha256(convert_to(
            '["v1","' || head.prev || '",' || head.seq::text || ',' || ${hashedTail(content)},
            'UTF8')), 'hex')
        FROM head
        RETURNING seq, hash
      ),
      advance AS (
        UPDATE ${auditChain} SET head_seq = entry.seq, head_hash = entry.hash
        FROM entry WHERE ${auditChain.id} = 1
      )
      ${
        signal
          ? sql`, signal AS (${signal}) SELECT (SELECT seq FROM entry) AS seq, signal.* FROM signal`
          : sql`SELECT (SELECT seq FROM entry) AS seq`
      }`),
  );
  if (written?.seq == null)
    throw new Error('audit_chain has no row: the audit migration did not run');
}

/**
 * Records an action in the audit log. Inside a transaction (the normal case) the entry commits
 * or rolls back with the change it describes; given the database itself (a failed sign-in,
 * which changes nothing), it opens its own short transaction.
 */
export async function audit(tx: Executor, entry: AuditEntryInput): Promise<void> {
  // Only an app built for the audit benchmark serves requests that record nothing.
  if (currentContext()?.record === false) return;
  if (tx instanceof PgTransaction) return append(tx as Tx, entry);
  await tx.transaction((own) => append(own, entry));
}
