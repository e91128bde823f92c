import { Type } from '@sinclair/typebox';
import { PaginatedData, PaginatedQuery } from '../../http/pagination.js';
import { Nullable, StringEnum, Success, Timestamp } from '../../http/schemas.js';

const DialectSchema = StringEnum(['pglite', 'postgresql']);

export const HealthResponse = Success(
  Type.Object({
    status: Type.Literal('ok'),
    version: Type.String(),
    database: Type.Object({
      reachable: Type.Boolean(),
      dialect: DialectSchema,
      server_version: Type.String(),
      latency_ms: Type.Number(),
    }),
  }),
);

export const StatusResponse = Success(
  Type.Object({
    configured: Type.Boolean({ description: 'True once set-up ran or DATABASE_URL is set' }),
    dialect: DialectSchema,
    source: StringEnum(['environment', 'setup', 'default']),
    migrations: Type.Object({
      applied: Type.Integer(),
      pending: Type.Integer(),
      latest: Nullable(Type.String()),
    }),
  }),
);

export const MigrationsQuery = PaginatedQuery();

export const MigrationsResponse = Success(
  PaginatedData('migrations', Type.Object({ name: Type.String(), applied_at: Timestamp })),
);

export const SetupBody = Type.Object(
  {
    dialect: DialectSchema,
    database_url: Type.Optional(
      Type.String({
        pattern: '^postgres(ql)?://',
        maxLength: 2048,
        description: 'PostgreSQL connection URL; required when dialect is postgresql',
      }),
    ),
    setup_code: Type.Optional(
      Type.String({
        maxLength: 64,
        description:
          'The one-time code from the service log; needed unless a global administrator is ' +
          'signed in (or send it as the X-Setup-Code header)',
      }),
    ),
  },
  { additionalProperties: false },
);

export const SetupHeaders = Type.Object({
  'x-setup-code': Type.Optional(
    Type.String({ maxLength: 64, description: 'The one-time set-up code, instead of setup_code' }),
  ),
});

export const SetupResponse = Success(
  Type.Object({
    dialect: DialectSchema,
    restarting: Type.Boolean({
      description: 'True when the service is moving over to the newly chosen database',
    }),
  }),
);
