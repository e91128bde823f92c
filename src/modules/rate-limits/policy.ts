import type { FastifyReply, FastifyRequest } from 'fastify';

/** The limits a route can name in `config.rateLimit`; the application supplies each policy. */
export type RateLimitName =
  | 'registration'
  | 'oauth'
  | 'oauth-introspection'
  | 'oauth-registration'
  | 'satellite-pairing'
  | 'satellite'
  | 'satellite-heartbeat'
  | 'deployment-config';

/**
 * One route family's limits. Each check throws the 429 error (an AppError with `retry_after`)
 * when the caller is over its limit. The auth hook runs `byAddress` before authentication, so a
 * flood is refused before any credential is looked up, and `byCaller` after it, keyed by the
 * account or satellite that was identified; both run before the body is read.
 */
export interface RateLimitPolicy {
  byAddress?: (request: FastifyRequest) => void | Promise<void>;
  byCaller?: (request: FastifyRequest, reply: FastifyReply) => void | Promise<void>;
  /** Shares the counts this replica holds in memory with the others now (else periodically). */
  sync?: () => Promise<void>;
  /** Stops background work and saves what is held in memory; the app calls it on close. */
  close?: () => Promise<void>;
}

export type RateLimitPolicies = Partial<Record<RateLimitName, RateLimitPolicy>> & {
  /**
   * Every authenticated route, whatever its own limits: counted per account and per OAuth
   * client acting for an account (modules/rate-limits/identity.ts), after the route's own.
   */
  everyCaller?: RateLimitPolicy;
};
