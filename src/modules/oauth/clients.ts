import { OAUTH_SCOPES, type OAuthScope } from '../../http/auth/types.js';

/**
 * How the authorization server knows a client, shown on the consent page:
 * - `first_party`: built in (the command-line gateway) or configured by the operator;
 * - `dynamic`: registered by itself through RFC 7591 dynamic registration;
 * - `metadata_document`: its client_id is the https URL of its client ID metadata document.
 */
export type ClientKind = 'first_party' | 'dynamic' | 'metadata_document';

export const CLIENT_KIND_WORDS: Record<ClientKind, string> = {
  first_party: 'First-party application of this Groundstation',
  dynamic: 'Registered itself with this Groundstation (not verified)',
  metadata_document: 'Identified by a client metadata document',
};

export interface OAuthClient {
  id: string;
  name: string;
  kind: ClientKind;
  /** Exact strings; no prefix or pattern matching (RFC 6749 §3.1.2). */
  redirectUris: readonly string[];
}

export const CLI_CLIENT_ID = 'service-gateway-cli';

/** The built-in client. The command-line gateway is a public client: no secret, PKCE only. */
export const BUILT_IN_CLIENTS: Record<string, OAuthClient> = {
  [CLI_CLIENT_ID]: {
    id: CLI_CLIENT_ID,
    name: 'Groundstation command-line gateway',
    kind: 'first_party',
    redirectUris: ['http://localhost:8976/oauth/callback', 'http://127.0.0.1:8976/oauth/callback'],
  },
};

export const SUPPORTED_SCOPES = Object.keys(OAUTH_SCOPES) as OAuthScope[];
const isScope = (p: string): p is OAuthScope => Object.hasOwn(OAUTH_SCOPES, p);

/** Splits a space-separated scope string; returns the unknown ones separately. */
export function parseScopes(raw: string): { scopes: OAuthScope[]; unknown: string[] } {
  const parts = [...new Set(raw.split(' ').filter(Boolean))];
  return { scopes: parts.filter(isScope), unknown: parts.filter((p) => !isScope(p)) };
}
