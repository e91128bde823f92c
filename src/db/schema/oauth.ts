import { index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz } from './columns.js';
import { teams } from './teams.js';
import { users } from './users.js';

/**
 * A grant: what one approved authorization produced. Every access and refresh token belongs to
 * one, so revoking the grant (on code or refresh-token reuse, or by the user) ends them all.
 */
export const oauthGrants = pgTable(
  'oauth_grants',
  {
    id: text().primaryKey(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: text().notNull(),
    scopes: text().array().notNull(),
    /** The team whose MCP servers the approval covers; null for approvals before teams were chosen. */
    teamId: text().references(() => teams.id, { onDelete: 'cascade' }),
    /** RFC 8707 resource indicator: the satellite URL the tokens are meant for (their audience). */
    resource: text(),
    createdAt: createdAt(),
    lastUsedAt: timestamptz(),
    revokedAt: timestamptz(),
  },
  (t) => [index('oauth_grants_user_id_idx').on(t.userId)],
);

/** Authorization codes: single use, 10 minutes, bound to client, redirect URI and PKCE. */
export const oauthAuthorizationCodes = pgTable('oauth_authorization_codes', {
  id: text().primaryKey(),
  secretHash: text().notNull(),
  userId: text()
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  clientId: text().notNull(),
  redirectUri: text().notNull(),
  scopes: text().array().notNull(),
  teamId: text().references(() => teams.id, { onDelete: 'cascade' }),
  resource: text(),
  codeChallenge: text().notNull(),
  createdAt: createdAt(),
  expiresAt: timestamptz().notNull(),
  usedAt: timestamptz(),
  /** The grant the exchange created, so that a replayed code can revoke it. */
  grantId: text(),
});

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
    teamId: text().references(() => teams.id, { onDelete: 'cascade' }),
    resource: text(),
    createdAt: createdAt(),
    expiresAt: timestamptz().notNull(),
    revokedAt: timestamptz(),
    grantId: text().references(() => oauthGrants.id, { onDelete: 'cascade' }),
  },
  (t) => [
    index('oauth_access_tokens_user_id_idx').on(t.userId),
    index('oauth_access_tokens_grant_id_idx').on(t.grantId),
  ],
);

/** Refresh tokens rotate: each use replaces the token; a replayed old one revokes the grant. */
export const oauthRefreshTokens = pgTable(
  'oauth_refresh_tokens',
  {
    id: text().primaryKey(),
    secretHash: text().notNull(),
    grantId: text()
      .notNull()
      .references(() => oauthGrants.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamptz().notNull(),
    rotatedAt: timestamptz(),
  },
  (t) => [index('oauth_refresh_tokens_grant_id_idx').on(t.grantId)],
);

/**
 * Remembered approvals, the last one per user and client: a later request for the same client,
 * redirect URI and resource and no more scopes skips the page.
 */
export const oauthConsents = pgTable(
  'oauth_consents',
  {
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: text().notNull(),
    scopes: text().array().notNull(),
    /** The team last chosen for this client, reused when the page is skipped. */
    teamId: text().references(() => teams.id, { onDelete: 'cascade' }),
    /** Where the approved request returned to. */
    redirectUri: text().notNull(),
    /** The RFC 8707 resource the approval was for; null for tokens meant for no one resource. */
    resource: text(),
    updatedAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.clientId] })],
);

/**
 * Clients that are not built in: those registered through RFC 7591 dynamic registration
 * (`dynamic`) and those known by a client ID metadata document URL (`metadata_document`, the
 * row remembers the last document seen so that administrators can list and revoke them).
 */
export const oauthClients = pgTable(
  'oauth_clients',
  {
    id: text().primaryKey(),
    kind: text().notNull(),
    name: text().notNull(),
    redirectUris: text().array().notNull(),
    createdAt: createdAt(),
    updatedAt: timestamptz().notNull().defaultNow(),
    revokedAt: timestamptz(),
  },
  (t) => [index('oauth_clients_kind_idx').on(t.kind, t.createdAt)],
);
