import { isIP } from 'node:net';
import path from 'node:path';

export const API_VERSION = '0.20.5';

export const EMBEDDED_COMPILERS = ['baseline', 'optimizing'] as const;
export type EmbeddedCompiler = (typeof EMBEDDED_COMPILERS)[number];
/** How the built-in satellite sandboxes its stdio servers (the satellite's servers/sandbox.ts). */
export const SATELLITE_SANDBOXES = ['off', 'prlimit', 'namespaces'] as const;
export type SatelliteSandbox = (typeof SATELLITE_SANDBOXES)[number];

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export interface Config {
  port: number;
  host: string;
  baseUrl: string;
  dataDir: string;
  /** A folder of extra plugins, one sub-folder each; built-in plugins load regardless. */
  pluginsDir: string | null;
  /** One interval for every periodic job instead of each job's own; unset in production. */
  jobsIntervalMs: number | null;
  /** PostgreSQL URL from the environment; it always wins over the one saved by first-run set-up. */
  databaseUrl: string | null;
  databasePoolMax: number;
  /** Hot statement texts prepared per connection lifetime (db/prepared.ts); 0 prepares none. */
  databasePreparedStatements: number;
  /** PGlite only: how often the next table is vacuumed in turn (db/embedded-vacuum.ts). */
  embeddedVacuumMs: number;
  /** PGlite only: which of V8's WASM compilers runs PostgreSQL (db/embedded-compiler.ts). */
  embeddedCompiler: EmbeddedCompiler;
  logLevel: LogLevel;
  bodyLimitBytes: number;
  /**
   * Which proxies' X-Forwarded-* headers to believe: none (false), the nearest N hops, or the
   * proxies at these addresses and ranges (Fastify's `trustProxy`).
   */
  trustProxy: TrustProxy;
  /** Accepted settings the operator should hear about; logged once when the app is built. */
  warnings: string[];
  shutdownTimeoutMs: number;
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
  /**
   * How long a replica remembers an account's own profile (`GET /api/users/me`; 0: never), used
   * only while it hears the `profiles` signal that any change to one raises (docs/operators.md).
   */
  profileCacheMs: number;
  /**
   * How long a replica remembers the stored global settings (0: never), used only while it
   * hears the `settings` signal that any change to them raises.
   */
  settingsCacheMs: number;
  /**
   * How long a replica remembers a catalogue list or search answer (0: never), used only while
   * it hears the `catalogue` signal that any change to the catalogue raises.
   */
  catalogueCacheMs: number;
  /** How often health and database status are refreshed in the background. */
  healthRefreshMs: number;
  /** Sign-in attempts: failures per account and attempts per address, per window. */
  loginLimits: { perAccount: number; perAddress: number; windowSeconds: number };
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
  /** Browser origins allowed to call the API cross-origin with credentials; empty: CORS off. */
  corsOrigins: string[];
  /** The OAuth authorization server: extra first-party clients and client ID metadata documents. */
  oauth: OAuthSettings;
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
  /** Server-Sent Event streams: how often they look for new items and send a keep-alive. */
  streams: { pollIntervalMs: number; heartbeatIntervalMs: number };
  /**
   * How long a stream may stay open before its client must reconnect, and how many streams one
   * account and one session or access token may hold open in each replica (0: no cap).
   */
  streamLimits: { maxLifetimeSeconds: number; maxPerUser: number; maxPerCredential: number };
  /**
   * Prometheus metrics: off unless a bearer token (served on the main port) or an internal port
   * is set; with both, the internal listener also wants the token.
   */
  metrics: { token: string | null; port: number | null; host: string };
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
  /**
   * Groundstation as an OAuth client of remote MCP servers, for their members
   * (docs/upstream-oauth.md): limits of its outbound requests.
   */
  upstreamOAuth: {
    /** Let those requests reach loopback and private addresses (tests, internal servers). */
    allowPrivateAddresses: boolean;
    timeoutMs: number;
    maxBytes: number;
    /** How long the check of a newly added server (does it want OAuth?) may take. */
    detectTimeoutMs: number;
  };
  /** Secrets given in the environment; missing ones are generated and kept in DATA_DIR. */
  secretsFromEnv: SecretsFromEnv;
  /** Retention of the tables that grow with use, in days (docs/operators.md, "Retention"). */
  retention: RetentionSettings;
}

/**
 * Days each growing table keeps its rows (0: for ever), and how the retention job deletes: in
 * batches of `batchSize` rows, at most `maxBatchesPerRun` batches per table and run, so that a
 * large backlog goes over several runs instead of in one long transaction.
 */
export interface RetentionSettings {
  usageDays: number;
  requestLogDays: number;
  serverLogDays: number;
  clientActivityDays: number;
  notificationDays: number;
  /** Satellite commands, handed out or not: a command waits a day at most, so none goes early. */
  commandDays: number;
  /** The audit log: whole leading runs of the hash chain go (modules/audit/retention.ts). */
  auditDays: number;
  /**
   * How often each replica links newly committed audit entries into the hash chain
   * (modules/audit/sealer.ts); reads of the log seal first regardless. Null when unset: the
   * database's default (`sealIntervalMs`).
   */
  auditSealMs: number | null;
  batchSize: number;
  maxBatchesPerRun: number;
}

/** The secrets, and ENCRYPTION_KEYS_PREVIOUS (keys still read during a key rotation). */
export type SecretsFromEnv = Partial<Record<SecretName | 'ENCRYPTION_KEYS_PREVIOUS', string>>;

export type TrustProxy = false | number | string[];

export interface FirstPartyClientSetting {
  id: string;
  name: string;
  redirectUris: string[];
}

export interface OAuthSettings {
  /** OAUTH_FIRST_PARTY_CLIENTS: clients known without registration, beside the built-in CLI. */
  firstPartyClients: FirstPartyClientSetting[];
  /** How client ID metadata documents (a client_id that is an https URL) are fetched. */
  clientMetadata: {
    /** Development only: also fetch from loopback, private and link-local addresses. */
    allowPrivateAddresses: boolean;
    timeoutMs: number;
    maxBytes: number;
    cacheSeconds: number;
    /** A PEM file of extra certificate authorities trusted for these fetches. */
    caFile: string | null;
  };
}

export const SECRET_NAMES = ['SESSION_SECRET', 'ENCRYPTION_KEY', 'JWT_SECRET'] as const;
export type SecretName = (typeof SECRET_NAMES)[number];

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const LOG_LEVELS: readonly LogLevel[] = [
  'fatal',
  'error',
  'warn',
  'info',
  'debug',
  'trace',
  'silent',
];

function integer(env: NodeJS.ProcessEnv, key: string, fallback: number, min: number, max: number) {
  const raw = env[key];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw)) throw new ConfigError(`${key} must be a whole number, got "${raw}"`);
  const value = Number(raw);
  if (value < min || value > max) {
    throw new ConfigError(`${key} must be between ${min} and ${max}, got ${value}`);
  }
  return value;
}

function oneOf<T extends string>(
  env: NodeJS.ProcessEnv,
  key: string,
  choices: readonly T[],
  fallback: T,
): T {
  const raw = env[key];
  if (raw === undefined || raw === '') return fallback;
  if (!(choices as readonly string[]).includes(raw)) {
    throw new ConfigError(`${key} must be one of ${choices.join(', ')}, got "${raw}"`);
  }
  return raw as T;
}

/** proxy-addr's names for the reserved ranges, accepted beside addresses and CIDRs. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

function proxyAddress(item: string): boolean {
  if (PROXY_RANGE_NAMES.includes(item)) return true;
  const [address = '', prefix, extra] = item.split('/');
  const version = isIP(address);
  if (!version || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: false (default); a number of proxy hops in front of the service; or a comma-separated
 * list of proxy addresses and CIDR ranges. `true` trusts every hop in Fastify, which lets any
 * client choose its address with a leftmost X-Forwarded-For, so here it means one hop.
 */
function trustProxy(env: NodeJS.ProcessEnv, warnings: string[]): TrustProxy {
  const raw = (env.TRUST_PROXY ?? '').trim();
  if (['', '0', 'false', 'no', 'off'].includes(raw.toLowerCase())) return false;
  if (['true', 'yes', 'on'].includes(raw.toLowerCase())) {
    warnings.push(
      'TRUST_PROXY=true is read as TRUST_PROXY=1: only the nearest proxy is trusted. Set the number ' +
        "of proxy hops or the proxies' addresses to make this explicit (docs/operators.md).",
    );
    return 1;
  }
  if (/^\d+$/.test(raw)) return integer(env, 'TRUST_PROXY', 0, 1, 100);
  const items = raw
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  const wrong = items.find((item) => !proxyAddress(item));
  if (wrong !== undefined || items.length === 0) {
    throw new ConfigError(
      'TRUST_PROXY must be false, a number of proxy hops, or a comma-separated list of proxy ' +
        `addresses and CIDR ranges (e.g. 127.0.0.1,10.0.0.0/8), got "${wrong ?? raw}"`,
    );
  }
  return items;
}

function postgresUrl(raw: string | undefined): string | null {
  if (raw === undefined || raw === '') return null;
  if (!/^postgres(ql)?:\/\//.test(raw)) {
    throw new ConfigError('DATABASE_URL must start with postgres:// or postgresql://');
  }
  return raw;
}

function metricsSettings(env: NodeJS.ProcessEnv, mainPort: number): Config['metrics'] {
  const token = env.METRICS_TOKEN || null;
  // The token travels as a bearer token, so it must be one word; short ones are guessable.
  if (token !== null && !/^[\x21-\x7e]{16,512}$/.test(token)) {
    throw new ConfigError(
      'METRICS_TOKEN must be 16 to 512 printable characters without spaces (openssl rand -hex 32)',
    );
  }
  const port = env.METRICS_PORT ? integer(env, 'METRICS_PORT', 0, 0, 65535) : null;
  if (port !== null && port !== 0 && port === mainPort) {
    throw new ConfigError(`METRICS_PORT must differ from PORT (${mainPort})`);
  }
  return { token, port, host: env.METRICS_HOST || '127.0.0.1' };
}

/** CORS_ORIGINS: comma-separated origins (scheme://host[:port]); no wildcard, since cookies ride along. */
function origins(env: NodeJS.ProcessEnv, key: string): string[] {
  const raw = env[key];
  if (!raw) return [];
  return raw
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
    .map((item) => {
      let url: URL | null = null;
      try {
        url = new URL(item);
      } catch {
        // reported below
      }
      if (
        !url ||
        !/^https?:$/.test(url.protocol) ||
        url.pathname !== '/' ||
        url.search ||
        url.hash ||
        url.username
      ) {
        throw new ConfigError(
          `${key} must list origins like https://app.example.com (no path, no wildcard), got "${item}"`,
        );
      }
      return url.origin;
    });
}

/**
 * SATELLITE_TOKEN_PREFIX: letters, digits, `-` and `_`, up to 32 characters (may be empty). The
 * token travels as a bearer token and satellites match its start literally.
 */
function tokenPrefix(env: NodeJS.ProcessEnv): string {
  const raw = env.SATELLITE_TOKEN_PREFIX ?? 'service_';
  if (!/^[A-Za-z0-9_-]{0,32}$/.test(raw)) {
    throw new ConfigError(
      `SATELLITE_TOKEN_PREFIX must be up to 32 letters, digits, "-" or "_" (e.g. deploystack_), got "${raw}"`,
    );
  }
  return raw;
}

function flag(env: NodeJS.ProcessEnv, key: string): boolean {
  const raw = (env[key] ?? '').trim().toLowerCase();
  if (['', '0', 'false', 'no', 'off'].includes(raw)) return false;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  throw new ConfigError(`${key} must be true or false, got "${env[key]}"`);
}

/**
 * OAUTH_FIRST_PARTY_CLIENTS: a JSON array of {"id", "name", "redirect_uris"}; public clients
 * (PKCE, no secret) whose consent page says they are first-party. Redirect URIs follow the rule
 * of registered clients: https, or http on a loopback host.
 */
function firstPartyClients(raw: string | undefined): FirstPartyClientSetting[] {
  if (!raw) return [];
  const fail = (why: string): never => {
    throw new ConfigError(`OAUTH_FIRST_PARTY_CLIENTS ${why}`);
  };
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    fail('must be a JSON array of {"id","name","redirect_uris"}');
  }
  if (!Array.isArray(parsed)) return fail('must be a JSON array of {"id","name","redirect_uris"}');
  const seen = new Set<string>(['service-gateway-cli']);
  return parsed.map((item: Record<string, unknown>) => {
    const id = item?.id;
    const name = item?.name;
    const uris = item?.redirect_uris;
    if (typeof id !== 'string' || !/^[A-Za-z0-9._-]{1,64}$/.test(id))
      fail('entries need an "id" of 1 to 64 letters, digits, ".", "_" or "-"');
    if (seen.has(id as string))
      fail(`names the client "${id as string}" twice (or the built-in one)`);
    seen.add(id as string);
    if (typeof name !== 'string' || name.length === 0 || name.length > 100)
      fail(`entry "${id as string}" needs a "name" of 1 to 100 characters`);
    if (!Array.isArray(uris) || uris.length === 0 || !uris.every(redirectUriAllowed))
      fail(
        `entry "${id as string}" needs "redirect_uris": https URLs or http URLs on a loopback host`,
      );
    return { id: id as string, name: name as string, redirectUris: uris as string[] };
  });
}

/** A redirect URI an OAuth client may have: https, or http on a loopback host; no fragment. */
export function redirectUriAllowed(value: unknown): boolean {
  if (typeof value !== 'string' || value.length > 2000) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.hash || url.username || url.password || value.includes('#')) return false;
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && ['127.0.0.1', '[::1]', 'localhost'].includes(url.hostname);
}

/** Reads the environment once; everything else receives the resulting object. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = integer(env, 'PORT', 3000, 0, 65535);
  const logLevel = oneOf(env, 'LOG_LEVEL', LOG_LEVELS, 'info');
  const baseUrl = (env.BASE_URL || `http://localhost:${port}`).replace(/\/+$/, '');
  try {
    new URL(baseUrl);
  } catch {
    throw new ConfigError(`BASE_URL must be an absolute URL, got "${baseUrl}"`);
  }
  const warnings: string[] = [];
  const secretsFromEnv: Config['secretsFromEnv'] = {};
  for (const name of SECRET_NAMES) {
    const value = env[name];
    if (value) secretsFromEnv[name] = value;
  }
  if (env.ENCRYPTION_KEYS_PREVIOUS)
    secretsFromEnv.ENCRYPTION_KEYS_PREVIOUS = env.ENCRYPTION_KEYS_PREVIOUS;
  return {
    port,
    host: env.HOST || '127.0.0.1',
    baseUrl,
    dataDir: path.resolve(env.DATA_DIR || './data'),
    pluginsDir: env.PLUGINS_DIR ? path.resolve(env.PLUGINS_DIR) : null,
    jobsIntervalMs: env.JOBS_INTERVAL_MS
      ? integer(env, 'JOBS_INTERVAL_MS', 1000, 100, 86_400_000)
      : null,
    databaseUrl: postgresUrl(env.DATABASE_URL),
    databasePoolMax: integer(env, 'DATABASE_POOL_MAX', 10, 1, 1000),
    databasePreparedStatements: integer(env, 'DATABASE_PREPARED_STATEMENTS', 8, 0, 100),
    embeddedVacuumMs: integer(env, 'EMBEDDED_VACUUM_MS', 20_000, 100, 3_600_000),
    embeddedCompiler: oneOf(env, 'EMBEDDED_COMPILER', EMBEDDED_COMPILERS, 'baseline'),
    logLevel,
    bodyLimitBytes: integer(env, 'BODY_LIMIT_BYTES', 1_048_576, 1024, 104_857_600),
    trustProxy: trustProxy(env, warnings),
    shutdownTimeoutMs: integer(env, 'SHUTDOWN_TIMEOUT_MS', 10_000, 100, 600_000),
    sessionCacheMs: integer(env, 'SESSION_CACHE_MS', 5000, 0, 60_000),
    sessionCacheSignalledMs: integer(env, 'SESSION_CACHE_SIGNALLED_MS', 60_000, 0, 600_000),
    profileCacheMs: integer(env, 'PROFILE_CACHE_MS', 60_000, 0, 600_000),
    settingsCacheMs: integer(env, 'SETTINGS_CACHE_MS', 60_000, 0, 600_000),
    catalogueCacheMs: integer(env, 'CATALOGUE_CACHE_MS', 60_000, 0, 600_000),
    healthRefreshMs: integer(env, 'HEALTH_REFRESH_MS', 1000, 100, 60_000),
    loginLimits: {
      perAccount: integer(env, 'LOGIN_LIMIT_PER_ACCOUNT', 10, 1, 1_000_000),
      perAddress: integer(env, 'LOGIN_LIMIT_PER_ADDRESS', 100, 1, 1_000_000),
      windowSeconds: integer(env, 'LOGIN_LIMIT_WINDOW_SECONDS', 900, 1, 86_400),
    },
    rateLimits: {
      windowSeconds: integer(env, 'RATE_LIMIT_WINDOW_SECONDS', 900, 1, 86_400),
      registrationPerAddress: integer(env, 'REGISTER_LIMIT_PER_ADDRESS', 30, 0, 1_000_000),
      oauthPerAddress: integer(env, 'OAUTH_LIMIT_PER_ADDRESS', 300, 0, 1_000_000),
      oauthPerAccount: integer(env, 'OAUTH_LIMIT_PER_ACCOUNT', 300, 0, 1_000_000),
      oauthRegistrationPerAddress: integer(
        env,
        'OAUTH_REGISTER_LIMIT_PER_ADDRESS',
        30,
        0,
        1_000_000,
      ),
      satellitePairingPerAddress: integer(
        env,
        'SATELLITE_REGISTER_LIMIT_PER_ADDRESS',
        300,
        0,
        1_000_000,
      ),
      // Per second. A satellite sends a batch every 3 s and a heartbeat every 30 s; this leaves
      // room for catching up after an outage (10,000 events/s of 100-event batches is 100/s).
      satellitePerSatellite: integer(env, 'SATELLITE_LIMIT_PER_SATELLITE', 200, 0, 1_000_000),
      satellitePerAddress: integer(env, 'SATELLITE_LIMIT_PER_ADDRESS', 1000, 0, 1_000_000),
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
      deploymentConfigPerAccount: integer(
        env,
        'DEPLOYMENT_CONFIG_LIMIT_PER_ACCOUNT',
        300,
        0,
        1_000_000,
      ),
      deploymentConfigPerAddress: integer(
        env,
        'DEPLOYMENT_CONFIG_LIMIT_PER_ADDRESS',
        1000,
        0,
        1_000_000,
      ),
      apiWindowSeconds: integer(env, 'API_LIMIT_WINDOW_SECONDS', 60, 1, 86_400),
      apiPerAccount: integer(env, 'API_LIMIT_PER_ACCOUNT', 6000, 0, 1_000_000_000),
      apiPerOAuthClient: integer(env, 'API_LIMIT_PER_OAUTH_CLIENT', 3000, 0, 1_000_000_000),
      apiSyncMs: integer(env, 'API_LIMIT_SYNC_MS', 1000, 10, 60_000),
    },
    corsOrigins: origins(env, 'CORS_ORIGINS'),
    oauth: {
      firstPartyClients: firstPartyClients(env.OAUTH_FIRST_PARTY_CLIENTS),
      clientMetadata: {
        allowPrivateAddresses: flag(env, 'OAUTH_CLIENT_METADATA_ALLOW_PRIVATE'),
        timeoutMs: integer(env, 'OAUTH_CLIENT_METADATA_TIMEOUT_MS', 5000, 100, 60_000),
        maxBytes: integer(env, 'OAUTH_CLIENT_METADATA_MAX_BYTES', 5120, 256, 1_048_576),
        cacheSeconds: integer(env, 'OAUTH_CLIENT_METADATA_CACHE_SECONDS', 300, 0, 86_400),
        caFile: env.OAUTH_CLIENT_METADATA_CA_FILE
          ? path.resolve(env.OAUTH_CLIENT_METADATA_CA_FILE)
          : null,
      },
    },
    builtInSatellite: {
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
    },
    satellites: {
      globalTokenTtlSeconds: integer(
        env,
        'SATELLITE_GLOBAL_TOKEN_TTL_SECONDS',
        3600,
        60,
        30 * 86_400,
      ),
      teamTokenTtlSeconds: integer(
        env,
        'SATELLITE_TEAM_TOKEN_TTL_SECONDS',
        86_400,
        60,
        30 * 86_400,
      ),
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
    },
    streams: {
      pollIntervalMs: integer(env, 'STREAM_POLL_INTERVAL_MS', 3000, 10, 60_000),
      heartbeatIntervalMs: integer(env, 'STREAM_HEARTBEAT_INTERVAL_MS', 30_000, 10, 300_000),
    },
    streamLimits: {
      maxLifetimeSeconds: integer(env, 'STREAM_MAX_LIFETIME_SECONDS', 3600, 1, 86_400),
      maxPerUser: integer(env, 'STREAM_MAX_PER_USER', 20, 0, 1_000_000),
      maxPerCredential: integer(env, 'STREAM_MAX_PER_CREDENTIAL', 10, 0, 1_000_000),
    },
    metrics: metricsSettings(env, port),
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
    upstreamOAuth: {
      allowPrivateAddresses: flag(env, 'UPSTREAM_OAUTH_ALLOW_PRIVATE_ADDRESSES'),
      timeoutMs: integer(env, 'UPSTREAM_OAUTH_TIMEOUT_MS', 10_000, 100, 60_000),
      maxBytes: integer(env, 'UPSTREAM_OAUTH_MAX_BYTES', 65_536, 1024, 1_048_576),
      detectTimeoutMs: integer(env, 'UPSTREAM_OAUTH_DETECT_TIMEOUT_MS', 3000, 100, 30_000),
    },
    secretsFromEnv,
    retention: {
      usageDays: integer(env, 'USAGE_RETENTION_DAYS', 90, 0, 36_500),
      requestLogDays: integer(env, 'REQUEST_LOG_RETENTION_DAYS', 30, 0, 36_500),
      serverLogDays: integer(env, 'SERVER_LOG_RETENTION_DAYS', 30, 0, 36_500),
      clientActivityDays: integer(env, 'CLIENT_ACTIVITY_RETENTION_DAYS', 90, 0, 36_500),
      notificationDays: integer(env, 'NOTIFICATION_RETENTION_DAYS', 90, 0, 36_500),
      commandDays: integer(env, 'SATELLITE_COMMAND_RETENTION_DAYS', 30, 0, 36_500),
      auditDays: integer(env, 'AUDIT_RETENTION_DAYS', 365, 0, 36_500),
      auditSealMs: env.AUDIT_SEAL_MS ? integer(env, 'AUDIT_SEAL_MS', 0, 50, 60_000) : null,
      batchSize: integer(env, 'RETENTION_BATCH_SIZE', 5000, 1, 1_000_000),
      maxBatchesPerRun: integer(env, 'RETENTION_MAX_BATCHES_PER_RUN', 100, 1, 1_000_000),
    },
    warnings,
  };
}
