import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { mcpServers, mcpServerVersions } from './catalogue.js';
import { createdAt, timestamptz } from './columns.js';
import { teams } from './teams.js';
import { users } from './users.js';

/** Values per section; secret values are stored encrypted (`enc:v1:…`). */
export interface ConfigValues {
  args: Record<string, string>;
  env: Record<string, string>;
  headers: Record<string, string>;
}

export interface InstallationSettings {
  request_logging_enabled: boolean;
  /** Tools (as their server names them) hidden from the team's MCP clients. */
  disabled_tools?: string[];
}

export const mcpServerInstallations = pgTable(
  'mcp_server_installations',
  {
    id: text().primaryKey(),
    teamId: text()
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    serverId: text()
      .notNull()
      .references(() => mcpServers.id, { onDelete: 'restrict' }),
    versionId: text().references(() => mcpServerVersions.id, { onDelete: 'set null' }),
    name: text().notNull(),
    teamConfig: jsonb().$type<ConfigValues>().notNull(),
    satelliteId: text(),
    settings: jsonb().$type<InstallationSettings>().notNull(),
    toolCount: integer().notNull().default(0),
    totalTokens: integer().notNull().default(0),
    createdBy: text().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('mcp_installations_team_name_key').on(t.teamId, sql`lower(${t.name})`),
    index('mcp_installations_server_idx').on(t.serverId),
    index('mcp_installations_satellite_idx').on(t.satelliteId),
  ],
);

/** Each member's own copy of an installation; the only place that has a status. */
export const mcpServerInstances = pgTable(
  'mcp_server_instances',
  {
    id: text().primaryKey(),
    installationId: text()
      .notNull()
      .references(() => mcpServerInstallations.id, { onDelete: 'cascade' }),
    teamId: text()
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text().notNull(),
    statusMessage: text(),
    statusUpdatedAt: timestamptz().notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('mcp_instances_installation_user_key').on(t.installationId, t.userId),
    index('mcp_instances_team_user_idx').on(t.teamId, t.userId),
  ],
);

/** A member's personal values for an installation (their own credentials). */
export const mcpUserConfigs = pgTable(
  'mcp_user_configs',
  {
    installationId: text()
      .notNull()
      .references(() => mcpServerInstallations.id, { onDelete: 'cascade' }),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    values: jsonb().$type<ConfigValues>().notNull(),
    updatedAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [uniqueIndex('mcp_user_configs_key').on(t.installationId, t.userId)],
);

/**
 * Changes a satellite must act on, written in the same transaction as the change. The satellite
 * side turns them into commands; until then nothing is lost.
 */
export const satellitePendingWork = pgTable(
  'satellite_pending_work',
  {
    id: text().primaryKey(),
    kind: text().notNull(),
    teamId: text().notNull(),
    installationId: text(),
    userId: text(),
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
    processedAt: timestamptz(),
  },
  (t) => [
    index('satellite_pending_work_open_idx')
      .on(t.createdAt)
      .where(sql`${t.processedAt} IS NULL`),
  ],
);
