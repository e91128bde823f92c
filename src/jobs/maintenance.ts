import type { Logger } from 'pino';
import type { Database } from '../db/client.js';
import { createEmbeddedVacuum } from '../db/embedded-vacuum.js';
import { compactListCounts } from '../db/list-counts.js';
import type { Clock } from '../lib/clock.js';
import { createKeyRotation } from '../modules/encryption/rotation.js';
import type { RetentionSettings } from './config.js';
import { deleteExpiredCredentials } from './expired-credentials.js';
import { applyRetention, type RetentionRule } from './retention.js';
import type { Job, Ticker } from './runner.js';

export interface MaintenanceDeps {
  db: Database;
  clock: Clock;
  logger: Logger;
  retention: RetentionSettings;
  encryptionKey: Buffer;
  /** EMBEDDED_VACUUM_MS: how often PGlite vacuums its next table. */
  embeddedVacuumMs: number;
}

/** Deletes rows past their retention, in the batches the retention settings bound. */
export function retainer(deps: Pick<MaintenanceDeps, 'db' | 'clock' | 'retention'>) {
  return (rules: RetentionRule[]) => applyRetention(deps.db.orm, deps.clock, rules, deps.retention);
}

/**
 * The service's own upkeep, beside the modules' jobs: retention of the tables that grow with
 * use, list totals, key rotation, expired credentials, and PGlite's vacuum.
 */
export function maintenance(deps: MaintenanceDeps) {
  const { db, clock, retention } = deps;
  const retain = retainer(deps);
  const growthRules: RetentionRule[] = [
    { table: 'satellite_usage_logs', column: 'created_at', days: retention.usageDays },
    { table: 'mcp_request_logs', column: 'created_at', days: retention.requestLogDays },
    { table: 'mcp_server_logs', column: 'logged_at', days: retention.serverLogDays },
    { table: 'mcp_client_activity', column: 'created_at', days: retention.clientActivityDays },
    { table: 'team_notifications', column: 'created_at', days: retention.notificationDays },
    { table: 'satellite_commands', column: 'created_at', days: retention.commandDays },
  ];
  const jobs = {
    retention: { name: 'retention', intervalMs: 300_000, run: () => retain(growthRules) },
    // Folds the list totals' delta rows (src/db/list-counts.ts) into one row per list.
    listCountCompaction: {
      name: 'list-count-compaction',
      intervalMs: 60_000,
      run: () => compactListCounts(db.orm),
    },
    // Values left on a previous key after a rotation are moved to the current one, in batches.
    encryptionRotation: {
      name: 'encryption-rotation',
      intervalMs: 3_600_000,
      run: () => createKeyRotation({ db, key: deps.encryptionKey }).reencrypt(),
    },
    expiredCredentials: {
      name: 'expired-credentials',
      intervalMs: 3_600_000,
      run: () => deleteExpiredCredentials(db.orm, clock),
    },
  } satisfies Record<string, Job>;
  // PGlite has no autovacuum (db/embedded-vacuum.ts); PostgreSQL runs its own.
  const tickers: Ticker[] =
    db.dialect === 'pglite'
      ? [{ intervalMs: deps.embeddedVacuumMs, tick: createEmbeddedVacuum(db, deps.logger).tick }]
      : [];
  return { retain, jobs, tickers };
}
