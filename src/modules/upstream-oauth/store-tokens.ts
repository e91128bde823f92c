import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { OAuthClientInformationMixed } from '@modelcontextprotocol/sdk/shared/auth.js';
import type { Executor } from '../../db/client.js';
import { upstreamOauthTokens, type AuthorizationServerRecord } from '../../db/schema/index.js';
import type { Sealer } from './store-seal.js';

/** A member's tokens as the service uses them: decrypted, never sent anywhere but upstream. */
export interface StoredTokens {
  instanceId: string;
  resource: string;
  authorizationServer: AuthorizationServerRecord;
  client: OAuthClientInformationMixed;
  accessToken: string;
  refreshToken: string | null;
  tokenType: string;
  scope: string | null;
  expiresAt: Date | null;
  version: number;
  refreshingUntil: Date | null;
  /** When these tokens were stored (signed in or refreshed). */
  updatedAt: Date;
}

export interface NewTokens {
  accessToken: string;
  refreshToken: string | null;
  tokenType: string;
  scope: string | null;
  expiresAt: Date | null;
}

/** Where a sign-in's tokens come from: the resource, its authorization server, the client. */
export interface TokenConnection {
  resource: string;
  authorizationServer: AuthorizationServerRecord;
  client: OAuthClientInformationMixed;
}

/** Members' tokens, one row per instance, versioned so that one replica refreshes at a time. */
export interface TokenStore {
  /** An instance's tokens, decrypted; null when the member has not signed in. */
  tokens(instanceId: string, tx?: Executor): Promise<StoredTokens | null>;
  /** Stores a new sign-in's tokens, replacing any earlier ones. */
  saveConnection(
    instanceId: string,
    connection: TokenConnection,
    tokens: NewTokens,
    now: Date,
    tx?: Executor,
  ): Promise<void>;
  /**
   * Claims the right to refresh version `version` until `until`: true for exactly one caller
   * across replicas (a conditional update), false while another holds an unexpired claim.
   */
  claimRefresh(instanceId: string, version: number, now: Date, until: Date): Promise<boolean>;
  /** Stores refreshed tokens over version `version`; false if the row moved on meanwhile. */
  saveRefreshed(
    instanceId: string,
    version: number,
    tokens: NewTokens,
    now: Date,
  ): Promise<boolean>;
  /** Gives up the claim on version `version` (the refresh failed) so another may try. */
  releaseClaim(instanceId: string, version: number): Promise<void>;
  /** Deletes the tokens (of version `version` only, when given); true when a row went. */
  deleteTokens(instanceId: string, tx?: Executor, version?: number): Promise<boolean>;
}

/** The row of an instance's tokens, at version `version`. */
const atVersion = (instanceId: string, version: number) =>
  and(eq(upstreamOauthTokens.instanceId, instanceId), eq(upstreamOauthTokens.version, version));

function sealedTokens(sealer: Sealer, tokens: NewTokens) {
  return {
    accessToken: sealer.seal(tokens.accessToken)!,
    refreshToken: sealer.seal(tokens.refreshToken),
    tokenType: tokens.tokenType,
    scope: tokens.scope,
    expiresAt: tokens.expiresAt,
  };
}

/** Reads and the sign-in's write of the tokens. */
function tokenReadsAndSaves(db: Executor, sealer: Sealer) {
  const { open, seal, clientOf } = sealer;
  return {
    async tokens(instanceId: string, tx = db): Promise<StoredTokens | null> {
      const [row] = await tx
        .select()
        .from(upstreamOauthTokens)
        .where(eq(upstreamOauthTokens.instanceId, instanceId));
      if (!row) return null;
      return {
        instanceId: row.instanceId,
        resource: row.resource,
        authorizationServer: row.authorizationServer,
        client: clientOf(row.clientId, open(row.clientSecret)),
        accessToken: open(row.accessToken)!,
        refreshToken: open(row.refreshToken),
        tokenType: row.tokenType,
        scope: row.scope,
        expiresAt: row.expiresAt,
        version: row.version,
        refreshingUntil: row.refreshingUntil,
        updatedAt: row.updatedAt,
      };
    },
    async saveConnection(
      instanceId: string,
      connection: TokenConnection,
      tokens: NewTokens,
      now: Date,
      tx = db,
    ) {
      const values = {
        resource: connection.resource,
        authorizationServer: connection.authorizationServer,
        clientId: connection.client.client_id,
        clientSecret: seal(connection.client.client_secret),
        ...sealedTokens(sealer, tokens),
        refreshingUntil: null,
        updatedAt: now,
      };
      await tx
        .insert(upstreamOauthTokens)
        .values({ instanceId, ...values, createdAt: now })
        .onConflictDoUpdate({
          target: upstreamOauthTokens.instanceId,
          set: { ...values, version: sql`${upstreamOauthTokens.version} + 1` },
        });
    },
  };
}

/** The refresh's claim, its result and its give-up, and the deletion of the tokens. */
function tokenRefreshes(db: Executor, sealer: Sealer) {
  return {
    async claimRefresh(instanceId: string, version: number, now: Date, until: Date) {
      const rows = await db
        .update(upstreamOauthTokens)
        .set({ refreshingUntil: until })
        .where(
          and(
            eq(upstreamOauthTokens.instanceId, instanceId),
            eq(upstreamOauthTokens.version, version),
            or(
              isNull(upstreamOauthTokens.refreshingUntil),
              lt(upstreamOauthTokens.refreshingUntil, now),
            ),
          ),
        )
        .returning({ id: upstreamOauthTokens.instanceId });
      return rows.length === 1;
    },
    async saveRefreshed(instanceId: string, version: number, tokens: NewTokens, now: Date) {
      const rows = await db
        .update(upstreamOauthTokens)
        .set({
          ...sealedTokens(sealer, tokens),
          version: version + 1,
          refreshingUntil: null,
          updatedAt: now,
        })
        .where(atVersion(instanceId, version))
        .returning({ id: upstreamOauthTokens.instanceId });
      return rows.length === 1;
    },
    async releaseClaim(instanceId: string, version: number) {
      await db
        .update(upstreamOauthTokens)
        .set({ refreshingUntil: null })
        .where(atVersion(instanceId, version));
    },
    async deleteTokens(instanceId: string, tx = db, version?: number) {
      const rows = await tx
        .delete(upstreamOauthTokens)
        .where(
          and(
            eq(upstreamOauthTokens.instanceId, instanceId),
            version === undefined ? undefined : eq(upstreamOauthTokens.version, version),
          ),
        )
        .returning({ id: upstreamOauthTokens.instanceId });
      return rows.length === 1;
    },
  };
}

export function tokenStore(db: Executor, sealer: Sealer): TokenStore {
  return { ...tokenReadsAndSaves(db, sealer), ...tokenRefreshes(db, sealer) };
}
