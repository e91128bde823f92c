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

/**
 * The registered client with this id. Own properties only: `toString` or `__proto__` from a
 * request must not find Object.prototype's members.
 */
export function findClient(id: string): OAuthClient | undefined {
  return Object.hasOwn(OAUTH_CLIENTS, id) ? OAUTH_CLIENTS[id] : undefined;
}

export const SUPPORTED_SCOPES = Object.keys(OAUTH_SCOPES) as OAuthScope[];
const isScope = (p: string): p is OAuthScope => Object.hasOwn(OAUTH_SCOPES, p);

/** Splits a space-separated scope string; returns the unknown ones separately. */
export function parseScopes(raw: string): { scopes: OAuthScope[]; unknown: string[] } {
  const parts = [...new Set(raw.split(' ').filter(Boolean))];
  return { scopes: parts.filter(isScope), unknown: parts.filter((p) => !isScope(p)) };
}
