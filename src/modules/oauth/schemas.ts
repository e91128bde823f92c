import { Type } from '@sinclair/typebox';
import { MessageOnly, Nullable, Success, Timestamp } from '../../http/schemas.js';

export const HtmlPage = {
  description: 'An HTML page',
  content: { 'text/html': { schema: { type: 'string' } } },
};
export const Redirect = (description: string) => ({ description, type: 'null' });

const ClientKind = Type.Union([
  Type.Literal('first_party'),
  Type.Literal('dynamic'),
  Type.Literal('metadata_document'),
]);

const text = (description: string) => Type.Optional(Type.String({ description, maxLength: 4096 }));

/**
 * OAuth requests are plain parameters; unrecognised ones must be ignored (RFC 6749 §3.1, §3.2),
 * so these schemas allow extra properties, unlike every other route.
 */
export const AuthorizeQuery = Type.Object(
  {
    response_type: text('Must be code'),
    client_id: text('service-gateway-cli'),
    redirect_uri: text('One of the client’s registered redirect URIs, exactly'),
    scope: text('Space-separated scopes'),
    state: text('Opaque value returned to the client'),
    code_challenge: text('BASE64URL(SHA-256(code_verifier))'),
    code_challenge_method: text('Must be S256'),
    resource: text('RFC 8707: the satellite URL the token is for (becomes its audience)'),
  },
  { additionalProperties: true },
);

export const TokenBody = Type.Object(
  {
    grant_type: text('authorization_code or refresh_token'),
    client_id: text('service-gateway-cli, a registered client id or a metadata document URL'),
    code: text('The authorization code (authorization_code grant)'),
    redirect_uri: text('The redirect URI of the authorization request'),
    code_verifier: text('The PKCE verifier'),
    refresh_token: text('The refresh token (refresh_token grant)'),
    scope: text('Optional narrower scope on refresh'),
    resource: text('RFC 8707: the resource of the authorization request (or none)'),
  },
  { additionalProperties: true },
);

export const TokenResponse = Type.Object({
  success: Type.Literal(true),
  access_token: Type.String(),
  token_type: Type.Literal('Bearer'),
  expires_in: Type.Integer(),
  refresh_token: Type.Optional(Type.String()),
  scope: Type.String(),
});

export const RevokeBody = Type.Object(
  {
    token: text('The access or refresh token to revoke'),
    token_type_hint: text('access_token or refresh_token'),
    client_id: text('service-gateway-cli'),
  },
  { additionalProperties: true },
);

export const IntrospectBody = Type.Object(
  {
    token: Type.String({ minLength: 1, maxLength: 4096 }),
    token_type_hint: text('access_token or refresh_token'),
  },
  { additionalProperties: true },
);

export const IntrospectResponse = Type.Object({
  success: Type.Literal(true),
  active: Type.Boolean(),
  scope: Type.Optional(Type.String()),
  client_id: Type.Optional(Type.String()),
  username: Type.Optional(Type.String()),
  token_type: Type.Optional(Type.String()),
  exp: Type.Optional(Type.Integer()),
  iat: Type.Optional(Type.Integer()),
  sub: Type.Optional(Type.String()),
  iss: Type.Optional(Type.String()),
  aud: Type.Optional(Type.String({ description: 'RFC 8707 resource the token is bound to' })),
  // Answers to a satellite also name the team it serves the user in (docs/satellites.md).
  team_id: Type.Optional(Type.String()),
  team_name: Type.Optional(Type.String()),
  team_role: Type.Optional(Type.String({ description: 'team_admin or team_user' })),
  team_permissions: Type.Optional(Type.Array(Type.String())),
});

export const MetadataResponse = Type.Object({
  success: Type.Literal(true),
  issuer: Type.String(),
  authorization_endpoint: Type.String(),
  token_endpoint: Type.String(),
  revocation_endpoint: Type.String(),
  introspection_endpoint: Type.String(),
  response_types_supported: Type.Array(Type.String()),
  response_modes_supported: Type.Array(Type.String()),
  grant_types_supported: Type.Array(Type.String()),
  code_challenge_methods_supported: Type.Array(Type.String()),
  token_endpoint_auth_methods_supported: Type.Array(Type.String()),
  revocation_endpoint_auth_methods_supported: Type.Array(Type.String()),
  scopes_supported: Type.Array(Type.String()),
  authorization_response_iss_parameter_supported: Type.Boolean(),
  registration_endpoint: Type.String(),
  userinfo_endpoint: Type.String(),
  client_id_metadata_document_supported: Type.Boolean(),
  subject_types_supported: Type.Array(Type.String()),
});

/** RFC 7591 §2 client metadata; other members are ignored, types are checked by the service. */
export const RegistrationBody = Type.Object(
  {
    redirect_uris: Type.Optional(
      Type.Array(Type.String({ maxLength: 2000 }), {
        maxItems: 100,
        description: 'https URLs, or http URLs on a loopback host; matched exactly',
      }),
    ),
    client_name: Type.Optional(Type.String({ maxLength: 1000 })),
    token_endpoint_auth_method: Type.Optional(Type.String({ description: 'none (the default)' })),
    grant_types: Type.Optional(Type.Array(Type.String(), { maxItems: 10 })),
    response_types: Type.Optional(Type.Array(Type.String(), { maxItems: 10 })),
    scope: Type.Optional(Type.String({ maxLength: 4096 })),
  },
  { additionalProperties: true },
);

export const RegistrationResponse = Type.Object({
  success: Type.Literal(true),
  client_id: Type.String(),
  client_id_issued_at: Type.Integer(),
  client_name: Type.String(),
  redirect_uris: Type.Array(Type.String()),
  grant_types: Type.Array(Type.String()),
  response_types: Type.Array(Type.String()),
  token_endpoint_auth_method: Type.Literal('none'),
});

export const UserinfoResponse = Type.Object({
  success: Type.Literal(true),
  sub: Type.String(),
  preferred_username: Type.String(),
  name: Type.String(),
  email: Type.Optional(Type.String()),
  email_verified: Type.Optional(Type.Boolean()),
});

export const AuthorizedClient = Type.Object({
  client_id: Type.String(),
  client_name: Type.String(),
  client_kind: ClientKind,
  scopes: Type.Array(Type.String()),
  teams: Type.Array(Type.Object({ id: Type.String(), name: Nullable(Type.String()) })),
  resources: Type.Array(Type.String()),
  grants: Type.Integer(),
  last_used_at: Nullable(Timestamp),
});
export const AuthorizedClientsResponse = Success(
  Type.Object({ clients: Type.Array(AuthorizedClient) }),
);
export const AuthorizedClientParams = Type.Object({
  clientId: Type.String({ minLength: 1, maxLength: 2000 }),
});

export const AdminClientsResponse = Success(
  Type.Object({
    clients: Type.Array(
      Type.Object({
        client_id: Type.String(),
        client_name: Type.String(),
        kind: ClientKind,
        redirect_uris: Type.Array(Type.String()),
        created_at: Timestamp,
        revoked_at: Nullable(Timestamp),
      }),
    ),
  }),
);

export const TeamClientsParams = Type.Object({
  teamId: Type.String({ minLength: 1, maxLength: 100 }),
});
export const TeamClientsResponse = Success(
  Type.Object({
    clients: Type.Array(
      Type.Object({
        client_id: Type.String(),
        client_name: Type.String(),
        client_kind: ClientKind,
        users: Type.Array(Type.Object({ user_id: Type.String(), username: Type.String() })),
        scopes: Type.Array(Type.String()),
        resources: Type.Array(Type.String()),
        last_used_at: Nullable(Timestamp),
      }),
    ),
  }),
);

export const LoginForm = Type.Object(
  {
    login: Type.String({ maxLength: 254 }),
    password: Type.String({ maxLength: 1024 }),
    return_to: Type.Optional(Type.String({ maxLength: 4096 })),
  },
  { additionalProperties: false },
);

export const LoginPageQuery = Type.Object(
  { return_to: Type.Optional(Type.String({ maxLength: 4096 })) },
  { additionalProperties: false },
);

export const ConsentForm = Type.Object(
  {
    ...AuthorizeQuery.properties,
    decision: Type.Union([Type.Literal('approve'), Type.Literal('deny')]),
    team_id: Type.Optional(
      Type.String({ maxLength: 100, description: 'The team chosen; default: the user’s own' }),
    ),
    csrf_token: Type.String({ maxLength: 200 }),
  },
  { additionalProperties: false },
);

export const Grant = Type.Object({
  id: Type.String(),
  client_id: Type.String(),
  client_name: Type.String(),
  client_kind: ClientKind,
  team_id: Nullable(Type.String()),
  team_name: Nullable(Type.String()),
  resource: Nullable(Type.String()),
  scopes: Type.Array(Type.String()),
  created_at: Timestamp,
  last_used_at: Nullable(Timestamp),
});
export const GrantsResponse = Success(Type.Object({ grants: Type.Array(Grant) }));
export const GrantParams = Type.Object({ grantId: Type.String({ minLength: 1, maxLength: 100 }) });
export const GrantRevokeForm = Type.Object(
  { grant_id: Type.String({ maxLength: 100 }), csrf_token: Type.String({ maxLength: 200 }) },
  { additionalProperties: false },
);
export const RevokeResponse = MessageOnly;
export const GrantsPageQuery = Type.Object(
  { revoked: Type.Optional(Type.Literal('1')) },
  { additionalProperties: false },
);
