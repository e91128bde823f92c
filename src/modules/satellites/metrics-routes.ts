import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { userActor } from '../../http/auth/actor.js';
import { auth } from '../../http/auth/declare.js';
import { pagedRouteWithStream } from '../../http/stream/paged-route.js';
import type { StreamSource } from '../../http/stream/source.js';
import type { MetricsFilters } from './metrics-source.js';
import { Metric, MetricsQuery, type MetricView } from './metrics-schemas.js';
import { SatelliteParams } from './schemas.js';
import type { SatelliteService } from './service.js';
import { streamTopics } from '../../http/stream/signals.js';

/** Heartbeat metrics for the satellite's administrators: a REST page and its live stream. */
export const satelliteMetricsRoutes: FastifyPluginAsyncTypebox<{
  service: SatelliteService;
  source: StreamSource<MetricsFilters, MetricView>;
}> = async (app, { service, source }) => {
  pagedRouteWithStream(app, {
    url: '/api/satellites/:satelliteId/metrics',
    auth: auth.user(),
    // Who may see a satellite depends on the satellite, so it is checked before validation, as
    // on the other administration routes: other teams' satellites are 404, global ones 403.
    guard: async (request) => {
      await service.mustManage(
        userActor(request),
        (request.params as { satelliteId: string }).satelliteId,
      );
    },
    tags: ['Satellites'],
    params: SatelliteParams,
    querystring: MetricsQuery,
    list: {
      operationId: 'listSatelliteMetrics',
      summary: 'Heartbeat metrics of a satellite, newest first',
    },
    stream: {
      operationId: 'streamSatelliteMetrics',
      summary: 'Heartbeat metrics of a satellite as they arrive (Server-Sent Events)',
      description:
        'Same query as the list; `limit` and `offset` are checked but the stream always starts ' +
        'from the newest heartbeats.',
    },
    itemsKey: 'metrics',
    item: Metric,
    eventName: 'metrics',
    source,
    filters: ({ params, query }) => ({
      satelliteId: params.satelliteId,
      since: query.since ?? null,
    }),
    topics: (filters) => [streamTopics.metrics(filters.satelliteId)],
  });
};
