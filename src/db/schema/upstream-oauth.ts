import type { AuthorizationServerMetadata } from '@modelcontextprotocol/sdk/shared/auth.js';
import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz } from './columns.js';
import { mcpServerInstances } from './installations.js';
import { users } from './users.js';

/**
 * What Groundstation knows of a remote server's authorization server (RFC 8414 or OpenID
 * metadata, as the MCP SDK reads it), kept with each flow and token so that a refresh or a
 * revocation needs no discovery.
 */
export type AuthorizationServerRecord = AuthorizationServerMetadata;

/**
 * A member's sign-in to a remote MCP server (src/modules/upstream-oauth): one row per member
 * instance. Tokens and the client secret are encrypted (lib/crypto.ts); `version` grows with
 * every change of the tokens, and a refresh claims the row first (`refreshing_until`), so that
 * replicas refreshing at once refresh once.
 */
export const upstreamOauthTokens = pgTable('upstream_oauth_tokens', {
  instanceId: text()
    .primaryKey()
    .references(() => mcpServerInstances.id, { onDelete: 'cascade' }),
  /** The RFC 8707 resource the tokens are for: the server's URL when the member connected. */
  resource: text().notNull(),
  authorizationServer: jsonb().$type<AuthorizationServerRecord>().notNull(),
  clientId: text().notNull(),
  clientSecret: text(),
  accessToken: text().notNull(),
  refreshToken: text(),
  tokenType: text().notNull(),
  scope: text(),
  expiresAt: timestamptz(),
  version: integer().notNull().default(1),
  refreshingUntil: timestamptz(),
  createdAt: createdAt(),
  updatedAt: timestamptz().notNull().defaultNow(),
});

/**
 * An authorization under way: found by the SHA-256 of its `state`, used once (deleted when the
 * member comes back), and only by the member and session that started it, within minutes.
 */
export const upstreamOauthFlows = pgTable(
  'upstream_oauth_flows',
  {
    stateHash: text().primaryKey(),
    instanceId: text()
      .notNull()
      .references(() => mcpServerInstances.id, { onDelete: 'cascade' }),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The cookie session that started it; null when started with a bearer token. */
    sessionId: text(),
    resource: text().notNull(),
    authorizationServer: jsonb().$type<AuthorizationServerRecord>().notNull(),
    clientId: text().notNull(),
    clientSecret: text(),
    /** The PKCE verifier, encrypted. */
    codeVerifier: text().notNull(),
    redirectUri: text().notNull(),
    /** Where the member's browser goes afterwards: a path of this service. */
    returnTo: text().notNull(),
    expiresAt: timestamptz().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('upstream_oauth_flows_expires_idx').on(t.expiresAt)],
);

/**
 * Clients Groundstation registered with authorization servers that offer only dynamic
 * registration (RFC 7591), one per authorization server and redirect URI, shared by members.
 */
export const upstreamOauthClients = pgTable('upstream_oauth_clients', {
  /** `<issuer> <redirect URI>`. */
  key: text().primaryKey(),
  clientId: text().notNull(),
  clientSecret: text(),
  createdAt: createdAt(),
});

/**
 * Tokens deleted without the member disconnecting (their instance went: they left the team, the
 * installation was removed, their account was deleted) from a server that offers revocation
 * (RFC 7009). A trigger on upstream_oauth_tokens queues them (migration 0029); the
 * `upstream-oauth-revocations` job revokes them at the server and forgets them. Still encrypted,
 * as they were.
 */
export const upstreamOauthRevocations = pgTable(
  'upstream_oauth_revocations',
  {
    id: text().primaryKey(),
    /** The instance the tokens belonged to (gone by now). */
    instanceId: text().notNull(),
    authorizationServer: jsonb().$type<AuthorizationServerRecord>().notNull(),
    clientId: text().notNull(),
    clientSecret: text(),
    accessToken: text().notNull(),
    refreshToken: text(),
    /** Revocations tried and not taken; the entry is dropped after a few. */
    attempts: integer().notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('upstream_oauth_revocations_created_idx').on(t.createdAt)],
);
