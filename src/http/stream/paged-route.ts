import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Static, TObject, TSchema } from '@sinclair/typebox';
import { createCoalescedReads } from '../../lib/coalesced-reads.js';
import { access } from '../auth/declare.js';
import type { Actor, AuthDeclaration } from '../auth/types.js';
import { ok } from '../envelope.js';
import { PaginatedData, pageOf, paginationOf } from '../pagination.js';
import { ErrorEnvelopeRef, Success } from '../schemas.js';
import { watchAccess } from './access.js';
import { END_EVENT, POLL_LIMIT, RETRY_MS, servePollingStream, SNAPSHOT_SIZE } from './session.js';
import type { StreamSource } from './source.js';

/** What a handler knows once the request passed auth and validation. */
export interface ValidatedRequest<P extends TSchema, Q extends TSchema> {
  params: Static<P>;
  query: Static<Q>;
  actor: Actor | null;
}

interface Naming {
  operationId: string;
  summary: string;
  description?: string;
}

/** A paginated REST route and the description of its `/stream` twin. */
export interface StreamablePage<
  P extends TSchema,
  Q extends TObject,
  F,
  I extends TSchema,
  T extends Static<I> & { id: string },
> {
  /** Path of the REST route; the stream is served at this path plus `/stream`. */
  url: string;
  auth: AuthDeclaration;
  /**
   * Checks that need the database (e.g. that the caller may see this satellite): the routes'
   * `config.access`, so 403 and 404 come before 400 and before the stream opens.
   */
  guard?: (request: FastifyRequest) => Promise<void>;
  tags: string[];
  params?: P;
  /** The query schema both routes share: pagination and the filters (see PaginatedQuery). */
  querystring: Q;
  list: Naming;
  stream: Naming;
  /** Name of the item list in the REST page and in the snapshot. */
  itemsKey: string;
  item: I;
  /** Name of each item message on the stream. */
  eventName: string;
  source: StreamSource<F, T>;
  /**
   * The caller's scope and the query's filters, handed to every source call: plain JSON values
   * that, with the page, decide the items (they key the shared reads of pages).
   */
  filters(request: ValidatedRequest<P, Q>): F;
  /** The signal topics whose writes may add items for these filters (signals.ts). */
  topics(filters: F): string[];
}

function eventStreamResponse(itemsKey: string, eventName: string) {
  return {
    description:
      `A text/event-stream: \`retry: ${RETRY_MS}\` first; then either a \`snapshot\` message whose ` +
      `data is {"${itemsKey}": [...]} (the ${SNAPSHOT_SIZE} newest items, newest first) or, after a ` +
      `reconnect with a known Last-Event-ID, the items missed since then; then every poll up to ` +
      `${POLL_LIMIT} new items, oldest first, each sent as a message named \`${eventName}\` whose ` +
      `id is the item id and whose data is the item. Comment lines are keep-alive heartbeats. ` +
      `When the caller's access ends (logged out, token revoked, account disabled or deleted, ` +
      `no longer permitted), or after the stream's maximum lifetime, a last \`${END_EVENT}\` ` +
      `message whose data is {"reason": "access_revoked", "status", "code", "error"} or ` +
      `{"reason": "max_lifetime"} precedes the close; after max_lifetime, reconnect with ` +
      `Last-Event-ID.`,
    content: { 'text/event-stream': { schema: { type: 'string' } } },
  };
}

/**
 * Registers a paginated REST route and its Server-Sent Events twin at `<url>/stream`. Both share
 * the auth declaration, the guard, the params and the query schema, and read the same source, so
 * they apply the same filters and return the same items.
 */
export function pagedRouteWithStream<
  P extends TSchema,
  Q extends TObject,
  F,
  I extends TSchema,
  T extends Static<I> & { id: string },
>(app: FastifyInstance, route: StreamablePage<P, Q, F, I, T>): void {
  const { source, itemsKey } = route;
  // Page loads asking the same page at once share one read (lib/coalesced-reads.ts).
  const pages = createCoalescedReads({ gatherOneTurn: true });
  const filtersOf = (request: FastifyRequest) =>
    route.filters({
      params: request.params as Static<P>,
      query: request.query as Static<Q>,
      actor: request.actor,
    });
  const shared = {
    config: { auth: route.auth, ...(route.guard ? { access: access.byPath(route.guard) } : {}) },
  };
  const schema = {
    tags: route.tags,
    ...(route.params ? { params: route.params } : {}),
    querystring: route.querystring,
  };

  app.get(
    route.url,
    {
      ...shared,
      schema: {
        ...schema,
        ...route.list,
        response: { 200: Success(PaginatedData(itemsKey, route.item)) },
      },
    },
    async (request) => {
      const page = pageOf(request.query as { limit?: string; offset?: string });
      const filters = filtersOf(request);
      const { items, total } = await pages.read(JSON.stringify([filters, page]), () =>
        source.list(filters, page),
      );
      return ok({ [itemsKey]: items, pagination: paginationOf(page, total) });
    },
  );

  app.get(
    `${route.url}/stream`,
    {
      ...shared,
      // Always a stream, whatever Accept says: the spec has clients send Accept: application/json.
      sse: { kind: 'manual' },
      // A stream has nothing to probe, and a HEAD reply has no body to stream into.
      exposeHeadRoute: false,
      schema: {
        ...schema,
        ...route.stream,
        response: {
          200: eventStreamResponse(itemsKey, route.eventName),
          429: ErrorEnvelopeRef(
            'The caller already holds as many open streams as allowed (per account and per ' +
              'session or access token); close one first',
          ),
        },
      },
    },
    async (request, reply) => {
      const filters = filtersOf(request);
      // Before anything is sent, so a refusal is a JSON error envelope.
      const release = app.streams.limits.acquire(request.actor);
      const streamAccess = watchAccess(
        app.streams.accessChecks,
        app.credentials,
        request,
        reply,
        route,
      );
      try {
        await servePollingStream({
          reply,
          hub: app.streams,
          source,
          filters,
          // Filters hold the caller's scope too, so one key never mixes what callers may see.
          pollKey: `${route.url} ${JSON.stringify(filters)}`,
          topics: route.topics(filters),
          eventName: route.eventName,
          itemsKey,
          access: streamAccess,
          accountId: request.actor?.type === 'user' ? request.actor.userId : undefined,
        });
      } finally {
        streamAccess.release();
        release();
      }
    },
  );
}
