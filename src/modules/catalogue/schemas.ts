import { Type } from '@sinclair/typebox';
import { PaginatedData, PaginatedQuery } from '../../http/pagination.js';
import { Nullable, StringEnum, Success, Timestamp } from '../../http/schemas.js';

export const TRANSPORTS = ['stdio', 'http', 'sse'] as const;
// `deleted` is set only by registry syncs: the entry stays for its installations, and no team can
// newly install it (docs/catalogue.md).
export const SERVER_STATUSES = ['active', 'deprecated', 'deleted'] as const;

const Slug = Type.String({
  pattern: '^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$',
  description: 'Lower-case letters, digits and dashes',
});
const Url = Type.String({ format: 'uri', pattern: '^https?://', maxLength: 2048 });
const ShortText = (max: number) => Type.String({ minLength: 1, maxLength: max });

// ---- categories
export const Category = Type.Object({
  id: Type.String(),
  name: Type.String(),
  slug: Type.String(),
  description: Nullable(Type.String()),
  icon: Nullable(Type.String()),
  sort_order: Type.Integer(),
  server_count: Type.Integer(),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export const CategoryBody = Type.Object(
  {
    name: ShortText(100),
    slug: Type.Optional(Slug),
    description: Type.Optional(Nullable(Type.String({ maxLength: 1000 }))),
    icon: Type.Optional(Nullable(Type.String({ maxLength: 200 }))),
    sort_order: Type.Optional(Type.Integer({ minimum: -1_000_000, maximum: 1_000_000 })),
  },
  { additionalProperties: false },
);
export const CategoryUpdateBody = Type.Partial(CategoryBody, {
  additionalProperties: false,
  minProperties: 1,
});
export const CategoryResponse = Success(Type.Object({ category: Category }));
export const CategoryListResponse = Success(Type.Object({ categories: Type.Array(Category) }));
export const CategoryDeleteQuery = Type.Object(
  {
    move_servers_to: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 100,
        description: 'Category that takes over the servers of the deleted one',
      }),
    ),
  },
  { additionalProperties: false },
);

// ---- servers
const Field = Type.Object(
  {
    name: Type.String({ pattern: '^[A-Za-z_][A-Za-z0-9_.-]{0,127}$' }),
    description: Type.Optional(Nullable(Type.String({ maxLength: 1000 }))),
    required: Type.Optional(Type.Boolean({ default: false })),
    secret: Type.Optional(Type.Boolean({ default: false })),
    default: Type.Optional(Nullable(Type.String({ maxLength: 4096 }))),
  },
  { additionalProperties: false },
);
const Fields = Type.Array(Field, { maxItems: 100 });
const Section = Type.Object(
  { args: Type.Optional(Fields), env: Type.Optional(Fields), headers: Type.Optional(Fields) },
  { additionalProperties: false },
);
export const ConfigSchemaInput = Type.Object(
  { template: Type.Optional(Section), team: Type.Optional(Section), user: Type.Optional(Section) },
  {
    additionalProperties: false,
    description:
      'Fields the catalogue fixes (template), the team fills in, and each member fills in',
  },
);
const FieldOut = Type.Object({
  name: Type.String(),
  description: Nullable(Type.String()),
  required: Type.Boolean(),
  secret: Type.Boolean(),
  default: Nullable(Type.String()),
  choices: Type.Optional(Type.Array(Type.String(), { description: 'Allowed values' })),
  format: Type.Optional(Type.String({ description: 'string, number, boolean or filepath' })),
  placeholder: Type.Optional(Type.String({ description: 'An example shown while filling in' })),
});
const SectionOut = Type.Object({
  args: Type.Array(FieldOut),
  env: Type.Array(FieldOut),
  headers: Type.Array(FieldOut),
});
export const ConfigSchemaOut = Type.Object({
  template: SectionOut,
  team: SectionOut,
  user: SectionOut,
});

const serverFields = {
  name: ShortText(200),
  slug: Type.Optional(Slug),
  description: Type.Optional(Nullable(Type.String({ maxLength: 5000 }))),
  category_id: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
  tags: Type.Optional(
    Type.Array(Type.String({ minLength: 1, maxLength: 50 }), { maxItems: 30, uniqueItems: true }),
  ),
  repository_url: Type.Optional(Nullable(Url)),
  repo_stars: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000_000 })),
  homepage: Type.Optional(Nullable(Url)),
  language: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 50 }))),
  transport: StringEnum(TRANSPORTS),
  runtime: Type.Optional(
    Nullable(Type.String({ maxLength: 50, description: 'e.g. node, python, docker' })),
  ),
  command: Type.Optional(Nullable(Type.String({ maxLength: 500 }))),
  package: Type.Optional(Nullable(Type.String({ maxLength: 500 }))),
  args: Type.Optional(Type.Array(Type.String({ maxLength: 1000 }), { maxItems: 100 })),
  url: Type.Optional(Nullable(Url)),
  config_schema: Type.Optional(ConfigSchemaInput),
  status: Type.Optional(StringEnum(['active', 'deprecated'])),
  featured: Type.Optional(Type.Boolean()),
  requires_oauth: Type.Optional(
    Type.Boolean({
      description:
        'http/sse only: each member signs in to the server with OAuth. Left out on creation, ' +
        'it is detected (an unauthenticated request answered 401 with RFC 9728 metadata)',
    }),
  ),
  oauth_client: Type.Optional(
    Nullable(
      Type.Object(
        {
          client_id: Type.String({ minLength: 1, maxLength: 500 }),
          client_secret: Type.Optional(Type.String({ minLength: 1, maxLength: 2000 })),
        },
        {
          additionalProperties: false,
          description:
            'A client registered by hand with the server’s authorization server, for servers ' +
            'that offer neither client ID metadata documents nor dynamic registration. ' +
            'The secret is stored encrypted and never shown again; null removes the client',
        },
      ),
    ),
  ),
};
export const ServerBody = Type.Object(serverFields, { additionalProperties: false });
export const ServerUpdateBody = Type.Partial(Type.Object(serverFields), {
  additionalProperties: false,
  minProperties: 1,
});

export const Server = Type.Object({
  id: Type.String(),
  name: Type.String(),
  slug: Type.String(),
  description: Nullable(Type.String()),
  category_id: Nullable(Type.String()),
  tags: Type.Array(Type.String()),
  repository_url: Nullable(Type.String()),
  repo_stars: Type.Integer(),
  homepage: Nullable(Type.String()),
  language: Nullable(Type.String()),
  transport: StringEnum(TRANSPORTS),
  runtime: Nullable(Type.String()),
  command: Nullable(Type.String()),
  package: Nullable(Type.String()),
  args: Type.Array(Type.String()),
  url: Nullable(Type.String()),
  config_schema: ConfigSchemaOut,
  status: StringEnum(SERVER_STATUSES),
  featured: Type.Boolean(),
  requires_oauth: Type.Boolean({
    description: 'Each member signs in to this http/sse server with OAuth (docs/upstream-oauth.md)',
  }),
  oauth_client: Nullable(
    Type.Object({
      client_id: Type.String(),
      has_secret: Type.Boolean({ description: 'The secret itself is never shown' }),
    }),
  ),
  created_at: Timestamp,
  updated_at: Timestamp,
});

const filters = {
  category_id: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  transport: Type.Optional(StringEnum(TRANSPORTS)),
  status: Type.Optional(StringEnum(SERVER_STATUSES)),
  featured: Type.Optional(StringEnum(['true', 'false'])),
  language: Type.Optional(Type.String({ minLength: 1, maxLength: 50 })),
};
export const ServerListQuery = PaginatedQuery({
  ...filters,
  sort_by: Type.Optional(StringEnum(['name', 'repo_stars', 'created_at'], { default: 'name' })),
  sort_order: Type.Optional(StringEnum(['asc', 'desc'])),
});
export const ServerSearchQuery = PaginatedQuery({
  ...filters,
  q: Type.String({
    minLength: 1,
    maxLength: 200,
    description: 'Words to find in name, description and tags; the last may be a prefix',
  }),
});
export const ServerParams = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 100, description: 'Server id or slug' }),
});
export const ServerDeleteQuery = Type.Object(
  {
    force: Type.Optional(
      StringEnum(['true', 'false'], {
        description: 'Delete even when teams have installed it (their installations go too)',
      }),
    ),
  },
  { additionalProperties: false },
);
export const ServerResponse = Success(Type.Object({ server: Server }));
export const ServerListResponse = Success(PaginatedData('servers', Server));

// ---- versions
export const Version = Type.Object({
  id: Type.String(),
  server_id: Type.String(),
  version: Type.String(),
  changelog: Nullable(Type.String()),
  release_date: Nullable(Type.String({ format: 'date' })),
  is_latest: Type.Boolean(),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export const VersionBody = Type.Object(
  {
    version: Type.String({ pattern: '^[0-9A-Za-z][0-9A-Za-z.+_-]{0,63}$' }),
    changelog: Type.Optional(Nullable(Type.String({ maxLength: 20_000 }))),
    release_date: Type.Optional(Nullable(Type.String({ format: 'date' }))),
    is_latest: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export const VersionUpdateBody = Type.Partial(VersionBody, {
  additionalProperties: false,
  minProperties: 1,
});
export const VersionParams = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 100 }),
  versionId: Type.String({ minLength: 1, maxLength: 100 }),
});
export const VersionResponse = Success(Type.Object({ version: Version }));
export const VersionListResponse = Success(Type.Object({ versions: Type.Array(Version) }));
