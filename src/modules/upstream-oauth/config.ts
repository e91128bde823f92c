import { flag, integer, type Env } from '../../lib/env.js';

export interface UpstreamOAuthConfig {
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
}

/** The UPSTREAM_OAUTH_* settings. */
export function readUpstreamOAuthConfig(env: Env): UpstreamOAuthConfig {
  return {
    upstreamOAuth: {
      allowPrivateAddresses: flag(env, 'UPSTREAM_OAUTH_ALLOW_PRIVATE_ADDRESSES'),
      timeoutMs: integer(env, 'UPSTREAM_OAUTH_TIMEOUT_MS', 10_000, 100, 60_000),
      maxBytes: integer(env, 'UPSTREAM_OAUTH_MAX_BYTES', 65_536, 1024, 1_048_576),
      detectTimeoutMs: integer(env, 'UPSTREAM_OAUTH_DETECT_TIMEOUT_MS', 3000, 100, 30_000),
    },
  };
}
