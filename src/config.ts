import path from 'node:path';
import { readDatabaseConfig, type DatabaseConfig } from './db/config.js';
import { readHttpConfig, type HttpConfig } from './http/config.js';
import { readJobsConfig, type JobsConfig } from './jobs/config.js';
import { ConfigError, integer, oneOf, type Env } from './lib/env.js';
import { readMetricsConfig, type MetricsConfig } from './metrics/config.js';
import { readAuthConfig, type AuthConfig } from './modules/auth/config.js';
import { readCatalogueConfig, type CatalogueConfig } from './modules/catalogue/config.js';
import { readOAuthConfig, type OAuthConfig } from './modules/oauth/config.js';
import { readRateLimitsConfig, type RateLimitsConfig } from './modules/rate-limits/config.js';
import { readRegistryConfig, type RegistryConfig } from './modules/registry/config.js';
import { readSatellitesConfig, type SatellitesConfig } from './modules/satellites/config.js';
import { readSettingsConfig, type SettingsConfig } from './modules/settings/config.js';
import { readSystemConfig, type SystemConfig } from './modules/system/config.js';
import {
  readUpstreamOAuthConfig,
  type UpstreamOAuthConfig,
} from './modules/upstream-oauth/config.js';
import { readUsersConfig, type UsersConfig } from './modules/users/config.js';

// Each concern declares and documents its own settings next to its code; this file composes them.
export { ConfigError };
export { EMBEDDED_COMPILERS, type EmbeddedCompiler } from './db/config.js';
export type { TrustProxy } from './http/config.js';
export type { RetentionSettings } from './jobs/config.js';
export {
  redirectUriAllowed,
  type FirstPartyClientSetting,
  type OAuthSettings,
} from './modules/oauth/config.js';
export { SATELLITE_SANDBOXES, type SatelliteSandbox } from './modules/satellites/config.js';

export const API_VERSION = '0.20.5';

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export const SECRET_NAMES = ['SESSION_SECRET', 'ENCRYPTION_KEY', 'JWT_SECRET'] as const;
export type SecretName = (typeof SECRET_NAMES)[number];

/** The secrets, and ENCRYPTION_KEYS_PREVIOUS (keys still read during a key rotation). */
export type SecretsFromEnv = Partial<Record<SecretName | 'ENCRYPTION_KEYS_PREVIOUS', string>>;

/** The process itself: where it listens and keeps its data, how it logs and stops. */
export interface ProcessConfig {
  port: number;
  host: string;
  baseUrl: string;
  dataDir: string;
  /** A folder of extra plugins, one sub-folder each; built-in plugins load regardless. */
  pluginsDir: string | null;
  logLevel: LogLevel;
  /** Accepted settings the operator should hear about; logged once when the app is built. */
  warnings: string[];
  shutdownTimeoutMs: number;
  /** Secrets given in the environment; missing ones are generated and kept in DATA_DIR. */
  secretsFromEnv: SecretsFromEnv;
}

/** Every setting, read once at the start; each part is documented where it is declared. */
export interface Config
  extends
    ProcessConfig,
    DatabaseConfig,
    HttpConfig,
    JobsConfig,
    MetricsConfig,
    AuthConfig,
    UsersConfig,
    SettingsConfig,
    CatalogueConfig,
    SystemConfig,
    RateLimitsConfig,
    OAuthConfig,
    SatellitesConfig,
    RegistryConfig,
    UpstreamOAuthConfig {}

const LOG_LEVELS: readonly LogLevel[] = [
  'fatal',
  'error',
  'warn',
  'info',
  'debug',
  'trace',
  'silent',
];

/** PORT, HOST, BASE_URL, DATA_DIR, PLUGINS_DIR, LOG_LEVEL, SHUTDOWN_TIMEOUT_MS and the secrets. */
function readProcessConfig(env: Env, warnings: string[]): ProcessConfig {
  const port = integer(env, 'PORT', 3000, 0, 65535);
  const logLevel = oneOf(env, 'LOG_LEVEL', LOG_LEVELS, 'info');
  const baseUrl = (env.BASE_URL || `http://localhost:${port}`).replace(/\/+$/, '');
  try {
    new URL(baseUrl);
  } catch {
    throw new ConfigError(`BASE_URL must be an absolute URL, got "${baseUrl}"`);
  }
  const secretsFromEnv: SecretsFromEnv = {};
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
    logLevel,
    warnings,
    shutdownTimeoutMs: integer(env, 'SHUTDOWN_TIMEOUT_MS', 10_000, 100, 600_000),
    secretsFromEnv,
  };
}

/** Reads the environment once; everything else receives the resulting object. */
export function loadConfig(env: Env = process.env): Config {
  const warnings: string[] = [];
  const core = readProcessConfig(env, warnings);
  return {
    ...core,
    ...readJobsConfig(env),
    ...readDatabaseConfig(env),
    ...readHttpConfig(env, warnings),
    ...readAuthConfig(env),
    ...readUsersConfig(env),
    ...readSettingsConfig(env),
    ...readCatalogueConfig(env),
    ...readSystemConfig(env),
    ...readRateLimitsConfig(env),
    ...readOAuthConfig(env),
    ...readSatellitesConfig(env),
    ...readMetricsConfig(env, core.port),
    ...readRegistryConfig(env),
    ...readUpstreamOAuthConfig(env),
  };
}
