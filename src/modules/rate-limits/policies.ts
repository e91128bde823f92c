import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { bearerToken, SATELLITE_KEY_PREFIX } from '../../http/auth/credentials.js';
import { TooManyRequestsError, type AppError } from '../../http/errors.js';
import type { RateLimitPolicies, RateLimitPolicy } from './policy.js';
import type { Clock } from '../../lib/clock.js';
import { OAuthRateLimitedError } from '../oauth/errors.js';
import { addressKey } from './address.js';
import { advertiseLimit } from './headers.js';
import { identityLimits } from './identity.js';
import { createRateLimiter, type RateLimiter } from './limiter.js';
import { createTokenBuckets } from './token-buckets.js';

/** Limits from the configuration (RATE_LIMIT_*, …_LIMIT_*); 0 switches a limit off. */
export type RateLimitSettings = Config['rateLimits'];

type Refuse = (retryAfterSeconds: number) => AppError;
const tooMany: Refuse = (seconds) => new TooManyRequestsError(seconds);
/**
 * Satellites decide from the `error` text alone: the DeployStack satellite backs off only when it
 * contains `rate limit` (or 429), and otherwise resends an event batch every 3 s.
 */
const satelliteTooMany: Refuse = (seconds) =>
  new TooManyRequestsError(seconds, 'Too many requests: rate limit exceeded; try again later');

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
  const check = async (key: string, limit: number, reply?: FastifyReply) => {
    const state = await limiter.hit(key, { limit, windowSeconds });
    if (reply)
      advertiseLimit(reply, {
        limit,
        remaining: limit - state.count,
        resetSeconds: state.retryAfter,
        windowSeconds,
      });
    if (state.count > limit) throw refuse(state.retryAfter);
  };
  const policy: RateLimitPolicy = {};
  if (limits.perAddress > 0) {
    const limit = limits.perAddress;
    policy.byAddress = (request) => check(`${name}:address:${addressKey(request.ip)}`, limit);
  }
  if (limits.perCaller) {
    const limit = limits.perCaller;
    policy.byCaller = async (request, reply) => {
      const caller = callerKey(request);
      if (caller) await check(`${name}:${caller}`, limit, reply);
    };
  }
  return policy;
}

/**
 * In-memory token buckets per replica: no database round trip on the event pipeline. A bucket
 * holds `burst` requests (default twice the rate per second).
 */
function bucketed(
  clock: Clock,
  limits: { perAddress: number; perCaller: number; callerBurst?: number },
  refuse: Refuse = tooMany,
) {
  const policy: RateLimitPolicy = {};
  const refuseIfEmpty = (seconds: number) => {
    if (seconds > 0) throw refuse(seconds);
  };
  if (limits.perAddress > 0) {
    const rate = limits.perAddress;
    const buckets = createTokenBuckets({ perSecond: rate, burst: 2 * rate }, clock);
    policy.byAddress = (request) => refuseIfEmpty(buckets.take(addressKey(request.ip)));
  }
  if (limits.perCaller > 0) {
    const rate = limits.perCaller;
    const burst = limits.callerBurst ?? 2 * rate;
    const buckets = createTokenBuckets({ perSecond: rate, burst }, clock);
    policy.byCaller = (request) => {
      const caller = callerKey(request);
      if (caller) refuseIfEmpty(buckets.take(caller));
    };
  }
  return policy;
}

/**
 * Token introspection has two kinds of caller: satellites checking their MCP clients' tokens
 * count against their own satellite limits (shared with their other routes), everyone else
 * against OAuth's. Before authentication the key's prefix decides; a forged `ssk_` bearer then
 * meets the satellite limits and is refused by authentication as usual.
 */
function bySatelliteOrOther(satellite: RateLimitPolicy, other: RateLimitPolicy): RateLimitPolicy {
  const satelliteKey = (request: FastifyRequest) =>
    bearerToken(request)?.startsWith(SATELLITE_KEY_PREFIX) ?? false;
  const policy: RateLimitPolicy = {};
  if (satellite.byAddress || other.byAddress)
    policy.byAddress = (request) =>
      (satelliteKey(request) ? satellite : other).byAddress?.(request);
  if (satellite.byCaller || other.byCaller)
    policy.byCaller = (request, reply) =>
      (request.actor?.type === 'satellite' ? satellite : other).byCaller?.(request, reply);
  return policy;
}

/**
 * The heartbeat's limits. A DeployStack satellite that gets any non-2xx answer to its start-up
 * heartbeat deletes its credentials and cannot come back without a new registration token, so a
 * valid key's heartbeat must never meet a limit set for other traffic:
 * - no per-address limit: it runs before the key is known, so it would also refuse the valid
 *   satellites behind a busy address (a forged key costs one indexed lookup, as on any route);
 * - per satellite, its own bucket, apart from the one its events, polls and fetches share, of at
 *   least 1 per second and bursts of 10. A satellite beats every 30 s (twice at start-up), so
 *   only a satellite stuck in a loop meets it.
 */
function heartbeatPolicy(clock: Clock, perSatellite: number): RateLimitPolicy {
  if (perSatellite <= 0) return {};
  const rate = Math.max(perSatellite, 1);
  return bucketed(
    clock,
    { perAddress: 0, perCaller: rate, callerBurst: Math.max(2 * rate, 10) },
    satelliteTooMany,
  );
}

/** The policies behind every `config.rateLimit` name. Sign-in keeps its own rules (auth service). */
export function createRateLimitPolicies(
  settings: RateLimitSettings,
  db: Database,
  clock: Clock,
  onSyncError?: (error: unknown) => void,
): RateLimitPolicies {
  const limiter = createRateLimiter(db, clock);
  const window = settings.windowSeconds;
  const policies: RateLimitPolicies = {
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
    // Dynamic client registration (RFC 7591) is open to anyone: its own, stricter count.
    'oauth-registration': windowed(
      limiter,
      'oauth-register',
      window,
      { perAddress: settings.oauthRegistrationPerAddress },
      (seconds) => new OAuthRateLimitedError(seconds),
    ),
    'satellite-pairing': windowed(
      limiter,
      'pairing',
      window,
      { perAddress: settings.satellitePairingPerAddress },
      satelliteTooMany,
    ),
    // Parsing a configuration file is the costliest thing a signed-in user can ask for.
    'deployment-config': windowed(limiter, 'deployment-config', window, {
      perAddress: settings.deploymentConfigPerAddress,
      perCaller: settings.deploymentConfigPerAccount,
    }),
    satellite: bucketed(
      clock,
      { perAddress: settings.satellitePerAddress, perCaller: settings.satellitePerSatellite },
      satelliteTooMany,
    ),
    'satellite-heartbeat': heartbeatPolicy(clock, settings.satellitePerSatellite),
  };
  policies['oauth-introspection'] = bySatelliteOrOther(policies.satellite!, policies.oauth!);
  policies.everyCaller = identityLimits(
    db,
    clock,
    {
      windowSeconds: settings.apiWindowSeconds,
      perAccount: settings.apiPerAccount,
      perOAuthClient: settings.apiPerOAuthClient,
      syncMs: settings.apiSyncMs,
    },
    onSyncError,
  );
  return policies;
}
