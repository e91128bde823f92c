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
  last_heartbeat_at: Nullable(Timestamp),
  created_at: Timestamp,
});

export const SatelliteParams = Type.Object({
  satelliteId: Type.String({ minLength: 1, maxLength: 100 }),
});
export const CommandParams = Type.Object({
  satelliteId: Type.String({ minLength: 1, maxLength: 100 }),
  commandId: Type.String({ minLength: 1, maxLength: 100 }),
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
    token: Type.String({ description: 'service_satellite_<JWT>; shown only this once' }),
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

export const RegisterBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100 }),
    capabilities: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
    system_info: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
    satellite_url: Type.Optional(Nullable(Type.String({ format: 'uri', maxLength: 2048 }))),
  },
  { additionalProperties: false },
);
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
  },
  { additionalProperties: false, minProperties: 1 },
);

const Count = Type.Integer({ minimum: 0, maximum: 1_000_000 });
export const HeartbeatBody = Type.Object(
  {
    status: StringEnum(['healthy', 'degraded', 'unhealthy']),
    version: Type.Optional(Type.String({ maxLength: 50 })),
    uptime_seconds: Type.Optional(Type.Number({ minimum: 0 })),
    processes: Type.Optional(
      Type.Object(
        {
          running: Type.Optional(Count),
          stopped: Type.Optional(Count),
          failed: Type.Optional(Count),
        },
        { additionalProperties: false },
      ),
    ),
    system: Type.Optional(
      Type.Object(
        {
          cpu_percent: Type.Optional(Type.Number({ minimum: 0, maximum: 100_000 })),
          memory_percent: Type.Optional(Type.Number({ minimum: 0, maximum: 100 })),
          memory_used_mb: Type.Optional(Type.Number({ minimum: 0 })),
          memory_total_mb: Type.Optional(Type.Number({ minimum: 0 })),
          disk_percent: Type.Optional(Type.Number({ minimum: 0, maximum: 100 })),
          load_average: Type.Optional(Type.Number({ minimum: 0 })),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);
export const HeartbeatResponse = Success(
  Type.Object({ next_heartbeat_seconds: Type.Integer(), pending_commands: Type.Integer() }),
);

export const CommandsQuery = Type.Object(
  { limit: Type.Optional(Type.String({ pattern: '^0*([1-9][0-9]?|100)$', default: '10' })) },
  { additionalProperties: false },
);
const Command = Type.Object({
  id: Type.String(),
  type: Type.String(),
  priority: StringEnum(['immediate', 'high', 'normal', 'low']),
  payload: Type.Record(Type.String(), Type.Unknown()),
  status: Type.String(),
  created_at: Timestamp,
  expires_at: Timestamp,
});
export const CommandsResponse = Success(
  Type.Object({ commands: Type.Array(Command), next_poll_seconds: Type.Integer() }),
);
export const CommandResultBody = Type.Object(
  {
    status: StringEnum(['acknowledged', 'executing', 'completed', 'failed']),
    result: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
    error: Type.Optional(Nullable(Type.String({ maxLength: 10_000 }))),
  },
  { additionalProperties: false },
);
export const CommandResultResponse = Success(
  Type.Object({ id: Type.String(), status: Type.String() }),
);

const Values = Type.Record(Type.String(), Type.String());
export const ConfigResponse = Success(
  Type.Object({
    instances: Type.Array(
      Type.Object({
        process_id: Type.String(),
        instance_id: Type.String(),
        status: Type.String(),
        installation_id: Type.String(),
        installation_name: Type.String(),
        team_id: Type.String(),
        user_id: Type.String(),
        server: Type.Object({
          slug: Type.String(),
          transport: Type.String(),
          runtime: Nullable(Type.String()),
          command: Nullable(Type.String()),
          package: Nullable(Type.String()),
          args: Type.Array(Type.String()),
          url: Nullable(Type.String()),
        }),
        args: Type.Array(Type.String()),
        env: Values,
        headers: Values,
        settings: Type.Object({ request_logging_enabled: Type.Boolean() }),
      }),
    ),
  }),
);

export const EventBatchBody = Type.Object(
  {
    events: Type.Array(
      Type.Unknown({
        description: 'An event: {type, timestamp, data}; each is checked on its own',
      }),
      { minItems: 1, maxItems: 100 },
    ),
  },
  { additionalProperties: false },
);
export const EventBatchResponse = Type.Object({
  success: Type.Literal(true),
  processed: Type.Integer(),
  failed: Type.Integer(),
  event_ids: Type.Array(Type.String()),
  failures: Type.Optional(
    Type.Array(Type.Object({ index: Type.Integer(), type: Type.String(), error: Type.String() })),
  ),
});
