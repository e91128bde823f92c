import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { auth } from '../http/auth/declare.js';
import { bearerToken } from '../http/auth/credentials.js';
import { UnauthorizedError } from '../http/errors.js';
import { ErrorEnvelopeRef } from '../http/schemas.js';
import { digestsEqual, sha256Hex } from '../lib/crypto.js';
import type { Metrics } from './registry.js';

export interface MetricsRouteOptions {
  metrics: Metrics;
  /** When set, scrapers must send `Authorization: Bearer <token>`. */
  token: string | null;
}

/** Compares digests, so neither the token's content nor its length leaks through timing. */
function tokenCheck(token: string) {
  const expected = sha256Hex(token);
  return async (request: FastifyRequest) => {
    const given = bearerToken(request);
    if (!given || !digestsEqual(sha256Hex(given), expected)) {
      throw new UnauthorizedError('Authentication is required: send the metrics token');
    }
  };
}

/**
 * `GET /metrics` in the Prometheus text format. It is an operational endpoint, not part of the
 * API clients use, so it stays out of the OpenAPI description (which must not change with the
 * configuration, and which the fuzzer walks); it still declares what every route declares.
 * Its auth is public to the app's auth hook: the metrics token is its own credential.
 */
export async function metricsRoutes(app: FastifyInstance, options: MetricsRouteOptions) {
  app.get(
    '/metrics',
    {
      config: { auth: auth.public() },
      onRequest: options.token ? tokenCheck(options.token) : [],
      schema: {
        hide: true,
        operationId: 'getMetrics',
        summary: 'Prometheus metrics of this process',
        tags: ['System'],
        response: {
          200: Type.String({ description: 'Prometheus text exposition format 0.0.4' }),
          401: ErrorEnvelopeRef('The metrics token is missing or wrong'),
        },
      },
    },
    async (_request, reply) => {
      const { registry } = options.metrics;
      const body = await registry.metrics();
      return reply.type(registry.contentType).send(body);
    },
  );
}
