import { Type } from '@sinclair/typebox';
import { PaginatedData, PaginatedQuery } from '../../http/pagination.js';
import { Nullable, StringEnum, Success, Timestamp } from '../../http/schemas.js';

export const Satellite = Type.Object({
  id: Type.String(),
  name: Type.String(),
  type: StringEnum(['global', 'team']),
  team_id: Nullable(Type.String()),
  status: Type.String(),
  disabled: Type.Boolean(),
  version: Nullable(Type.String()),
  satellite_url: Nullable(
    Type.String({
      description:
        'Where its MCP clients reach it, and the audience their tokens must name (RFC 8707): ' +
        'given at pairing or set by an administrator; a heartbeat never moves it',
    }),
  ),
  last_heartbeat_at: Nullable(Timestamp),
  created_at: Timestamp,
});

export const SatelliteParams = Type.Object({
  satelliteId: Type.String({ minLength: 1, maxLength: 100 }),
});
export const TokenParams = Type.Object({ tokenId: Type.String({ minLength: 1, maxLength: 100 }) });
export const ListQuery = PaginatedQuery();
export const TokenListQuery = PaginatedQuery({
  state: Type.Optional(
    StringEnum(['active'], {
      description: 'active: only tokens not yet used, revoked or expired',
    }),
  ),
});

export const CreateTokenBody = Type.Object(
  {
    scope: StringEnum(['global', 'team']),
    team_id: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 100 }))),
    name: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
    expires_in_seconds: Type.Optional(
      Type.Integer({
        minimum: 60,
        maximum: 30 * 86_400,
        description: 'Default 1 hour (global) or 24 hours (team)',
      }),
    ),
  },
  { additionalProperties: false },
);
export const CreatedTokenResponse = Success(
  Type.Object({
    id: Type.String(),
    token: Type.String({
      description:
        '<prefix>satellite_<scope>_<JWT> (prefix: SATELLITE_TOKEN_PREFIX); shown only this once',
    }),
    scope: StringEnum(['global', 'team']),
    team_id: Nullable(Type.String()),
    expires_at: Timestamp,
  }),
);
const TokenSummary = Type.Object({
  id: Type.String(),
  name: Nullable(Type.String()),
  scope: StringEnum(['global', 'team']),
  team_id: Nullable(Type.String()),
  created_by: Nullable(
    Type.String({ description: 'The account that issued it; null once that account is deleted' }),
  ),
  created_at: Timestamp,
  expires_at: Timestamp,
  used_at: Nullable(Timestamp),
  revoked_at: Nullable(Timestamp),
  state: StringEnum(['active', 'used', 'expired', 'revoked']),
});
export const TokenListResponse = Success(PaginatedData('tokens', TokenSummary));

// Registration's body and answer: pairing-schemas.ts. A key given by rotate-key:
export const RegisteredResponse = Success(
  Type.Object({
    satellite: Satellite,
    api_key: Type.String({ description: 'ssk_<key id>_<secret>; shown only this once' }),
  }),
);
export const SatelliteResponse = Success(Type.Object({ satellite: Satellite }));
export const SatelliteListResponse = Success(PaginatedData('satellites', Satellite));
export const UpdateSatelliteBody = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    disabled: Type.Optional(Type.Boolean()),
    satellite_url: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 2048,
        description:
          'An absolute http(s) URL: where the satellite’s MCP clients reach it, the audience ' +
          'of their tokens. Audited (satellite.url_changed)',
      }),
    ),
  },
  { additionalProperties: false, minProperties: 1 },
);

// The heartbeat's body and answer: heartbeat-schemas.ts.

// Commands, results and configuration: command-schemas.ts and config-schemas.ts.

// Event batches and their history: event-schemas.ts.
