import type { FastifyRequest } from 'fastify';
import type { Actor } from './auth/types.js';

/** What logs and metrics name a request by when no route matched (scanners, typos). */
export const UNMATCHED_ROUTE = '(unmatched)';

/**
 * The route pattern that answered (`/api/teams/:teamId`), never the raw URL: ids in paths would
 * make one metric series per id, and unmatched URLs are whatever a caller sends.
 */
export function routeLabel(request: FastifyRequest): string {
  return (!request.is404 && request.routeOptions.url) || UNMATCHED_ROUTE;
}

/** Who made the request, as logs show it: `user:<id>`, `satellite:<id>` or `anonymous`. */
export function actorLabel(actor: Actor | null): string {
  switch (actor?.type) {
    case 'user':
      return `user:${actor.userId}`;
    case 'satellite':
      return `satellite:${actor.satelliteId}`;
    case 'registration':
      return `registration-token:${actor.tokenId}`;
    default:
      return 'anonymous';
  }
}
