import { and, asc, eq, gte, lt } from 'drizzle-orm';
import type { Orm } from '../../db/client.js';
import { auditChain, auditEntries } from '../../db/schema/index.js';
import type { Clock } from '../../lib/clock.js';
import { audit } from './writer.js';

/**
 * Removes the oldest entries, only ever a leading run of the chain (in `seq` order, up to the
 * first entry young enough to keep), and moves the chain's recorded start past them with the
 * hash the new first entry links to, so that verification still passes. Each batch is one short
 * transaction holding the chain lock, and records what it removed as an entry of its own.
 */
export async function applyAuditRetention(
  db: Orm,
  clock: Clock,
  days: number,
  limits: { batchSize: number; maxBatchesPerRun: number },
): Promise<number> {
  if (days <= 0) return 0;
  const cutoff = new Date(clock().getTime() - days * 86_400_000);
  let total = 0;
  for (let batch = 0; batch < limits.maxBatchesPerRun; batch++) {
    const removed = await db.transaction(async (tx) => {
      const [chain] = await tx.select().from(auditChain).where(eq(auditChain.id, 1)).for('update');
      if (!chain) return 0;
      const leading = await tx
        .select({
          seq: auditEntries.seq,
          createdAt: auditEntries.createdAt,
          hash: auditEntries.hash,
        })
        .from(auditEntries)
        .where(gte(auditEntries.seq, chain.startSeq))
        .orderBy(asc(auditEntries.seq))
        .limit(limits.batchSize);
      const young = leading.findIndex((e) => e.createdAt >= cutoff);
      const old = young === -1 ? leading : leading.slice(0, young);
      const last = old.at(-1);
      if (!last) return 0;
      await tx
        .delete(auditEntries)
        .where(and(gte(auditEntries.seq, chain.startSeq), lt(auditEntries.seq, last.seq + 1)));
      await tx
        .update(auditChain)
        .set({ startSeq: last.seq + 1, startPrevHash: last.hash })
        .where(eq(auditChain.id, 1));
      await audit(tx, {
        action: 'audit.retention_applied',
        request: null,
        at: clock(),
        details: { removed: old.length, retention_days: days, new_start_seq: last.seq + 1 },
      });
      return old.length;
    });
    total += removed;
    if (removed < limits.batchSize) break;
  }
  return total;
}
