import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { buildApp, type AppDeps } from '../../src/app.js';
import { loadConfig, type Config } from '../../src/config.js';
import type { DatabaseTarget } from '../../src/db/target.js';
import { loadSecrets } from '../../src/lib/secrets.js';
import { createTestDatabase, type TestDatabase } from './database.js';

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  config: Config;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  logger?: Logger;
  database?: TestDatabase;
  target?: DatabaseTarget;
  /** Runs after the app is built and before it is ready, e.g. to add routes that probe conventions. */
  extend?: (app: FastifyInstance) => void;
  onDatabaseConfigured?: AppDeps['onDatabaseConfigured'];
  clock?: AppDeps['clock'];
  benchmarkWithoutAudit?: AppDeps['benchmarkWithoutAudit'];
}

/** The real application on a fresh database and a throw-away DATA_DIR. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'gs-test-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...options.env });
  const database = options.database ?? (await createTestDatabase());
  const secrets = await loadSecrets(dataDir, config.secretsFromEnv);
  const target: DatabaseTarget = options.target ?? {
    dialect: database.db.dialect,
    url: database.url,
    source: 'default',
  };
  const app = buildApp({
    config,
    db: database.db,
    target,
    secrets,
    logger: options.logger,
    onDatabaseConfigured: options.onDatabaseConfigured,
    clock: options.clock,
    benchmarkWithoutAudit: options.benchmarkWithoutAudit,
  });
  options.extend?.(app);
  await app.ready();
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      await database.dispose();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
