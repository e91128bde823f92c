import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz } from './columns.js';
import { teams } from './teams.js';

/**
 * What the backend tells a team about its servers and satellites. Read state belongs to the
 * team (one member marking a notification read marks it for all), as on a shared dashboard.
 */
export const teamNotifications = pgTable(
  'team_notifications',
  {
    id: text().primaryKey(),
    teamId: text()
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    type: text().notNull(),
    severity: text().notNull(),
    title: text().notNull(),
    message: text().notNull(),
    data: jsonb().$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
    readAt: timestamptz(),
  },
  (t) => [
    index('team_notifications_team_time_idx').on(t.teamId, t.createdAt, t.id),
    // The retention job finds old rows by age alone (jobs/retention.ts).
    index('team_notifications_created_idx').on(t.createdAt),
  ],
);
