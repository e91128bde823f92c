import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Logger } from 'pino';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import type { DatabaseTarget } from './db/target.js';
import type { Secrets } from './lib/secrets.js';
import { createLogger } from './lib/logger.js';
import { conventions } from './http/conventions.js';
import { registerOpenApi } from './http/openapi.js';
import { formatValidationError } from './http/validation.js';
import { createSystemRepository } from './modules/system/repository.js';
import { createSystemService } from './modules/system/service.js';
import { systemRoutes } from './modules/system/routes.js';
import { createUserRepository } from './modules/users/repository.js';

export interface AppDeps {
  config: Config;
  db: Database;
  target: DatabaseTarget;
  secrets: Secrets;
  logger?: Logger;
  /** Set by the process entry: move the running service to a newly configured database. */
  onDatabaseConfigured?: (target: DatabaseTarget) => void;
}

/** Builds the whole application on the given database. It never listens; server.ts does. */
export function buildApp(deps: AppDeps): FastifyInstance {
  const { config, db } = deps;
  const app = Fastify({
    loggerInstance: (deps.logger ?? createLogger('silent')) as FastifyBaseLogger,
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    exposeHeadRoutes: false,
    // conventions.ts answers requests that arrive while closing with the 503 envelope itself.
    return503OnClosing: false,
    requestIdHeader: 'x-request-id',
    ajv: {
      customOptions: {
        // Unknown properties are refused (additionalProperties: false), never silently dropped.
        removeAdditional: false,
        coerceTypes: 'array',
        useDefaults: true,
        allErrors: false,
      },
    },
    schemaErrorFormatter: formatValidationError,
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.register(conventions);
  registerOpenApi(app, config.baseUrl);

  const userRepository = createUserRepository(db.orm);
  app.after(() => {
    app.credentials.accountsExist = () => userRepository.anyExists();
  });

  app.register(systemRoutes, {
    service: createSystemService({
      repository: createSystemRepository(db),
      target: deps.target,
      dataDir: config.dataDir,
      onDatabaseConfigured: deps.onDatabaseConfigured,
    }),
  });

  return app;
}
