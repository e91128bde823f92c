import type { FastifyReply } from 'fastify';

export interface AdvertisedLimit {
  limit: number;
  remaining: number;
  /** Seconds until the window resets. */
  resetSeconds: number;
  windowSeconds: number;
}

/**
 * RateLimit headers (draft-ietf-httpapi-ratelimit-headers-07): `RateLimit-Policy` lists every
 * limit the request was counted against, and `RateLimit-Limit`, `-Remaining` and `-Reset`
 * describe the one closest to running out, so a client that follows them meets none.
 */
export function advertiseLimit(reply: FastifyReply, state: AdvertisedLimit) {
  const policy = `${state.limit};w=${state.windowSeconds}`;
  const listed = reply.getHeader('ratelimit-policy');
  reply.header('ratelimit-policy', listed ? `${String(listed)}, ${policy}` : policy);
  const shown = reply.getHeader('ratelimit-remaining');
  if (shown !== undefined && Number(shown) <= state.remaining) return;
  reply.header('ratelimit-limit', String(state.limit));
  reply.header('ratelimit-remaining', String(Math.max(0, state.remaining)));
  reply.header('ratelimit-reset', String(state.resetSeconds));
}
