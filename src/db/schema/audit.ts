import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.js';

/** What an entry records, as written by the audited change (modules/audit/writer.ts). */
const entryContent = () => ({
  id: text().notNull(),
  createdAt: timestamptz().notNull(),
  actorType: text().notNull(),
  actorId: text(),
  teamId: text(),
  action: text().notNull(),
  targetType: text(),
  targetId: text(),
  outcome: text().notNull(),
  clientAddress: text(),
  userAgent: text(),
  requestId: text(),
  /** Names of changed fields and similar facts; never values of secrets or configuration. */
  details: jsonb().$type<Record<string, unknown>>().notNull(),
});

/**
 * Entries committed and not yet sealed into the chain: an audited change inserts here, and
 * sealing (modules/audit/sealer.ts) moves them, oldest first, into `audit_entries` with their
 * links. A queue that sealing empties every second, so it stays small; its one index is the
 * order sealing reads it in. An entry in `audit_entries` is never updated.
 */
export const auditPending = pgTable('audit_pending', entryContent(), (t) => [
  primaryKey({ columns: [t.createdAt, t.id] }),
]);

/**
 * The audit log: one row per sealed entry, chained by hash in `seq` order (modules/audit).
 * No foreign keys: an entry outlives the account, team or record it names.
 */
export const auditEntries = pgTable(
  'audit_entries',
  {
    ...entryContent(),
    id: text().primaryKey(),
    /** Position in the hash chain: 1, 2, 3, … without gaps, given when the entry is sealed. */
    seq: bigint({ mode: 'number' }).notNull(),
    prevHash: text().notNull(),
    hash: text().notNull(),
  },
  (t) => [
    // Its predicate is from when seq could be null (migration 0020); kept, not rebuilt, and a
    // query on a range of seq can use it all the same.
    uniqueIndex('audit_entries_seq_idx')
      .on(t.seq)
      .where(sql`${t.seq} IS NOT NULL`),
    // Always empty: kept for replicas of an earlier version during an upgrade, whose sealer
    // probes it every second (migration 0023); a later migration drops it.
    index('audit_entries_unsealed_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.seq} IS NULL`),
    index('audit_entries_time_idx').on(t.createdAt, t.id),
    index('audit_entries_team_time_idx').on(t.teamId, t.createdAt, t.id),
  ],
);

/**
 * The chain's single bookkeeping row (id 1): where it starts (retention moves the start) and its
 * head. Sealing and retention lock this row, which orders them across replicas.
 */
export const auditChain = pgTable('audit_chain', {
  id: integer().primaryKey(),
  startSeq: bigint({ mode: 'number' }).notNull(),
  /** The hash the entry at `startSeq` links to (all zeros at genesis). */
  startPrevHash: text().notNull(),
  headSeq: bigint({ mode: 'number' }).notNull(),
  headHash: text().notNull(),
});
