import { integer, type Env } from '../../lib/env.js';

export interface SystemConfig {
  /** How often health and database status are refreshed in the background. */
  healthRefreshMs: number;
}

/** HEALTH_REFRESH_MS. */
export function readSystemConfig(env: Env): SystemConfig {
  return { healthRefreshMs: integer(env, 'HEALTH_REFRESH_MS', 1000, 100, 60_000) };
}
