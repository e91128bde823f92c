import type { AuditRequest } from '../audit/context.js';
import { OAUTH_SCOPES } from '../../http/auth/types.js';
import type { RegisteredClient } from './client-directory.js';
import type { OAuthServiceDeps } from './service-support.js';

/** Authorization server metadata (RFC 8414): where each endpoint is and what it supports. */
export function serverMetadata(issuer: string) {
  const base = issuer;
  return {
    issuer: base,
    authorization_endpoint: `${base}/api/oauth2/auth`,
    token_endpoint: `${base}/api/oauth2/token`,
    revocation_endpoint: `${base}/api/oauth2/revoke`,
    introspection_endpoint: `${base}/api/oauth2/introspect`,
    registration_endpoint: `${base}/api/oauth2/register`,
    userinfo_endpoint: `${base}/api/oauth2/userinfo`,
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    code_challenge_methods_supported: ['S256'],
    token_endpoint_auth_methods_supported: ['none'],
    revocation_endpoint_auth_methods_supported: ['none'],
    scopes_supported: Object.keys(OAUTH_SCOPES),
    authorization_response_iss_parameter_supported: true,
    client_id_metadata_document_supported: true,
    subject_types_supported: ['public'],
  };
}

export type ServerMetadata = ReturnType<typeof serverMetadata>;

/** How clients find this server and register themselves with it. */
export interface OAuthRegistration {
  /** RFC 7591 dynamic registration of a public client. */
  registerClient(body: unknown, request: AuditRequest): Promise<RegisteredClient>;
  /** Authorization server metadata (RFC 8414), also served as OpenID discovery. */
  metadata(): ServerMetadata;
}

/** The registration and discovery part of the OAuth service, over its dependencies. */
export function createOAuthRegistration(deps: OAuthServiceDeps): OAuthRegistration {
  return {
    registerClient: (body, request) => deps.clients.register(body, request),
    metadata: () => serverMetadata(deps.issuer),
  };
}
