import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Logger } from 'pino';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import type { DatabaseTarget } from './db/target.js';
import { conventions } from './http/conventions.js';
import { frameworkErrorHandler } from './http/error-handler.js';
import { forgetOnChange } from './http/forget-on-change.js';
import { registerOpenApi } from './http/openapi.js';
import { requestIdFor } from './http/request-id.js';
import { requestLog } from './http/request-log.js';
import { security } from './http/security.js';
import { buildLazySerializer } from './http/serializer.js';
import { streamSupport } from './http/stream/support.js';
import { fastifyTrustProxy } from './http/trust-proxy.js';
import { formatValidationError } from './http/validation.js';
import { validatorCompiler } from './http/validator.js';
import { systemClock, type Clock } from './lib/clock.js';
import { createLogger } from './lib/logger.js';
import type { Secrets } from './lib/secrets.js';
import { httpMetrics } from './metrics/http.js';
import { createMetrics } from './metrics/registry.js';
import { metricsRoutes } from './metrics/routes.js';
import { installAuditSettings } from './modules/audit/context.js';
import { composeModules } from './modules/compose.js';
import { CONSOLE_DIR } from './modules/console/files.js';
import { consoleRoutes } from './modules/console/routes.js';
import { deploymentConfigRoutes } from './modules/deployment-config/routes.js';
import { roleRoutes } from './modules/roles/routes.js';

export interface AppDeps {
  config: Config;
  db: Database;
  target: DatabaseTarget;
  secrets: Secrets;
  logger?: Logger;
  clock?: Clock;
  /** Set by the process entry: move the running service to a newly configured database. */
  onDatabaseConfigured?: (target: DatabaseTarget) => void;
  /**
   * Set only by bench/audit.ts, to measure what auditing costs: requests write no audit entries.
   * Deliberately not a configuration setting, so no deployment can turn the log off.
   */
  benchmarkWithoutAudit?: true;
}

/** Fastify as the service uses it: its logging, limits, router, validation and serialisation. */
function createFastify(config: Config, logger: Logger) {
  return Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    bodyLimit: config.bodyLimitBytes,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    exposeHeadRoutes: true,
    // Path segments such as a tool’s name (up to 200 characters, setInstallationToolStatus) are
    // longer than the router's default of 100; every parameter's schema still bounds its own.
    routerOptions: { maxParamLength: 256 },
    // conventions.ts answers requests that arrive while closing with the 503 envelope itself.
    return503OnClosing: false,
    // A caller's X-Request-Id is checked (request-id.ts) before it reaches every log line, and
    // request-log.ts writes one line per request instead of Fastify's two.
    requestIdHeader: false,
    genReqId: requestIdFor,
    logController: new LogController({
      disableRequestLogging: true,
      requestIdLogLabel: 'requestId',
    }),
    schemaErrorFormatter: formatValidationError,
    schemaController: { compilersFactory: { buildSerializer: buildLazySerializer } },
    frameworkErrors: frameworkErrorHandler,
  }).withTypeProvider<TypeBoxTypeProvider>();
}

/** Builds the whole application on the given database. It never listens; server.ts does. */
export function buildApp(deps: AppDeps): FastifyInstance {
  const { config, db } = deps;
  const logger = deps.logger ?? createLogger('silent');
  const clock = deps.clock ?? systemClock;
  const app = createFastify(config, logger);
  app.setValidatorCompiler(validatorCompiler);
  installAuditSettings(app, { clock, record: deps.benchmarkWithoutAudit !== true });
  for (const warning of config.warnings) logger.warn(warning);

  const { metrics: metricsConfig } = config;
  const metrics = createMetrics({
    processMetrics: metricsConfig.token !== null || metricsConfig.port !== null,
  });
  const m = composeModules({ ...deps, logger, clock, metrics });
  const { satellites, context } = m;
  app.decorate('jobs', m.jobs);
  app.decorate('builtInSatellite', { issueToken: () => satellites.service.issueBuiltInToken() });
  app.decorate('metrics', metrics);
  app.addHook('onClose', async () => m.jobs.stop());
  app.addHook('onClose', async () => m.upstreamOAuth.close());
  app.addHook('onClose', async () => context.signals.close());
  forgetOnChange(app, [
    satellites.forgetters.scope,
    m.catalogue.forgetter,
    m.users.forgetter,
    satellites.forgetters.configuration,
  ]);
  // The per-account counts held in memory go to the database before it closes.
  app.addHook('onClose', async () => app.rateLimits.everyCaller?.close?.());
  metrics.watch({
    openStreams: () => app.streams.openCount,
    sharedPolls: () => app.streams.polls.count,
    pool: db.poolStats,
    satellitesOnline: satellites.online,
    onError: (error, metric) => logger.warn({ err: error, metric }, 'metric not collected'),
  });

  // Before conventions, so that its onRequest hook (the X-Request-Id header) runs first.
  app.register(requestLog);
  app.register(httpMetrics, { metrics });
  // Before conventions, so that its 401, 403 and 429 answers carry the security and CORS headers.
  app.register(security, { corsOrigins: config.corsOrigins });
  app.register(conventions, {
    trustedOrigins: [new URL(config.baseUrl).origin, ...config.corsOrigins],
  });
  // Off by default; on the main port only with a token, otherwise server.ts serves it on
  // METRICS_PORT (see docs/operators.md).
  if (metricsConfig.token !== null && metricsConfig.port === null) {
    app.register(metricsRoutes, { metrics, token: metricsConfig.token });
  }
  app.register(streamSupport, {
    ...config.streams,
    ...config.streamLimits,
    signals: context.signals,
  });
  registerOpenApi(app, config.baseUrl, () => m.settings.service.flag('docs.enabled'));
  app.after(() => {
    Object.assign(app.rateLimits, m.rateLimits.policies());
    // Each module's own: sessions, access tokens, accounts and memberships, satellites.
    Object.assign(
      app.credentials,
      m.auth.credentials,
      m.oauth.credentials,
      m.users.credentials,
      satellites.credentials,
    );
  });

  // In this order: the OpenAPI description lists the routes as they are registered.
  app.register(m.system.routes);
  app.register(m.auth.routes);
  app.register(m.users.routes);
  app.register(m.teams.routes);
  app.register(roleRoutes);
  app.register(m.settings.routes);
  app.register(m.email.routes);
  app.register(m.catalogue.routes);
  app.register(m.registry.routes, { jobs: m.jobs });
  app.register(m.installations.routes);
  app.register(m.upstreamOAuth.routes);
  app.register(deploymentConfigRoutes);
  app.register(satellites.routes);
  app.register(m.records.routes);
  app.register(m.clientActivity.routes);
  app.register(m.notifications.routes);
  app.register(m.audit.routes);
  app.register(m.oauth.routes, { auth: m.auth.service });
  app.register(consoleRoutes, { dir: CONSOLE_DIR });
  // Plugins last, each on its own: one that fails to load is left out and the core is untouched.
  app.register(m.plugins.routes);
  app.register(m.plugins.load);

  return app;
}
