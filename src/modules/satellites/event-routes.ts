import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { EventProcessor } from './events/processor.js';
import { satelliteActor, userActor } from '../../http/auth/actor.js';
import { auth } from '../../http/auth/declare.js';
import { okFields } from '../../http/envelope.js';
import { errorHandler, toAppError } from '../../http/error-handler.js';
import { AppError } from '../../http/errors.js';
import { pagedRouteWithStream } from '../../http/stream/paged-route.js';
import type { StreamSource } from '../../http/stream/source.js';
import type { EventHistoryFilters } from './event-history-source.js';
import {
  EventBatchBody,
  EventBatchResponse,
  EventHistoryItem,
  EventHistoryQuery,
  type EventHistoryView,
} from './event-schemas.js';
import { SatelliteParams } from './schemas.js';
import type { SatelliteService } from './service.js';
import { streamTopics } from '../../http/stream/signals.js';

const tags = ['Satellites'];

/**
 * The DeployStack satellite decides what to do with a refused batch from the words of its
 * `error` text alone: `validation` drops it, `rate limit` backs off, anything else resends it
 * every 3 s for ever. So on this route every 400 and 413 says `validation`, and every 429
 * `rate limit`, whichever check refused the batch (schema, JSON parser, body size, limits).
 */
export function satelliteEventErrors(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  const appError = toAppError(error);
  // A batch refused before its body was read (rate limit, too large): the connection is closed
  // instead of kept, so that the service does not read and throw away the megabytes still coming.
  if (appError && [413, 429].includes(appError.statusCode)) reply.header('connection', 'close');
  const reworded = (message: string) =>
    new AppError(appError!.statusCode, appError!.code, message, appError!.extra);
  if (appError && [400, 413].includes(appError.statusCode) && !/validation/i.test(appError.message))
    return errorHandler(reworded(`validation failed: ${appError.message}`), request, reply);
  if (appError?.statusCode === 429 && !/rate limit/i.test(appError.message))
    return errorHandler(reworded(`rate limit exceeded: ${appError.message}`), request, reply);
  return errorHandler(error, request, reply);
}

/**
 * A satellite's event batches, and their history for the satellite's administrators (a REST page
 * and its live stream).
 */
export const satelliteEventRoutes: FastifyPluginAsyncTypebox<{
  processor: EventProcessor;
  history: StreamSource<EventHistoryFilters, EventHistoryView>;
  service: SatelliteService;
  /** Request logs carry whole tool responses: this route has its own, larger body limit. */
  bodyLimitBytes: number;
}> = async (app, { processor, history, service, bodyLimitBytes }) => {
  app.post(
    '/api/satellites/:satelliteId/events',
    {
      config: { auth: auth.satellite(), rateLimit: 'satellite' },
      bodyLimit: bodyLimitBytes,
      // A satellite that owes work is refused before its body is read (rate-limits/event-work.ts).
      preParsing: async (request, _reply, payload) => {
        processor.admit(satelliteActor(request));
        return payload;
      },
      errorHandler: satelliteEventErrors,
      schema: {
        operationId: 'postSatelliteEvents',
        summary:
          'A batch of 1 to 100 events, applied in order; bad events are reported, good ones land',
        description:
          'Each event runs on its own: unknown type, invalid data or timestamp, and handler or storage ' +
          'failures are listed in failures with their index. The answer is 200 for full and partial ' +
          'success. An event identical to one accepted within the de-duplication window (same type, ' +
          'timestamp and data) counts as processed with the same id and is not applied again. ' +
          'Refusals of the whole batch say `validation` (400, 413) or `rate limit` (429) in `error`.',
        tags,
        params: SatelliteParams,
        body: EventBatchBody,
        response: { 200: EventBatchResponse },
      },
    },
    async (request) =>
      okFields(await processor.process(satelliteActor(request), request.body.events)),
  );

  pagedRouteWithStream(app, {
    url: '/api/satellites/:satelliteId/event-history',
    auth: auth.user(),
    // As on the satellite's other administration routes: other teams' satellites are 404,
    // global ones 403, before validation.
    guard: async (request) => {
      await service.mustManage(
        userActor(request),
        (request.params as { satelliteId: string }).satelliteId,
      );
    },
    tags,
    params: SatelliteParams,
    querystring: EventHistoryQuery,
    list: {
      operationId: 'listSatelliteEventHistory',
      summary: 'Events a satellite delivered and the backend accepted, newest first',
      description:
        'Every accepted event (resent copies once), with a compact copy of its data, kept for ' +
        'SATELLITE_EVENT_HISTORY_RETENTION_DAYS. For global administrators, and for team ' +
        'administrators of a team satellite.',
    },
    stream: {
      operationId: 'streamSatelliteEventHistory',
      summary: 'Events a satellite delivers as they are accepted (Server-Sent Events)',
      description:
        'Same query as the list; `limit` and `offset` are checked but the stream always starts ' +
        'from the newest events.',
    },
    itemsKey: 'events',
    item: EventHistoryItem,
    eventName: 'event',
    source: history,
    filters: ({ params, query }) => ({
      satelliteId: params.satelliteId,
      type: query.type ?? null,
      since: query.since ?? null,
    }),
    topics: (filters) => [streamTopics.history(filters.satelliteId)],
  });
};
