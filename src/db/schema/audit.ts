import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.js';

/**
 * The audit log: one row per recorded action, chained by hash in `seq` order (modules/audit).
 * No foreign keys: an entry outlives the account, team or record it names.
 */
export const auditEntries = pgTable(
  'audit_entries',
  {
    id: text().primaryKey(),
    /**
     * Position in the hash chain: 1, 2, 3, … without gaps, given when the entry is sealed (under
     * the chain row's lock, after the entry's transaction committed). Null until then, with
     * `prevHash` and `hash`.
     */
    seq: bigint({ mode: 'number' }),
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
    prevHash: text(),
    hash: text(),
  },
  (t) => [
    uniqueIndex('audit_entries_seq_idx')
      .on(t.seq)
      .where(sql`${t.seq} IS NOT NULL`),
    // The entries waiting to be sealed, oldest first; it stays as small as that backlog.
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
