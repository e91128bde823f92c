import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { mcpServers, mcpServerVersions } from './catalogue.js';
import { createdAt, timestamptz } from './columns.js';

/**
 * The registry identity of a catalogue server that came from a `server.json` document (an
 * import, a registry sync or the starter catalogue). Servers typed in by hand have no row here.
 */
export const registryServers = pgTable(
  'registry_servers',
  {
    serverId: text()
      .primaryKey()
      .references(() => mcpServers.id, { onDelete: 'cascade' }),
    /** The reverse-DNS `name` of the documents, e.g. `io.github.acme/weather`; unique. */
    name: text().notNull(),
    /** Where the entry last came from: `import`, `starter` or `sync`. */
    source: text().notNull(),
    /** Digest of the catalogue fields as the last import wrote them; a mismatch means local edits. */
    fingerprint: text().notNull(),
    /** Set while an upstream change was not applied because the server was edited here. */
    localEditsKept: boolean().notNull().default(false),
    /** The upstream status of the latest version: active, deprecated or deleted. */
    upstreamStatus: text().notNull().default('active'),
    createdAt: createdAt(),
    updatedAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [uniqueIndex('registry_servers_name_key').on(t.name)],
);

/** One `server.json` document: one version of a registry server, kept as it arrived. */
export const registryVersions = pgTable(
  'registry_versions',
  {
    id: text().primaryKey(),
    serverId: text()
      .notNull()
      .references(() => mcpServers.id, { onDelete: 'cascade' }),
    versionId: text()
      .notNull()
      .references(() => mcpServerVersions.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    version: text().notNull(),
    /** The raw document (the `server` object), unchanged. */
    document: jsonb().$type<Record<string, unknown>>().notNull(),
    /** Digest of the document and upstream metadata, to tell "unchanged" from "updated". */
    digest: text().notNull(),
    status: text().notNull().default('active'),
    statusMessage: text(),
    statusChangedAt: timestamptz().notNull().defaultNow(),
    isLatest: boolean().notNull().default(false),
    /** Upstream's publishedAt/updatedAt when the document came from a registry. */
    publishedAt: timestamptz().notNull().defaultNow(),
    upstreamUpdatedAt: timestamptz(),
    /** When this service last changed the entry; what `updated_since` filters on. */
    updatedAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('registry_versions_name_version_key').on(t.name, t.version),
    uniqueIndex('registry_versions_version_key').on(t.versionId),
    index('registry_versions_server_idx').on(t.serverId),
    index('registry_versions_order_idx').on(t.name, t.id),
    index('registry_versions_updated_idx').on(t.updatedAt),
    index('registry_versions_latest_idx')
      .on(t.name, t.id)
      .where(sql`${t.isLatest}`),
  ],
);

/** The registry the catalogue syncs from (one per installation, id `default`). */
export const registrySources = pgTable('registry_sources', {
  id: text().primaryKey(),
  baseUrl: text().notNull(),
  /** `latest` fetches only latest versions; `all` every version. */
  versionMode: text().notNull().default('latest'),
  enabled: boolean().notNull().default(true),
  /** Newest upstream `updatedAt` of a completed sync; the next one asks for `updated_since` it. */
  highWaterMark: timestamptz(),
  /** Where an interrupted sync continues: the cursor of the first page not yet applied. */
  resumeCursor: text(),
  /** The `updated_since` of the interrupted sync, so the resumed pages are the same query. */
  resumeSince: timestamptz(),
  /** Newest upstream `updatedAt` seen by the interrupted sync so far. */
  resumeMark: timestamptz(),
  createdAt: createdAt(),
  updatedAt: timestamptz().notNull().defaultNow(),
});

export interface SyncFailure {
  name: string | null;
  version: string | null;
  reason: string;
}

/** One sync run and its progress, readable by administrators. */
export const registrySyncRuns = pgTable(
  'registry_sync_runs',
  {
    id: text().primaryKey(),
    sourceId: text().notNull(),
    trigger: text().notNull(),
    status: text().notNull(),
    updatedSince: timestamptz(),
    resumedFrom: text(),
    pages: integer().notNull().default(0),
    created: integer().notNull().default(0),
    updated: integer().notNull().default(0),
    unchanged: integer().notNull().default(0),
    failed: integer().notNull().default(0),
    failures: jsonb().$type<SyncFailure[]>().notNull(),
    error: text(),
    startedAt: createdAt(),
    finishedAt: timestamptz(),
  },
  (t) => [index('registry_sync_runs_started_idx').on(t.startedAt, t.id)],
);
