import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { routeLabel } from '../http/route-label.js';
import type { Metrics } from './registry.js';

/** Counts and times every response by method, route pattern and status. */
export const httpMetrics = fp(
  async (app: FastifyInstance, { metrics }: { metrics: Metrics }) => {
    app.addHook('onResponse', (request, reply, done) => {
      metrics.observeRequest(
        request.method,
        routeLabel(request),
        reply.statusCode,
        reply.elapsedTime / 1000,
      );
      done();
    });
  },
  { name: 'http-metrics' },
);
