import { ConfigError, flag, integer, oneOf, type Env } from '../../lib/env.js';

/** How the built-in satellite sandboxes its stdio servers (the satellite's servers/sandbox.ts). */
export const SATELLITE_SANDBOXES = ['off', 'prlimit', 'namespaces'] as const;
export type SatelliteSandbox = (typeof SATELLITE_SANDBOXES)[number];

/** Satellites: the ones that pair with this service, and the one it runs itself. */
export interface SatellitesConfig {
  /** The satellite this process runs itself (src/server.ts): MCP clients use BASE_URL/mcp. */
  builtInSatellite: {
    enabled: boolean;
    /** A stdio server unused this long is stopped until its next use. */
    idleMs: number;
    /** Most resident memory of a server's processes (and V8 heap), in MB; null for none. */
    maxMemoryMb: number | null;
    /** The most CPU of a server's processes, in percent of one core; null for none. */
    maxCpuPercent: number | null;
    /** The window the CPU limit is averaged over. */
    cpuWindowSeconds: number;
    /** Stdio processes running at once, on the satellite and per team; null for no limit. */
    maxProcesses: number | null;
    maxProcessesPerTeam: number | null;
    sandbox: SatelliteSandbox;
    /** Open files of a sandboxed server. */
    sandboxOpenFiles: number;
    /** RLIMIT_NPROC of a sandboxed server; null leaves it unset. */
    sandboxProcesses: number | null;
  };
  satellites: {
    globalTokenTtlSeconds: number;
    teamTokenTtlSeconds: number;
    commandTtlSeconds: number;
    metricsRetentionDays: number;
    keyCacheMs: number;
    /** How long event batches' lookups are remembered while changes are heard (scope-cache.ts). */
    scopeCacheMs: number;
    /** How long a satellite's configuration answer is remembered (configuration.ts). */
    configCacheMs: number;
    /**
     * The text before `satellite_<scope>_` in registration tokens (`service_` by default;
     * `deploystack_` for the DeployStack satellite, which accepts no other).
     */
    tokenPrefix: string;
    /**
     * Body limit of the heartbeat route: the DeployStack satellite lists every server and tool
     * it runs in each heartbeat, and a refused heartbeat at start-up strands it.
     */
    heartbeatBodyLimitBytes: number;
    /** Body limit of the events route only: request logs carry whole tool responses. */
    eventsBodyLimitBytes: number;
    /** The bounds of one event batch's work (src/modules/satellites/events/work.ts). */
    eventBatchMaxRows: number;
    eventSliceRows: number;
    eventSliceBytes: number;
    /** Event batches applied at once by this process, and how many more may wait. */
    eventBatchesAtOnce: number;
    eventBatchesWaiting: number;
    /** How long the per-satellite event history is kept. */
    eventHistoryRetentionDays: number;
    /** An identical event received again within this window is acknowledged, not applied. */
    eventDedupWindowSeconds: number;
    /**
     * Whether an event batch may be answered before its writes are flushed to disk (PostgreSQL
     * only): quicker, but a database crash may then lose the batches of its last moments
     * (docs/operators.md). Off by default.
     */
    eventsAsyncCommit: boolean;
  };
}

/**
 * SATELLITE_TOKEN_PREFIX: letters, digits, `-` and `_`, up to 32 characters (may be empty). The
 * token travels as a bearer token and satellites match its start literally.
 */
function tokenPrefix(env: Env): string {
  const raw = env.SATELLITE_TOKEN_PREFIX ?? 'service_';
  if (!/^[A-Za-z0-9_-]{0,32}$/.test(raw)) {
    throw new ConfigError(
      `SATELLITE_TOKEN_PREFIX must be up to 32 letters, digits, "-" or "_" (e.g. deploystack_), got "${raw}"`,
    );
  }
  return raw;
}

/** BUILTIN_SATELLITE and the built-in satellite's SATELLITE_* limits and sandbox. */
function readBuiltInSatellite(env: Env): SatellitesConfig['builtInSatellite'] {
  return {
    enabled: !['0', 'false', 'no', 'off'].includes(
      (env.BUILTIN_SATELLITE ?? '').trim().toLowerCase(),
    ),
    idleMs: integer(env, 'SATELLITE_IDLE_MS', 600_000, 1000, 86_400_000),
    maxMemoryMb: integer(env, 'SATELLITE_MAX_MEMORY_MB', 0, 0, 1_000_000) || null,
    maxCpuPercent: integer(env, 'SATELLITE_MAX_CPU_PERCENT', 0, 0, 100_000) || null,
    cpuWindowSeconds: integer(env, 'SATELLITE_CPU_WINDOW_SECONDS', 30, 1, 3600),
    maxProcesses: integer(env, 'SATELLITE_MAX_PROCESSES', 0, 0, 100_000) || null,
    maxProcessesPerTeam: integer(env, 'SATELLITE_MAX_PROCESSES_PER_TEAM', 0, 0, 100_000) || null,
    sandbox: oneOf(env, 'SATELLITE_SANDBOX', SATELLITE_SANDBOXES, 'off'),
    sandboxOpenFiles: integer(env, 'SATELLITE_SANDBOX_OPEN_FILES', 4096, 16, 1_048_576),
    sandboxProcesses: integer(env, 'SATELLITE_SANDBOX_PROCESSES', 0, 0, 4_194_304) || null,
  };
}

/** The paired satellites' SATELLITE_* settings: tokens, caches, body limits and event batches. */
function readPairedSatellites(env: Env): SatellitesConfig['satellites'] {
  return {
    globalTokenTtlSeconds: integer(
      env,
      'SATELLITE_GLOBAL_TOKEN_TTL_SECONDS',
      3600,
      60,
      30 * 86_400,
    ),
    teamTokenTtlSeconds: integer(env, 'SATELLITE_TEAM_TOKEN_TTL_SECONDS', 86_400, 60, 30 * 86_400),
    commandTtlSeconds: integer(env, 'SATELLITE_COMMAND_TTL_SECONDS', 300, 10, 86_400),
    metricsRetentionDays: integer(env, 'SATELLITE_METRICS_RETENTION_DAYS', 7, 1, 3650),
    // How long a checked key is remembered; disabling or rotating on another replica takes
    // effect within this window (at once on the replica that made the change).
    keyCacheMs: integer(env, 'SATELLITE_KEY_CACHE_MS', 5000, 0, 60_000),
    scopeCacheMs: integer(env, 'SATELLITE_SCOPE_CACHE_MS', 60_000, 0, 600_000),
    // Changes made on another replica by an event batch reach a remembered answer within this
    // window; every other change is heard at once (docs/operators.md, "Satellite configuration").
    configCacheMs: integer(env, 'SATELLITE_CONFIG_CACHE_MS', 1000, 0, 60_000),
    tokenPrefix: tokenPrefix(env),
    heartbeatBodyLimitBytes: integer(
      env,
      'SATELLITE_HEARTBEAT_BODY_LIMIT_BYTES',
      10_485_760,
      1024,
      104_857_600,
    ),
    // Parsing a batch holds the event loop (about 10 ms per MiB): 4 MiB bounds it to ~40 ms.
    eventsBodyLimitBytes: integer(
      env,
      'SATELLITE_EVENTS_BODY_LIMIT_BYTES',
      4_194_304,
      1024,
      104_857_600,
    ),
    eventBatchMaxRows: integer(env, 'SATELLITE_EVENT_BATCH_MAX_ROWS', 5000, 100, 1_000_000),
    eventSliceRows: integer(env, 'SATELLITE_EVENT_SLICE_ROWS', 500, 10, 1_000_000),
    eventSliceBytes: integer(env, 'SATELLITE_EVENT_SLICE_BYTES', 131_072, 1024, 104_857_600),
    eventBatchesAtOnce: integer(env, 'SATELLITE_EVENT_BATCHES_AT_ONCE', 2, 1, 1000),
    eventBatchesWaiting: integer(env, 'SATELLITE_EVENT_BATCHES_WAITING', 32, 0, 100_000),
    eventHistoryRetentionDays: integer(env, 'SATELLITE_EVENT_HISTORY_RETENTION_DAYS', 7, 1, 3650),
    // At most a day: the history (kept at least a day) is what remembers the events seen.
    eventDedupWindowSeconds: integer(env, 'SATELLITE_EVENT_DEDUP_WINDOW_SECONDS', 600, 1, 86_400),
    eventsAsyncCommit: flag(env, 'SATELLITE_EVENTS_ASYNC_COMMIT'),
  };
}

/** BUILTIN_SATELLITE and the SATELLITE_* settings. */
export function readSatellitesConfig(env: Env): SatellitesConfig {
  return { builtInSatellite: readBuiltInSatellite(env), satellites: readPairedSatellites(env) };
}
