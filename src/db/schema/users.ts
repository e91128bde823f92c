import { sql } from 'drizzle-orm';
import { pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz } from './columns.js';

export const users = pgTable(
  'users',
  {
    id: text().primaryKey(),
    username: text().notNull(),
    email: text().notNull(),
    passwordHash: text(),
    globalRole: text().notNull().default('global_user'),
    createdAt: createdAt(),
    updatedAt: timestamptz().notNull().defaultNow(),
    displayName: text(),
    emailVerifiedAt: timestamptz(),
    disabledAt: timestamptz(),
    passwordChangedAt: timestamptz(),
  },
  // Sign-in treats names and addresses case-insensitively, so uniqueness must too.
  (t) => [
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
  ],
);
