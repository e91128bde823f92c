import path from 'node:path';
import { ConfigError, flag, integer, type Env } from '../../lib/env.js';

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

export interface OAuthConfig {
  /** The OAuth authorization server: extra first-party clients and client ID metadata documents. */
  oauth: OAuthSettings;
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

/** OAUTH_FIRST_PARTY_CLIENTS and the OAUTH_CLIENT_METADATA_* settings. */
export function readOAuthConfig(env: Env): OAuthConfig {
  return {
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
  };
}
