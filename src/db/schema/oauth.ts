import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz } from './columns.js';
import { users } from './users.js';

/** OAuth 2.0 access tokens: `<id>.<secret>`, only the SHA-256 of the secret is kept. */
export const oauthAccessTokens = pgTable(
  'oauth_access_tokens',
  {
    id: text().primaryKey(),
    secretHash: text().notNull(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: text().notNull(),
    scopes: text().array().notNull(),
    createdAt: createdAt(),
    expiresAt: timestamptz().notNull(),
    revokedAt: timestamptz(),
  },
  (t) => [index('oauth_access_tokens_user_id_idx').on(t.userId)],
);
