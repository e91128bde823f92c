import type { FastifyPluginAsync } from 'fastify';
import type { RetentionSettings } from '../../jobs/config.js';
import type { Job, Ticker } from '../../jobs/runner.js';
import type { ModuleContext } from '../context.js';
import { applyAuditRetention } from './retention.js';
import { auditRoutes } from './routes.js';
import { createAuditSealer, sealIntervalMs } from './sealer.js';
import { createAuditSource } from './source.js';

export interface AuditModuleDeps extends Pick<ModuleContext, 'db' | 'clock' | 'logger'> {
  /** AUDIT_RETENTION_DAYS, AUDIT_SEAL_MS and the retention job's batch bounds. */
  retention: RetentionSettings;
}

/** The audit log: its hash chain sealed in every replica, its retention, and its routes. */
export function createAuditModule(deps: AuditModuleDeps) {
  const { db, clock, retention } = deps;
  const sealer = createAuditSealer(db.orm, deps.logger, db.statementNames.sealing);
  const ticker: Ticker = {
    intervalMs: sealIntervalMs(retention.auditSealMs, db.dialect),
    tick: sealer.tick,
  };
  const job: Job = {
    name: 'audit-retention',
    intervalMs: 3_600_000,
    run: () => applyAuditRetention(db.orm, clock, retention.auditDays, retention),
  };
  const source = createAuditSource(db.orm, sealer);
  const routes: FastifyPluginAsync = async (app) => {
    await app.register(auditRoutes, { db: db.orm, sealer, source });
  };
  return { sealer, ticker, job, routes };
}
