import { integer, type Env } from '../lib/env.js';

/**
 * Days each growing table keeps its rows (0: for ever), and how the retention job deletes: in
 * batches of `batchSize` rows, at most `maxBatchesPerRun` batches per table and run, so that a
 * large backlog goes over several runs instead of in one long transaction.
 */
export interface RetentionSettings {
  usageDays: number;
  requestLogDays: number;
  serverLogDays: number;
  clientActivityDays: number;
  notificationDays: number;
  /** Satellite commands, handed out or not: a command waits a day at most, so none goes early. */
  commandDays: number;
  /** The audit log: whole leading runs of the hash chain go (modules/audit/retention.ts). */
  auditDays: number;
  /**
   * How often each replica links newly committed audit entries into the hash chain
   * (modules/audit/sealer.ts); reads of the log seal first regardless. Null when unset: the
   * database's default (`sealIntervalMs`).
   */
  auditSealMs: number | null;
  batchSize: number;
  maxBatchesPerRun: number;
}

/** The periodic jobs: their schedule, and how long the tables they trim keep their rows. */
export interface JobsConfig {
  /** One interval for every periodic job instead of each job's own; unset in production. */
  jobsIntervalMs: number | null;
  /** Retention of the tables that grow with use, in days (docs/operators.md, "Retention"). */
  retention: RetentionSettings;
}

/** JOBS_INTERVAL_MS, AUDIT_SEAL_MS and the *_RETENTION_* settings. */
export function readJobsConfig(env: Env): JobsConfig {
  return {
    jobsIntervalMs: env.JOBS_INTERVAL_MS
      ? integer(env, 'JOBS_INTERVAL_MS', 1000, 100, 86_400_000)
      : null,
    retention: {
      usageDays: integer(env, 'USAGE_RETENTION_DAYS', 90, 0, 36_500),
      requestLogDays: integer(env, 'REQUEST_LOG_RETENTION_DAYS', 30, 0, 36_500),
      serverLogDays: integer(env, 'SERVER_LOG_RETENTION_DAYS', 30, 0, 36_500),
      clientActivityDays: integer(env, 'CLIENT_ACTIVITY_RETENTION_DAYS', 90, 0, 36_500),
      notificationDays: integer(env, 'NOTIFICATION_RETENTION_DAYS', 90, 0, 36_500),
      commandDays: integer(env, 'SATELLITE_COMMAND_RETENTION_DAYS', 30, 0, 36_500),
      auditDays: integer(env, 'AUDIT_RETENTION_DAYS', 365, 0, 36_500),
      auditSealMs: env.AUDIT_SEAL_MS ? integer(env, 'AUDIT_SEAL_MS', 0, 50, 60_000) : null,
      batchSize: integer(env, 'RETENTION_BATCH_SIZE', 5000, 1, 1_000_000),
      maxBatchesPerRun: integer(env, 'RETENTION_MAX_BATCHES_PER_RUN', 100, 1, 1_000_000),
    },
  };
}
