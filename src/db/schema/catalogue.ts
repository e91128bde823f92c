import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, timestamptz } from './columns.js';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** One configurable value a server takes: an argument, an environment variable or a header. */
export interface ConfigField {
  name: string;
  description: string | null;
  required: boolean;
  secret: boolean;
  default: string | null;
  /** Set by server.json imports (docs/catalogue.md): the values allowed, the input format, a hint. */
  choices?: string[];
  format?: string;
  placeholder?: string;
}
export interface ConfigSection {
  args: ConfigField[];
  env: ConfigField[];
  headers: ConfigField[];
}
/** Which values the catalogue fixes (template), the team fills in, and each member fills in. */
export interface ConfigSchema {
  template: ConfigSection;
  team: ConfigSection;
  user: ConfigSection;
}

export const mcpCategories = pgTable(
  'mcp_categories',
  {
    id: text().primaryKey(),
    name: text().notNull(),
    slug: text().notNull(),
    description: text(),
    icon: text(),
    sortOrder: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [uniqueIndex('mcp_categories_slug_lower_key').on(sql`lower(${t.slug})`)],
);

export const mcpServers = pgTable(
  'mcp_servers',
  {
    id: text().primaryKey(),
    name: text().notNull(),
    slug: text().notNull(),
    description: text(),
    categoryId: text().references(() => mcpCategories.id, { onDelete: 'restrict' }),
    tags: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    repositoryUrl: text(),
    repoStars: integer().notNull().default(0),
    homepage: text(),
    language: text(),
    transport: text().notNull(),
    runtime: text(),
    command: text(),
    package: text(),
    args: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    url: text(),
    configSchema: jsonb().$type<ConfigSchema>().notNull(),
    status: text().notNull().default('active'),
    featured: boolean().notNull().default(false),
    /** Came from a server.json document (src/modules/registry); false for servers typed in. */
    fromRegistry: boolean().notNull().default(false),
    /**
     * An http/sse server whose members each sign in with OAuth (src/modules/upstream-oauth):
     * set by administrators, by registry entries, or detected when the server is added.
     */
    requiresOauth: boolean().notNull().default(false),
    /** A client an administrator registered with the server's authorization server. */
    oauthClientId: text(),
    /** Its secret, encrypted (lib/crypto.ts); null for a public client. */
    oauthClientSecret: text(),
    /** Weighted name (A), tags (B) and description (C); written with every insert and update. */
    searchVector: tsvector().notNull(),
    createdAt: createdAt(),
    updatedAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('mcp_servers_slug_lower_key').on(sql`lower(${t.slug})`),
    // Category pages are the common filter; this serves both the filter and the default order.
    index('mcp_servers_category_name_idx').on(t.categoryId, t.name, t.id),
    index('mcp_servers_name_idx').on(t.name, t.id),
    index('mcp_servers_stars_idx').on(t.repoStars, t.id),
    index('mcp_servers_created_idx').on(t.createdAt, t.id),
    index('mcp_servers_search_idx').using('gin', t.searchVector),
    // The registry API serves hand-made servers beside imported ones, found without a scan.
    index('mcp_servers_hand_made_idx')
      .on(t.slug)
      .where(sql`NOT ${t.fromRegistry}`),
  ],
);

export const mcpServerVersions = pgTable(
  'mcp_server_versions',
  {
    id: text().primaryKey(),
    serverId: text()
      .notNull()
      .references(() => mcpServers.id, { onDelete: 'cascade' }),
    version: text().notNull(),
    changelog: text(),
    releaseDate: date({ mode: 'string' }),
    isLatest: boolean().notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('mcp_server_versions_server_version_key').on(t.serverId, t.version),
    // At most one latest version per server, enforced by the database itself.
    uniqueIndex('mcp_server_versions_one_latest_key')
      .on(t.serverId)
      .where(sql`${t.isLatest}`),
  ],
);
