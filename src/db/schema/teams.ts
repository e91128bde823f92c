import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz } from './columns.js';
import { users } from './users.js';

export const teams = pgTable(
  'teams',
  {
    id: text().primaryKey(),
    name: text().notNull(),
    slug: text().notNull(),
    description: text(),
    isDefault: boolean().notNull().default(false),
    /** The account whose default team this is; null for ordinary teams. */
    ownerUserId: text().references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    updatedAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('teams_slug_lower_key').on(sql`lower(${t.slug})`),
    uniqueIndex('teams_one_default_per_owner_key')
      .on(t.ownerUserId)
      .where(sql`${t.isDefault}`),
  ],
);

export const teamMembers = pgTable(
  'team_members',
  {
    teamId: text()
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.userId] }),
    index('team_members_user_id_idx').on(t.userId),
  ],
);
