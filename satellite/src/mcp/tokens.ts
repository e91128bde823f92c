// Checks MCP clients' bearer tokens by asking Groundstation (introspection) and remembers active
// answers briefly, so that a client's every request does not cost a round trip.
import { createHash } from 'node:crypto';
import type { Introspection } from '../../../protocol/satellite.js';
import type { Identity, Introspect, TokenChecker } from '../parts.js';
import { BoundedCache } from './cache.js';

export interface TokenCheckerOptions {
  introspect: Introspect;
  /** How long an active answer is trusted (default 60 s); never past the token's `exp`. */
  ttlMs?: number;
  /** At most this many tokens are remembered (default 10,000); the oldest go first. */
  maxEntries?: number;
  now?: () => number;
}

const DEFAULT_TTL_MS = 60_000;
const DEFAULT_MAX_ENTRIES = 10_000;

/** The cache key of a token: a digest, so that a heap dump holds no usable credential as key. */
export function tokenDigest(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function createTokenChecker(options: TokenCheckerOptions): TokenChecker {
  const now = options.now ?? Date.now;
  const ttlMs = options.ttlMs ?? DEFAULT_TTL_MS;
  const cache = new BoundedCache<string, Identity>({
    maxEntries: options.maxEntries ?? DEFAULT_MAX_ENTRIES,
    now,
  });
  const pending = new Map<string, Promise<Identity | null>>();
  // Bumped by forgetUser: an introspection that started before must not refill the cache with
  // an answer the command meant to drop.
  let generation = 0;

  async function introspectOnce(token: string, key: string): Promise<Identity | null> {
    const startedIn = generation;
    const answer = await options.introspect(token);
    const identity = toIdentity(token, answer);
    if (!identity) return null;
    const expiresAt = Math.min(now() + ttlMs, answer.exp ? answer.exp * 1000 : Infinity);
    if (expiresAt <= now()) return null;
    if (startedIn === generation) cache.set(key, identity, expiresAt);
    return identity;
  }

  return {
    async check(token) {
      if (!token) return null;
      const key = tokenDigest(token);
      const cached = cache.get(key);
      if (cached) return cached;
      const running = pending.get(key);
      if (running) return running;
      const check = introspectOnce(token, key).finally(() => pending.delete(key));
      pending.set(key, check);
      return check;
    },
    forgetUser(userId) {
      generation += 1;
      return cache.deleteWhere((identity) => identity.userId === userId);
    },
  };
}

/** An identity only for an active token of a user that carries some `mcp:` scope. */
function toIdentity(token: string, answer: Introspection): Identity | null {
  if (!answer.active || !answer.sub) return null;
  const scopes = (answer.scope ?? '').split(/\s+/).filter(Boolean);
  if (!scopes.some((scope) => scope.startsWith('mcp:'))) return null;
  return {
    token,
    userId: answer.sub,
    username: answer.username,
    teamId: answer.team_id,
    clientId: answer.client_id,
    scopes,
  };
}
