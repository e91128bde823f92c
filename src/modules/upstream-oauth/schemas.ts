import { Type } from '@sinclair/typebox';
import { Nullable, Success, Timestamp } from '../../http/schemas.js';

export const InstanceParams = Type.Object({
  teamId: Type.String({ minLength: 1, maxLength: 100 }),
  installationId: Type.String({ minLength: 1, maxLength: 100 }),
});

const ReturnTo = Type.String({
  minLength: 1,
  maxLength: 2000,
  description: 'A path of this service to send the browser to afterwards (default /)',
});

export const ConnectBody = Type.Object(
  { return_to: Type.Optional(ReturnTo) },
  { additionalProperties: false },
);
export const ConnectQuery = Type.Object(
  { return_to: Type.Optional(ReturnTo) },
  { additionalProperties: false },
);

export const ConnectResponse = Success(
  Type.Object({
    authorization_url: Type.String({
      description: 'Where the member signs in; it comes back to /api/upstream-oauth/callback',
    }),
    expires_at: Timestamp,
  }),
);

export const ConnectionResponse = Success(
  Type.Object({
    connected: Type.Boolean(),
    expires_at: Nullable(Timestamp),
    scope: Nullable(Type.String()),
    can_refresh: Type.Boolean(),
    instance_status: Type.String(),
  }),
);

export const DisconnectResponse = Success(
  Type.Object({
    revoked: Type.Boolean({
      description: 'Whether the server revoked the tokens (RFC 7009); they are deleted either way',
    }),
  }),
);

export const CallbackQuery = Type.Object(
  {
    state: Type.String({ minLength: 1, maxLength: 500 }),
    code: Type.Optional(Type.String({ minLength: 1, maxLength: 4000 })),
    error: Type.Optional(Type.String({ maxLength: 200 })),
    error_description: Type.Optional(Type.String({ maxLength: 2000 })),
    error_uri: Type.Optional(Type.String({ maxLength: 2000 })),
    iss: Type.Optional(Type.String({ maxLength: 2000 })),
    scope: Type.Optional(Type.String({ maxLength: 2000 })),
  },
  { additionalProperties: true },
);

export const ClientMetadataDocument = Type.Object({
  client_id: Type.String(),
  client_name: Type.String(),
  client_uri: Type.String(),
  redirect_uris: Type.Array(Type.String()),
  grant_types: Type.Array(Type.String()),
  response_types: Type.Array(Type.String()),
  token_endpoint_auth_method: Type.String(),
});

export const Redirect = (description: string) => ({ description, type: 'null' });
