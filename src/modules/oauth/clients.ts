import { OAUTH_SCOPES, type OAuthScope } from '../../http/auth/types.js';

export interface OAuthClient {
  id: string;
  name: string;
  /** Exact strings; no prefix or pattern matching (RFC 6749 §3.1.2). */
  redirectUris: readonly string[];
}

/** The registered clients. The command-line gateway is a public client: no secret, PKCE only. */
export const OAUTH_CLIENTS: Record<string, OAuthClient> = {
  'service-gateway-cli': {
    id: 'service-gateway-cli',
    name: 'Groundstation command-line gateway',
    redirectUris: ['http://localhost:8976/oauth/callback', 'http://127.0.0.1:8976/oauth/callback'],
  },
};

export const SUPPORTED_SCOPES = Object.keys(OAUTH_SCOPES) as OAuthScope[];

/** Splits a space-separated scope string; returns the unknown ones separately. */
export function parseScopes(raw: string): { scopes: OAuthScope[]; unknown: string[] } {
  const parts = [...new Set(raw.split(' ').filter(Boolean))];
  const scopes = parts.filter((p): p is OAuthScope => p in OAUTH_SCOPES);
  return { scopes, unknown: parts.filter((p) => !(p in OAUTH_SCOPES)) };
}
