import { bigint, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.js';

/** Global settings; the definitions (type, group, default) live in code. Secrets are encrypted. */
export const globalSettings = pgTable('global_settings', {
  key: text().primaryKey(),
  value: text().notNull(),
  updatedAt: timestamptz().notNull().defaultNow(),
  updatedBy: text(),
});

/**
 * Which scheduled slot of which job has run. Replicas all keep the schedule; the first to claim
 * a slot runs it, so each run happens once however many replicas there are.
 */
export const jobRuns = pgTable(
  'job_runs',
  {
    name: text().notNull(),
    /** The slot's number: its start time divided by the job's interval. */
    slot: bigint({ mode: 'number' }).notNull(),
    startedAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.name, t.slot] })],
);
