import { pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.js';

/** Global settings; the definitions (type, group, default) live in code. Secrets are encrypted. */
export const globalSettings = pgTable('global_settings', {
  key: text().primaryKey(),
  value: text().notNull(),
  updatedAt: timestamptz().notNull().defaultNow(),
  updatedBy: text(),
});
