import type { FastifyPluginAsync } from 'fastify';
import type { DatabaseTarget } from '../../db/target.js';
import type { ModuleContext } from '../context.js';
import { createRateLimiter } from '../rate-limits/limiter.js';
import type { SystemConfig } from './config.js';
import { createSystemRepository } from './repository.js';
import { systemRoutes } from './routes.js';
import { createSystemService } from './service.js';
import { createSetupCode } from './setup-code.js';

export interface SystemModuleDeps extends Pick<ModuleContext, 'db' | 'clock' | 'logger'> {
  config: SystemConfig;
  target: DatabaseTarget;
  dataDir: string;
  /** The first-run set-up is open until the first account exists. */
  accountsExist: () => Promise<boolean>;
  /** Called after a set-up saved a new database, so the process can move over to it. */
  onDatabaseConfigured?: (target: DatabaseTarget) => void;
}

/** Health, status and the first-run set-up. */
export function createSystemModule(deps: SystemModuleDeps) {
  const { db, logger } = deps;
  const service = createSystemService({
    repository: createSystemRepository(db),
    target: deps.target,
    dataDir: deps.dataDir,
    setupCode: createSetupCode({ limiter: createRateLimiter(db, deps.clock), logger }),
    accountsExist: deps.accountsExist,
    logger,
    onDatabaseConfigured: deps.onDatabaseConfigured,
    refreshMs: deps.config.healthRefreshMs,
  });
  const routes: FastifyPluginAsync = async (app) => {
    await app.register(systemRoutes, { service });
  };
  return { service, routes };
}
