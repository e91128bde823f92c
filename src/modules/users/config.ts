import { integer, type Env } from '../../lib/env.js';

export interface UsersConfig {
  /**
   * How long a replica remembers an account's own profile (`GET /api/users/me`; 0: never), used
   * only while it hears the `profiles` signal that any change to one raises (docs/operators.md).
   */
  profileCacheMs: number;
}

/** PROFILE_CACHE_MS. */
export function readUsersConfig(env: Env): UsersConfig {
  return { profileCacheMs: integer(env, 'PROFILE_CACHE_MS', 60_000, 0, 600_000) };
}
