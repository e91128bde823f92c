import { isIP } from 'node:net';
import { ConfigError, integer, type Env } from '../lib/env.js';

export type TrustProxy = false | number | string[];

/** The HTTP side: request bodies, proxies, cross-origin callers and Server-Sent Event streams. */
export interface HttpConfig {
  bodyLimitBytes: number;
  /**
   * Which proxies' X-Forwarded-* headers to believe: none (false), the nearest N hops, or the
   * proxies at these addresses and ranges (Fastify's `trustProxy`).
   */
  trustProxy: TrustProxy;
  /** Browser origins allowed to call the API cross-origin with credentials; empty: CORS off. */
  corsOrigins: string[];
  /** Server-Sent Event streams: how often they look for new items and send a keep-alive. */
  streams: { pollIntervalMs: number; heartbeatIntervalMs: number };
  /**
   * How long a stream may stay open before its client must reconnect, and how many streams one
   * account and one session or access token may hold open in each replica (0: no cap).
   */
  streamLimits: { maxLifetimeSeconds: number; maxPerUser: number; maxPerCredential: number };
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
function trustProxy(env: Env, warnings: string[]): TrustProxy {
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

/** CORS_ORIGINS: comma-separated origins (scheme://host[:port]); no wildcard, since cookies ride along. */
function origins(env: Env, key: string): string[] {
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

/** BODY_LIMIT_BYTES, TRUST_PROXY, CORS_ORIGINS and the STREAM_* settings. */
export function readHttpConfig(env: Env, warnings: string[]): HttpConfig {
  return {
    bodyLimitBytes: integer(env, 'BODY_LIMIT_BYTES', 1_048_576, 1024, 104_857_600),
    trustProxy: trustProxy(env, warnings),
    corsOrigins: origins(env, 'CORS_ORIGINS'),
    streams: {
      pollIntervalMs: integer(env, 'STREAM_POLL_INTERVAL_MS', 3000, 10, 60_000),
      heartbeatIntervalMs: integer(env, 'STREAM_HEARTBEAT_INTERVAL_MS', 30_000, 10, 300_000),
    },
    streamLimits: {
      maxLifetimeSeconds: integer(env, 'STREAM_MAX_LIFETIME_SECONDS', 3600, 1, 86_400),
      maxPerUser: integer(env, 'STREAM_MAX_PER_USER', 20, 0, 1_000_000),
      maxPerCredential: integer(env, 'STREAM_MAX_PER_CREDENTIAL', 10, 0, 1_000_000),
    },
  };
}
