import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, timestamptz } from './columns.js';
import { mcpServerInstallations } from './installations.js';
import { teams } from './teams.js';
import { users } from './users.js';

/** Single-use pairing tokens. The token itself is shown once; its jti and SHA-256 are kept. */
export const satelliteRegistrationTokens = pgTable('satellite_registration_tokens', {
  id: text().primaryKey(),
  scope: text().notNull(),
  teamId: text().references(() => teams.id, { onDelete: 'cascade' }),
  tokenHash: text().notNull(),
  name: text(),
  createdBy: text().references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  expiresAt: timestamptz().notNull(),
  usedAt: timestamptz(),
  usedBySatelliteId: text(),
  revokedAt: timestamptz(),
});

export const satellites = pgTable(
  'satellites',
  {
    id: text().primaryKey(),
    name: text().notNull(),
    type: text().notNull(),
    teamId: text().references(() => teams.id, { onDelete: 'cascade' }),
    /** The public half of the API key `ssk_<key id>_<secret>`; found by index. */
    keyId: text().notNull(),
    keyHash: text().notNull(),
    status: text().notNull().default('registered'),
    disabledAt: timestamptz(),
    version: text(),
    /** As registered: a list of strings (DeployStack satellite) or an object (older form). */
    capabilities: jsonb().$type<string[] | Record<string, unknown>>().notNull().default({}),
    systemInfo: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    satelliteUrl: text(),
    lastHeartbeatAt: timestamptz(),
    lastState: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    /**
     * Counts the command polls that handed this satellite something. A configuration answer
     * remembered before the latest such poll is not used again (satellites/configuration.ts):
     * a satellite fetches its configuration right after a `configure`, on whichever replica.
     */
    commandDeliveries: bigint({ mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('satellites_key_id_key').on(t.keyId),
    index('satellites_team_idx').on(t.teamId),
  ],
);

/** One row per heartbeat, kept for a configurable window. */
export const satelliteHeartbeats = pgTable(
  'satellite_heartbeats',
  {
    id: text().primaryKey(),
    satelliteId: text()
      .notNull()
      .references(() => satellites.id, { onDelete: 'cascade' }),
    status: text().notNull(),
    cpuPercent: doublePrecision(),
    memoryPercent: doublePrecision(),
    processCount: integer(),
    metrics: jsonb().$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('satellite_heartbeats_satellite_time_idx').on(t.satelliteId, t.createdAt, t.id),
    // The retention job finds old rows by age alone (jobs/retention.ts).
    index('satellite_heartbeats_created_idx').on(t.createdAt),
  ],
);

export const satelliteCommands = pgTable(
  'satellite_commands',
  {
    id: text().primaryKey(),
    satelliteId: text()
      .notNull()
      .references(() => satellites.id, { onDelete: 'cascade' }),
    type: text().notNull(),
    /** 0 immediate, 1 high, 2 normal, 3 low: sorts by urgency. */
    priority: integer().notNull(),
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
    status: text().notNull().default('pending'),
    createdAt: createdAt(),
    expiresAt: timestamptz().notNull(),
    deliveredAt: timestamptz(),
    updatedAt: timestamptz().notNull().defaultNow(),
    result: jsonb().$type<Record<string, unknown>>(),
    error: text(),
  },
  (t) => [
    index('satellite_commands_pending_idx')
      .on(t.satelliteId, t.priority, t.createdAt)
      .where(sql`${t.status} = 'pending'`),
    // For the retention job (SATELLITE_COMMAND_RETENTION_DAYS).
    index('satellite_commands_created_idx').using('brin', t.createdAt),
  ],
);

export const satelliteProcesses = pgTable(
  'satellite_processes',
  {
    satelliteId: text()
      .notNull()
      .references(() => satellites.id, { onDelete: 'cascade' }),
    processId: text().notNull(),
    installationId: text().references(() => mcpServerInstallations.id, { onDelete: 'cascade' }),
    teamId: text().notNull(),
    status: text().notNull(),
    startedAt: timestamptz(),
    pid: integer(),
    transport: text(),
    toolCount: integer(),
    spawnDurationMs: doublePrecision(),
    exitCode: integer(),
    signal: text(),
    uptimeSeconds: doublePrecision(),
    crashCount: integer(),
    willRestart: boolean(),
    errorDetails: text(),
    updatedAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.satelliteId, t.processId] }),
    index('satellite_processes_installation_idx').on(t.installationId),
  ],
);

/** Crash times per process, to see 3 crashes within 5 minutes. */
export const satelliteProcessCrashes = pgTable(
  'satellite_process_crashes',
  {
    id: text().primaryKey(),
    satelliteId: text().notNull(),
    processId: text().notNull(),
    crashedAt: timestamptz().notNull(),
  },
  (t) => [index('satellite_process_crashes_idx').on(t.satelliteId, t.processId, t.crashedAt)],
);

export const satelliteUsageLogs = pgTable(
  'satellite_usage_logs',
  {
    id: text().primaryKey(),
    satelliteId: text().notNull(),
    /** No foreign key, like every table event batches fill row by row (migration 0030). */
    installationId: text().notNull(),
    teamId: text().notNull(),
    userId: text(),
    toolName: text().notNull(),
    durationMs: doublePrecision().notNull(),
    success: boolean().notNull(),
    errorMessage: text(),
    metrics: jsonb().$type<Record<string, unknown>>().notNull(),
    occurredAt: timestamptz().notNull(),
    createdAt: createdAt(),
    /**
     * Rows written before migration 0028 could be derived from a request log row (a `requests[]`
     * entry of a batched `mcp.request.logs`); that migration folded them into the request logs
     * (`countsAsUsage`), so the column is null on every row now.
     */
    requestLogId: text(),
  },
  (t) => [
    index('satellite_usage_logs_installation_idx').on(t.installationId, t.occurredAt, t.id),
    // A user's own activity, newest first by arrival (client-activity list and stream), which
    // shows a call derived from a request log once, as the request.
    index('satellite_usage_logs_user_idx')
      .on(t.userId, t.createdAt, t.id)
      .where(sql`${t.requestLogId} IS NULL`),
    // Retention only, on rows that arrive in time order: a BRIN index costs event batches next to
    // nothing per row, where a B-tree costs one more index insert (docs/performance.md).
    index('satellite_usage_logs_created_idx').using('brin', t.createdAt),
  ],
);

export const mcpServerLogs = pgTable(
  'mcp_server_logs',
  {
    id: text().primaryKey(),
    satelliteId: text().notNull(),
    /** No foreign key, like every table event batches fill row by row (migration 0030). */
    installationId: text().notNull(),
    teamId: text().notNull(),
    level: text().notNull(),
    message: text().notNull(),
    loggedAt: timestamptz().notNull(),
    /** Insertion order, so that trimming keeps exactly the newest lines. */
    seq: bigint({ mode: 'number' }).generatedAlwaysAsIdentity(),
    /**
     * The line's number within its installation (1, 2, 3, …). Lines that fall out of the newest
     * 100 are then a narrow, known range, deleted without walking older, already deleted ones.
     */
    position: bigint({ mode: 'number' }),
  },
  (t) => [
    // Also finds an installation's lines (at most about 100) for reading in `seq` order.
    index('mcp_server_logs_position_idx').on(t.installationId, t.position),
    index('mcp_server_logs_logged_idx').using('brin', t.loggedAt),
  ],
);

/** How many server log lines each installation has been sent, to number the next ones. */
export const mcpServerLogCounters = pgTable('mcp_server_log_counters', {
  installationId: text()
    .primaryKey()
    .references(() => mcpServerInstallations.id, { onDelete: 'cascade' }),
  written: bigint({ mode: 'number' }).notNull().default(0),
});

export const mcpRequestLogs = pgTable(
  'mcp_request_logs',
  {
    id: text().primaryKey(),
    satelliteId: text().notNull(),
    /** No foreign key, like every table event batches fill row by row (migration 0030). */
    installationId: text().notNull(),
    teamId: text().notNull(),
    userId: text(),
    toolName: text().notNull(),
    requestParams: jsonb().notNull(),
    toolResponse: jsonb(),
    durationMs: doublePrecision().notNull(),
    success: boolean().notNull(),
    errorMessage: text(),
    occurredAt: timestamptz().notNull(),
    createdAt: createdAt(),
    /**
     * A call of a batched `mcp.request.logs` by a known user: the satellite sends no
     * `mcp.tool.executed` for it, so it is also one of the installation's tool executions. It
     * is stored once, here, and the usage list and count read it beside the usage rows.
     */
    countsAsUsage: boolean().notNull().default(false),
  },
  (t) => [
    index('mcp_request_logs_installation_idx').on(t.installationId, t.occurredAt, t.id),
    // A user's own activity, newest first by arrival (client-activity list and stream).
    index('mcp_request_logs_user_idx').on(t.userId, t.createdAt, t.id),
    // The installation's usage list reads the calls that count as usage in order; without it a
    // page would walk every request log of the installation to find them.
    index('mcp_request_logs_usage_idx')
      .on(t.installationId, t.occurredAt, t.id)
      .where(sql`${t.countsAsUsage}`),
    // Retention only, on rows that arrive in time order: a BRIN index costs event batches next to
    // nothing per row, where a B-tree costs one more index insert (docs/performance.md).
    index('mcp_request_logs_created_idx').using('brin', t.createdAt),
  ],
);

export const mcpToolMetadata = pgTable(
  'mcp_tool_metadata',
  {
    installationId: text()
      .notNull()
      .references(() => mcpServerInstallations.id, { onDelete: 'cascade' }),
    toolName: text().notNull(),
    description: text(),
    inputSchema: jsonb(),
    tokenCount: integer().notNull().default(0),
    updatedAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.installationId, t.toolName] })],
);
