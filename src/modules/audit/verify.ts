import { and, asc, eq, gte, lte } from 'drizzle-orm';
import type { Executor, Orm } from '../../db/client.js';
import { auditChain, auditEntries } from '../../db/schema/index.js';
import { entryHash } from './chain.js';
import { sealPending } from './sealer.js';

const PAGE = 1000;

export interface ChainHead {
  start_seq: number;
  start_prev_hash: string;
  head_seq: number;
  head_hash: string;
}

/** Why a link is broken: the entry's content no longer matches its hash (edited), the entry
 * does not link to the hash of the one before (an earlier entry edited and re-hashed, or
 * entries swapped), an entry is missing (deleted), or the chain's recorded head is not the
 * last entry (trailing entries deleted or the head row edited). */
export type BreakReason = 'modified' | 'relinked' | 'missing' | 'head_mismatch';

export interface ChainReport {
  valid: boolean;
  /** Entries whose hash and link were checked. */
  checked: number;
  head: ChainHead;
  /** The first broken link, in chain order; null when the chain is whole. */
  broken: { seq: number; entry_id: string | null; reason: BreakReason } | null;
}

export async function readChainHead(db: Executor): Promise<ChainHead> {
  const [row] = await db.select().from(auditChain).where(eq(auditChain.id, 1));
  if (!row) throw new Error('audit_chain has no row: the audit migration did not run');
  return {
    start_seq: row.startSeq,
    start_prev_hash: row.startPrevHash,
    head_seq: row.headSeq,
    head_hash: row.headHash,
  };
}

/**
 * Seals what is waiting (sealer.ts), then walks the chain from its start to the head read first
 * (entries sealed meanwhile are left for the next run), page by page without a long transaction.
 * If retention removes the oldest entries during the walk, the walk continues from the new start.
 */
export async function verifyChain(db: Orm): Promise<ChainReport> {
  await sealPending(db);
  return walkChain(db);
}

async function walkChain(db: Orm): Promise<ChainReport> {
  const head = await readChainHead(db);
  let expected = head.start_seq;
  let prev = head.start_prev_hash;
  let checked = 0;
  const broken = (seq: number, entryId: string | null, reason: BreakReason): ChainReport => ({
    valid: false,
    checked,
    head,
    broken: { seq, entry_id: entryId, reason },
  });
  /** Whether retention moved the start past `expected` since the walk began. */
  const startMoved = async () => {
    const now = await readChainHead(db);
    if (now.start_seq <= expected) return false;
    expected = now.start_seq;
    prev = now.start_prev_hash;
    return true;
  };

  walk: while (expected <= head.head_seq) {
    const rows = await db
      .select()
      .from(auditEntries)
      .where(and(gte(auditEntries.seq, expected), lte(auditEntries.seq, head.head_seq)))
      .orderBy(asc(auditEntries.seq))
      .limit(PAGE);
    if (rows.length === 0) break;
    for (const row of rows) {
      if (row.seq !== expected) {
        if (await startMoved()) continue walk;
        return broken(expected, null, 'missing');
      }
      if (entryHash({ ...row, seq: expected }, row.prevHash) !== row.hash)
        return broken(row.seq, row.id, 'modified');
      if (row.prevHash !== prev) return broken(row.seq, row.id, 'relinked');
      prev = row.hash;
      expected += 1;
      checked += 1;
    }
  }
  if (expected <= head.head_seq) {
    if (!(await startMoved())) return broken(expected, null, 'missing');
    if (expected <= head.head_seq) return walkChain(db);
  }
  if (prev !== head.head_hash) return broken(head.head_seq, null, 'head_mismatch');
  return { valid: true, checked, head, broken: null };
}
