import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { errorHandler, notFoundHandler } from '../http/error-handler.js';
import { ErrorEnvelope } from '../http/schemas.js';
import type { Metrics } from './registry.js';
import { metricsRoutes } from './routes.js';

/**
 * The internal listener of `METRICS_PORT`: `/metrics` only, with the API's error envelope for
 * everything else. Separate from the app so that the public port never serves metrics and the
 * internal one serves nothing but them. Like buildApp, it never listens; server.ts does.
 */
export function buildMetricsServer(options: {
  metrics: Metrics;
  token: string | null;
  logger: Logger;
}): FastifyInstance {
  const server = Fastify({
    loggerInstance: options.logger.child({ listener: 'metrics' }) as FastifyBaseLogger,
    // Scrapes every few seconds would drown the request log; failures are still logged.
    logController: new LogController({ disableRequestLogging: true }),
    exposeHeadRoutes: false,
  });
  server.addSchema(ErrorEnvelope);
  server.setErrorHandler(errorHandler);
  server.setNotFoundHandler(notFoundHandler);
  server.register(metricsRoutes, { metrics: options.metrics, token: options.token });
  return server;
}
