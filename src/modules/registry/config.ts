import { flag, integer, type Env } from '../../lib/env.js';

export interface RegistryConfig {
  /** MCP registry sync and imports (docs/catalogue.md): schedule and outbound request limits. */
  registry: {
    syncIntervalMs: number;
    fetchTimeoutMs: number;
    maxPageBytes: number;
    maxPages: number;
    /** Let the registry URL reach loopback and private addresses (tests, an internal mirror). */
    allowPrivateAddresses: boolean;
    importBodyLimitBytes: number;
  };
}

/** The REGISTRY_* settings. */
export function readRegistryConfig(env: Env): RegistryConfig {
  return {
    registry: {
      syncIntervalMs: integer(env, 'REGISTRY_SYNC_INTERVAL_MS', 3_600_000, 1000, 604_800_000),
      fetchTimeoutMs: integer(env, 'REGISTRY_FETCH_TIMEOUT_MS', 15_000, 100, 300_000),
      maxPageBytes: integer(env, 'REGISTRY_MAX_PAGE_BYTES', 5_242_880, 1024, 104_857_600),
      maxPages: integer(env, 'REGISTRY_SYNC_MAX_PAGES', 1000, 1, 1_000_000),
      allowPrivateAddresses: flag(env, 'REGISTRY_ALLOW_PRIVATE_ADDRESSES'),
      importBodyLimitBytes: integer(
        env,
        'REGISTRY_IMPORT_BODY_LIMIT_BYTES',
        10_485_760,
        1024,
        104_857_600,
      ),
    },
  };
}
