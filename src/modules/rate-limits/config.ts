import { integer, type Env } from '../../lib/env.js';

export interface RateLimitsConfig {
  /**
   * Other rate limits; 0 switches one off. The `…PerAddress`/`…PerAccount` counts are per
   * `windowSeconds`, kept in the database; the satellite ones are requests per second, counted
   * in each replica's memory (see docs/operators.md).
   */
  rateLimits: {
    windowSeconds: number;
    registrationPerAddress: number;
    oauthPerAddress: number;
    oauthPerAccount: number;
    oauthRegistrationPerAddress: number;
    satellitePairingPerAddress: number;
    satellitePerSatellite: number;
    satellitePerAddress: number;
    /** Rows per second a satellite's event batches may write (0: off). */
    satelliteRowsPerSatellite: number;
    /** Rows per second event batches may write for one team, whichever satellites send them. */
    satelliteRowsPerTeam: number;
    deploymentConfigPerAccount: number;
    deploymentConfigPerAddress: number;
    /**
     * Every authenticated route: requests per `apiWindowSeconds` per account, and per OAuth
     * client acting for one account, counted in each replica's memory and added to the shared
     * count in the database every `apiSyncMs`.
     */
    apiWindowSeconds: number;
    apiPerAccount: number;
    apiPerOAuthClient: number;
    apiSyncMs: number;
  };
}

/** The *_LIMIT_* settings beside the sign-in ones (modules/auth/config.ts). */
export function readRateLimitsConfig(env: Env): RateLimitsConfig {
  const count = (key: string, fallback: number) => integer(env, key, fallback, 0, 1_000_000);
  return {
    rateLimits: {
      windowSeconds: integer(env, 'RATE_LIMIT_WINDOW_SECONDS', 900, 1, 86_400),
      registrationPerAddress: count('REGISTER_LIMIT_PER_ADDRESS', 30),
      oauthPerAddress: count('OAUTH_LIMIT_PER_ADDRESS', 300),
      oauthPerAccount: count('OAUTH_LIMIT_PER_ACCOUNT', 300),
      oauthRegistrationPerAddress: count('OAUTH_REGISTER_LIMIT_PER_ADDRESS', 30),
      satellitePairingPerAddress: count('SATELLITE_REGISTER_LIMIT_PER_ADDRESS', 300),
      // Per second. A satellite sends a batch every 3 s and a heartbeat every 30 s; this leaves
      // room for catching up after an outage (10,000 events/s of 100-event batches is 100/s).
      satellitePerSatellite: count('SATELLITE_LIMIT_PER_SATELLITE', 200),
      satellitePerAddress: count('SATELLITE_LIMIT_PER_ADDRESS', 1000),
      // Rows per second that event batches may write (docs/security.md, "Event batches"): a
      // satellite catching up after an outage writes a few thousand; a flood is held to this.
      satelliteRowsPerSatellite: integer(
        env,
        'SATELLITE_ROWS_LIMIT_PER_SATELLITE',
        2000,
        0,
        10_000_000,
      ),
      satelliteRowsPerTeam: integer(env, 'SATELLITE_ROWS_LIMIT_PER_TEAM', 4000, 0, 10_000_000),
      // Each check of a configuration file parses up to 64 KiB (up to ~100 ms of the event loop).
      deploymentConfigPerAccount: count('DEPLOYMENT_CONFIG_LIMIT_PER_ACCOUNT', 300),
      deploymentConfigPerAddress: count('DEPLOYMENT_CONFIG_LIMIT_PER_ADDRESS', 1000),
      apiWindowSeconds: integer(env, 'API_LIMIT_WINDOW_SECONDS', 60, 1, 86_400),
      apiPerAccount: integer(env, 'API_LIMIT_PER_ACCOUNT', 6000, 0, 1_000_000_000),
      apiPerOAuthClient: integer(env, 'API_LIMIT_PER_OAUTH_CLIENT', 3000, 0, 1_000_000_000),
      apiSyncMs: integer(env, 'API_LIMIT_SYNC_MS', 1000, 10, 60_000),
    },
  };
}
