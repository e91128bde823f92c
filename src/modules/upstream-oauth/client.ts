import type { OAuthClientInformationMixed } from '@modelcontextprotocol/sdk/shared/auth.js';
import type { AuthorizationServerRecord } from '../../db/schema/index.js';
import { ConflictError } from '../../http/errors.js';
import type { UpstreamFetch } from './outbound.js';
import { oauthClient } from './sdk.js';

/** Paths of this service that authorization servers and browsers reach. */
export const CALLBACK_PATH = '/api/upstream-oauth/callback';
export const CLIENT_METADATA_PATH = '/api/upstream-oauth/client-metadata.json';

export const callbackUrl = (baseUrl: string) => new URL(CALLBACK_PATH, baseUrl).href;
export const clientMetadataUrl = (baseUrl: string) => new URL(CLIENT_METADATA_PATH, baseUrl).href;

/** The client ID metadata document Groundstation serves about itself (its client_id is its URL). */
export function clientMetadataDocument(baseUrl: string) {
  return {
    client_id: clientMetadataUrl(baseUrl),
    client_name: 'Groundstation',
    client_uri: new URL('/', baseUrl).href,
    redirect_uris: [callbackUrl(baseUrl)],
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: 'none',
  };
}

/** What a dynamic registration asks for: the document's fields but its URL. */
function registrationMetadata(baseUrl: string) {
  const { client_id: _url, ...fields } = clientMetadataDocument(baseUrl);
  return fields;
}

export interface Discovered {
  authorizationServer: AuthorizationServerRecord;
  /** Scopes the protected resource names (RFC 9728), asked for when present. */
  scope: string | undefined;
}

/** RFC 9728, then RFC 8414 or OpenID discovery, through the SDK. */
export async function discover(serverUrl: string, fetchFn: UpstreamFetch): Promise<Discovered> {
  const { discoverOAuthServerInfo } = await oauthClient();
  let info;
  try {
    info = await discoverOAuthServerInfo(serverUrl, { fetchFn });
  } catch (error) {
    throw new ConflictError(
      `The server's OAuth metadata could not be read: ${(error as Error).message}`,
      'UPSTREAM_OAUTH_DISCOVERY',
    );
  }
  const metadata = info.authorizationServerMetadata;
  if (!metadata)
    throw new ConflictError(
      'The server names no authorization server metadata (RFC 8414 or OpenID discovery)',
      'UPSTREAM_OAUTH_DISCOVERY',
    );
  return {
    authorizationServer: { ...metadata },
    scope: info.resourceMetadata?.scopes_supported?.join(' ') || undefined,
  };
}

export interface ClientChoice {
  client: OAuthClientInformationMixed;
  how: 'administrator' | 'metadata_document' | 'dynamic_registration';
}

export interface IdentifyDeps {
  baseUrl: string;
  fetchFn: UpstreamFetch;
  /** A client an administrator entered for this server, secret decrypted. */
  preRegistered: { clientId: string; clientSecret: string | null } | null;
  /** Clients registered before, per authorization server and redirect URI. */
  registered: {
    find(key: string): Promise<OAuthClientInformationMixed | null>;
    save(key: string, client: OAuthClientInformationMixed): Promise<void>;
  };
}

/**
 * How Groundstation names itself to the authorization server: the client an administrator
 * entered; else its client ID metadata document (an https URL it serves) where the server
 * accepts those; else a client it registers dynamically (RFC 7591), once per server.
 */
export async function identify(
  authorizationServer: AuthorizationServerRecord,
  deps: IdentifyDeps,
): Promise<ClientChoice> {
  if (deps.preRegistered) {
    const { clientId, clientSecret } = deps.preRegistered;
    return {
      client: { client_id: clientId, ...(clientSecret ? { client_secret: clientSecret } : {}) },
      how: 'administrator',
    };
  }
  const metadata = authorizationServer;
  const documentUrl = clientMetadataUrl(deps.baseUrl);
  if (metadata.client_id_metadata_document_supported && documentUrl.startsWith('https://'))
    return { client: { client_id: documentUrl }, how: 'metadata_document' };
  if (!metadata.registration_endpoint)
    throw new ConflictError(
      'The authorization server accepts neither client ID metadata documents nor dynamic ' +
        'registration: an administrator must enter a client for this server',
      'UPSTREAM_OAUTH_NO_CLIENT',
    );
  const key = `${metadata.issuer} ${callbackUrl(deps.baseUrl)}`;
  const known = await deps.registered.find(key);
  if (known) return { client: known, how: 'dynamic_registration' };
  const { registerClient } = await oauthClient();
  const { client_id, client_secret } = await registerClient(metadata.issuer, {
    metadata,
    clientMetadata: registrationMetadata(deps.baseUrl),
    fetchFn: deps.fetchFn,
  }).catch((error: Error) => {
    throw new ConflictError(
      `Registration with the authorization server failed: ${error.message}`,
      'UPSTREAM_OAUTH_REGISTRATION',
    );
  });
  const client = { client_id, ...(client_secret ? { client_secret } : {}) };
  await deps.registered.save(key, client);
  return { client, how: 'dynamic_registration' };
}

/** RFC 7009: asks the authorization server to revoke a token; false where it offers no endpoint. */
export async function revokeUpstream(
  authorizationServer: AuthorizationServerRecord,
  client: OAuthClientInformationMixed,
  token: { value: string; hint: 'access_token' | 'refresh_token' },
  fetchFn: UpstreamFetch,
): Promise<boolean> {
  // RFC 8414 names it; OpenID discovery documents may carry it too.
  const endpoint =
    'revocation_endpoint' in authorizationServer ? authorizationServer.revocation_endpoint : null;
  if (typeof endpoint !== 'string') return false;
  const form = new URLSearchParams({
    token: token.value,
    token_type_hint: token.hint,
    client_id: client.client_id,
  });
  if (client.client_secret) form.set('client_secret', client.client_secret);
  const answer = await fetchFn(endpoint, { method: 'POST', body: form });
  return answer.ok;
}
