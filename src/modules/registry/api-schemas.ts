import { Type } from '@sinclair/typebox';
import { StringEnum } from '../../http/schemas.js';
import {
  CATALOGUE_META,
  OFFICIAL_META,
  OfficialMeta,
  ServerDetail,
  STATUSES,
} from './server-json.js';

/**
 * The Registry API v0.1 shapes (`ServerList`, `ServerResponse`, `{error}`), written from the
 * registry's published OpenAPI description; test/modules/registry checks answers against them.
 */
export const RegistryError = Type.Object(
  { error: Type.String({ description: 'What went wrong' }) },
  { description: 'Registry API error' },
);

export const CatalogueMeta = Type.Object({
  server_id: Type.String({ description: 'The catalogue server this entry is' }),
  slug: Type.String(),
  version_id: Type.String({ description: 'The catalogue version this entry is' }),
  catalogue_status: StringEnum(STATUSES),
  upstream_updated_at: Type.Optional(Type.String({ format: 'date-time' })),
});

export const ServerResponse = Type.Object({
  // Documents keep fields this service does not know, so they are served back as they came.
  server: Type.Object(ServerDetail.properties, { additionalProperties: true }),
  _meta: Type.Object(
    {
      [OFFICIAL_META]: Type.Object(
        {
          ...OfficialMeta.properties,
          status: StringEnum(STATUSES),
          publishedAt: Type.String({ format: 'date-time' }),
          updatedAt: Type.String({ format: 'date-time' }),
          statusChangedAt: Type.String({ format: 'date-time' }),
          isLatest: Type.Boolean(),
        },
        { additionalProperties: false },
      ),
      [CATALOGUE_META]: CatalogueMeta,
    },
    { additionalProperties: true },
  ),
});

export const ServerList = Type.Object({
  servers: Type.Array(ServerResponse),
  metadata: Type.Object({
    nextCursor: Type.Optional(Type.String({ description: 'Absent on the last page' })),
    count: Type.Integer({ description: 'Entries on this page' }),
  }),
});

const IncludeDeleted = Type.Optional(
  StringEnum(['true', 'false'], { description: 'Include deleted entries (default false)' }),
);

export const ListQuery = Type.Object(
  {
    cursor: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 500,
        description: 'metadata.nextCursor of the previous page',
      }),
    ),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 30 })),
    search: Type.Optional(
      Type.String({ minLength: 1, maxLength: 200, description: 'Substring of the server name' }),
    ),
    updated_since: Type.Optional(
      Type.String({ format: 'date-time', description: 'RFC 3339; implies include_deleted' }),
    ),
    version: Type.Optional(
      Type.String({ minLength: 1, maxLength: 255, description: '`latest` or an exact version' }),
    ),
    include_deleted: IncludeDeleted,
  },
  { additionalProperties: false },
);
export const DeletedQuery = Type.Object(
  { include_deleted: IncludeDeleted },
  { additionalProperties: false },
);

export const NameParams = Type.Object({
  serverName: Type.String({
    minLength: 3,
    maxLength: 200,
    description: 'URL-encoded server name, e.g. com.example%2Fweather',
  }),
});
export const VersionParams = Type.Object({
  serverName: NameParams.properties.serverName,
  version: Type.String({
    minLength: 1,
    maxLength: 255,
    description: 'URL-encoded version, or `latest`',
  }),
});

export const ProtectedResourceMetadata = Type.Object({
  resource: Type.String(),
  authorization_servers: Type.Array(Type.String()),
  scopes_supported: Type.Array(Type.String()),
  bearer_methods_supported: Type.Array(Type.String()),
  resource_name: Type.String(),
  resource_documentation: Type.String(),
});
