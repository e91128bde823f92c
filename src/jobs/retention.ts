import { sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../db/client.js';
import type { Clock } from '../lib/clock.js';

/** A table that grows with use, the time column its age is read from, and how long rows stay. */
export interface RetentionRule {
  table: string;
  /** Indexed (see the schema), so each batch finds its rows without a table scan. */
  column: string;
  /** 0 keeps rows for ever. */
  days: number;
}

export interface RetentionLimits {
  batchSize: number;
  maxBatchesPerRun: number;
}

/**
 * Deletes rows older than their rule allows, `batchSize` rows per statement and at most
 * `maxBatchesPerRun` statements per table, so that no delete holds locks or a transaction for
 * long and a large backlog (after retention is first switched on) goes over several runs.
 * Every table here has a text `id` primary key. Returns how many rows went, by table.
 */
export async function applyRetention(
  db: Executor,
  clock: Clock,
  rules: readonly RetentionRule[],
  limits: RetentionLimits,
): Promise<Record<string, number>> {
  const deleted: Record<string, number> = {};
  for (const rule of rules) {
    if (rule.days <= 0) continue;
    const cutoff = new Date(clock().getTime() - rule.days * 86_400_000).toISOString();
    const table = sql.identifier(rule.table);
    const column = sql.identifier(rule.column);
    let total = 0;
    for (let batch = 0; batch < limits.maxBatchesPerRun; batch++) {
      const result = await db.execute(
        sql`DELETE FROM ${table} WHERE id IN (
              SELECT id FROM ${table} WHERE ${column} < ${cutoff}::timestamptz LIMIT ${limits.batchSize}
            ) RETURNING 1 AS one`,
      );
      const count = rowsOf(result).length;
      total += count;
      if (count < limits.batchSize) break;
    }
    deleted[rule.table] = total;
  }
  return deleted;
}
