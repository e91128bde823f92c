import { integer, type Env } from '../../lib/env.js';

/** Sessions and sign-in: how long checked sessions are remembered, and sign-in attempt limits. */
export interface AuthConfig {
  /**
   * How long a replica remembers a checked session cookie (0: never). Sign-out, disabling, role
   * changes and revocations act at once on the replica that made them, and on the others as soon
   * as they hear its signal, or within this bound while they cannot (docs/operators.md).
   */
  sessionCacheMs: number;
  /**
   * How long a replica remembers a checked session while it hears other replicas' signals
   * (never less than sessionCacheMs). Open streams re-check their session at every poll, so
   * this is what keeps idle streams from reading sessions from the database.
   */
  sessionCacheSignalledMs: number;
  /** Sign-in attempts: failures per account and attempts per address, per window. */
  loginLimits: { perAccount: number; perAddress: number; windowSeconds: number };
}

/** SESSION_CACHE_MS, SESSION_CACHE_SIGNALLED_MS and the LOGIN_LIMIT_* settings. */
export function readAuthConfig(env: Env): AuthConfig {
  return {
    sessionCacheMs: integer(env, 'SESSION_CACHE_MS', 5000, 0, 60_000),
    sessionCacheSignalledMs: integer(env, 'SESSION_CACHE_SIGNALLED_MS', 60_000, 0, 600_000),
    loginLimits: {
      perAccount: integer(env, 'LOGIN_LIMIT_PER_ACCOUNT', 10, 1, 1_000_000),
      perAddress: integer(env, 'LOGIN_LIMIT_PER_ADDRESS', 100, 1, 1_000_000),
      windowSeconds: integer(env, 'LOGIN_LIMIT_WINDOW_SECONDS', 900, 1, 86_400),
    },
  };
}
