import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { TooManyRequestsError, type AppError } from '../../http/errors.js';
import type { RateLimitPolicies, RateLimitPolicy } from '../../http/rate-limit.js';
import type { Clock } from '../../lib/clock.js';
import { OAuthRateLimitedError } from '../oauth/errors.js';
import { addressKey } from './address.js';
import { createRateLimiter, type RateLimiter } from './limiter.js';
import { createTokenBuckets } from './token-buckets.js';

/** Limits from the configuration (RATE_LIMIT_*, …_LIMIT_*); 0 switches a limit off. */
export type RateLimitSettings = Config['rateLimits'];

type Refuse = (retryAfterSeconds: number) => AppError;
const tooMany: Refuse = (seconds) => new TooManyRequestsError(seconds);

function callerKey(request: FastifyRequest): string | null {
  const actor = request.actor;
  if (actor?.type === 'user') return `user:${actor.userId}`;
  if (actor?.type === 'satellite') return `satellite:${actor.satelliteId}`;
  return null;
}

/**
 * Fixed windows counted in the database, shared by every replica: for routes that are rare in
 * normal use (sign-up, tokens, pairing), where one upsert per request costs nothing that matters.
 */
function windowed(
  limiter: RateLimiter,
  name: string,
  windowSeconds: number,
  limits: { perAddress: number; perCaller?: number },
  refuse: Refuse = tooMany,
): RateLimitPolicy {
  const check = async (key: string, limit: number) => {
    const state = await limiter.hit(key, { limit, windowSeconds });
    if (state.count > limit) throw refuse(state.retryAfter);
  };
  const policy: RateLimitPolicy = {};
  if (limits.perAddress > 0) {
    const limit = limits.perAddress;
    policy.byAddress = (request) => check(`${name}:address:${addressKey(request.ip)}`, limit);
  }
  if (limits.perCaller) {
    const limit = limits.perCaller;
    policy.byCaller = async (request) => {
      const caller = callerKey(request);
      if (caller) await check(`${name}:${caller}`, limit);
    };
  }
  return policy;
}

/** In-memory token buckets per replica: no database round trip on the event pipeline. */
function bucketed(clock: Clock, limits: { perAddress: number; perCaller: number }) {
  const policy: RateLimitPolicy = {};
  const refuseIfEmpty = (seconds: number) => {
    if (seconds > 0) throw new TooManyRequestsError(seconds);
  };
  if (limits.perAddress > 0) {
    const rate = limits.perAddress;
    const buckets = createTokenBuckets({ perSecond: rate, burst: 2 * rate }, clock);
    policy.byAddress = (request) => refuseIfEmpty(buckets.take(addressKey(request.ip)));
  }
  if (limits.perCaller > 0) {
    const rate = limits.perCaller;
    const buckets = createTokenBuckets({ perSecond: rate, burst: 2 * rate }, clock);
    policy.byCaller = (request) => {
      const caller = callerKey(request);
      if (caller) refuseIfEmpty(buckets.take(caller));
    };
  }
  return policy;
}

/** The policies behind every `config.rateLimit` name. Sign-in keeps its own rules (auth service). */
export function createRateLimitPolicies(
  settings: RateLimitSettings,
  db: Database,
  clock: Clock,
): RateLimitPolicies {
  const limiter = createRateLimiter(db, clock);
  const window = settings.windowSeconds;
  return {
    registration: windowed(limiter, 'register', window, {
      perAddress: settings.registrationPerAddress,
    }),
    // RFC 6749 clients read `error`, so these routes answer in OAuth's shape (see OAuthRateLimitedError).
    oauth: windowed(
      limiter,
      'oauth',
      window,
      { perAddress: settings.oauthPerAddress, perCaller: settings.oauthPerAccount },
      (seconds) => new OAuthRateLimitedError(seconds),
    ),
    'satellite-pairing': windowed(limiter, 'pairing', window, {
      perAddress: settings.satellitePairingPerAddress,
    }),
    // Parsing a configuration file is the costliest thing a signed-in user can ask for.
    'deployment-config': windowed(limiter, 'deployment-config', window, {
      perAddress: settings.deploymentConfigPerAddress,
      perCaller: settings.deploymentConfigPerAccount,
    }),
    satellite: bucketed(clock, {
      perAddress: settings.satellitePerAddress,
      perCaller: settings.satellitePerSatellite,
    }),
  };
}
