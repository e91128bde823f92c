import { index, integer, json, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz } from './columns.js';
import { teams } from './teams.js';
import { users } from './users.js';

/**
 * Every event a satellite's batches delivered and the backend accepted, for that satellite's
 * administrators; kept for SATELLITE_EVENT_HISTORY_RETENTION_DAYS by the retention job.
 *
 * An entry's id is derived from the satellite and the event itself (a hash of its type,
 * timestamp and data), so the primary key is also what recognises a resent event: inserting its
 * entry again conflicts, across replicas too (events/history.ts). No foreign key: a batch writes a
 * hundred rows, and a deleted satellite's rows are unreachable (its routes are 404) until the job
 * removes them.
 */
export const satelliteEventHistory = pgTable(
  'satellite_event_history',
  {
    /** `evt_` and 32 hex digits of a hash of the satellite and the event (history.ts). */
    id: text().primaryKey(),
    satelliteId: text().notNull(),
    type: text().notNull(),
    /** The event's own timestamp, as the satellite's clock gave it. */
    occurredAt: timestamptz().notNull(),
    /** A compact copy of the data: secrets, tool arguments and responses left out, sizes capped. */
    data: json().$type<Record<string, unknown>>().notNull(),
    /** The installation the event named, if any (kept after the installation is deleted). */
    installationId: text(),
    /** The record the event produced or changed (the id answered in `event_ids`), if any. */
    recordId: text(),
    /** When the backend accepted it. */
    createdAt: createdAt(),
  },
  (t) => [
    index('satellite_event_history_satellite_time_idx').on(t.satelliteId, t.createdAt, t.id),
    // The retention job finds old rows by age alone (jobs/retention.ts).
    // Retention only, on rows that arrive in time order: a BRIN index costs event batches next to
    // nothing per row, where a B-tree costs one more index insert (docs/performance.md).
    index('satellite_event_history_created_idx').using('brin', t.createdAt),
  ],
);

/**
 * What an MCP client did through a satellite in one reporting period (`mcp.client.activity`,
 * every 30 s per user and client): part of that user's client-activity feed.
 */
export const mcpClientActivity = pgTable(
  'mcp_client_activity',
  {
    id: text().primaryKey(),
    satelliteId: text().notNull(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    teamId: text()
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    oauthClientId: text().notNull(),
    clientName: text().notNull(),
    authType: text().notNull(),
    authIdentifier: text(),
    userAgent: text(),
    ipAddress: text(),
    sessionId: text(),
    requestCount: integer().notNull(),
    toolCallCount: integer().notNull(),
    lastActivityAt: timestamptz().notNull(),
    createdAt: createdAt(),
  },
  // A user's own activity, newest first by arrival (client-activity list and stream).
  (t) => [
    index('mcp_client_activity_user_idx').on(t.userId, t.createdAt, t.id),
    index('mcp_client_activity_created_idx').on(t.createdAt),
  ],
);
