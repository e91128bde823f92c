import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { OAuthClientInformationMixed } from '@modelcontextprotocol/sdk/shared/auth.js';
import type { Executor } from '../../db/client.js';
import {
  mcpServerInstallations,
  mcpServerInstances,
  mcpServers,
  upstreamOauthClients,
  upstreamOauthFlows,
  upstreamOauthTokens,
  type AuthorizationServerRecord,
} from '../../db/schema/index.js';
import { decryptSecret, encryptSecret } from '../../lib/crypto.js';

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

/** The instance of a member, with what the flow needs of its installation and server. */
const instanceColumns = {
  instanceId: mcpServerInstances.id,
  status: mcpServerInstances.status,
  statusMessage: mcpServerInstances.statusMessage,
  statusUpdatedAt: mcpServerInstances.statusUpdatedAt,
  userId: mcpServerInstances.userId,
  teamId: mcpServerInstallations.teamId,
  installationId: mcpServerInstallations.id,
  installationName: mcpServerInstallations.name,
  serverId: mcpServers.id,
  transport: mcpServers.transport,
  url: mcpServers.url,
  requiresOauth: mcpServers.requiresOauth,
  oauthClientId: mcpServers.oauthClientId,
  oauthClientSecret: mcpServers.oauthClientSecret,
};

export function createUpstreamStore(db: Executor, key: Buffer) {
  const seal = (value: string | null | undefined) =>
    value === null || value === undefined ? null : encryptSecret(value, key);
  const open = (value: string | null) => (value === null ? null : decryptSecret(value, key));
  const clientOf = (id: string, secret: string | null): OAuthClientInformationMixed => ({
    client_id: id,
    ...(secret ? { client_secret: secret } : {}),
  });

  function instances(tx: Executor) {
    return tx
      .select(instanceColumns)
      .from(mcpServerInstances)
      .innerJoin(
        mcpServerInstallations,
        eq(mcpServerInstallations.id, mcpServerInstances.installationId),
      )
      .innerJoin(mcpServers, eq(mcpServers.id, mcpServerInstallations.serverId));
  }

  return {
    /** A member's instance of a team's installation. */
    async memberInstance(teamId: string, installationId: string, userId: string, tx = db) {
      const [row] = await instances(tx).where(
        and(
          eq(mcpServerInstallations.teamId, teamId),
          eq(mcpServerInstances.installationId, installationId),
          eq(mcpServerInstances.userId, userId),
        ),
      );
      return row ? { ...row, oauthClientSecret: open(row.oauthClientSecret) } : null;
    },
    /** The id of a member's instance of an installation, or null. */
    async memberInstanceOf(installationId: string, userId: string, tx = db) {
      const [row] = await tx
        .select({ id: mcpServerInstances.id })
        .from(mcpServerInstances)
        .where(
          and(
            eq(mcpServerInstances.installationId, installationId),
            eq(mcpServerInstances.userId, userId),
          ),
        );
      return row?.id ?? null;
    },
    async instanceById(instanceId: string, tx = db) {
      const [row] = await instances(tx).where(eq(mcpServerInstances.id, instanceId));
      return row ? { ...row, oauthClientSecret: open(row.oauthClientSecret) } : null;
    },

    // ---- tokens
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
    /** Stores a new sign-in's tokens, replacing any earlier ones. */
    async saveConnection(
      instanceId: string,
      connection: {
        resource: string;
        authorizationServer: AuthorizationServerRecord;
        client: OAuthClientInformationMixed;
      },
      tokens: NewTokens,
      now: Date,
      tx = db,
    ) {
      const values = {
        resource: connection.resource,
        authorizationServer: connection.authorizationServer,
        clientId: connection.client.client_id,
        clientSecret: seal(connection.client.client_secret),
        ...sealedTokens(tokens),
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
    /**
     * Claims the right to refresh version `version` until `until`: true for exactly one caller
     * across replicas (a conditional update), false while another holds an unexpired claim.
     */
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
    /** Stores refreshed tokens over version `version`; false if the row moved on meanwhile. */
    async saveRefreshed(instanceId: string, version: number, tokens: NewTokens, now: Date) {
      const rows = await db
        .update(upstreamOauthTokens)
        .set({
          ...sealedTokens(tokens),
          version: version + 1,
          refreshingUntil: null,
          updatedAt: now,
        })
        .where(
          and(
            eq(upstreamOauthTokens.instanceId, instanceId),
            eq(upstreamOauthTokens.version, version),
          ),
        )
        .returning({ id: upstreamOauthTokens.instanceId });
      return rows.length === 1;
    },
    async releaseClaim(instanceId: string, version: number) {
      await db
        .update(upstreamOauthTokens)
        .set({ refreshingUntil: null })
        .where(
          and(
            eq(upstreamOauthTokens.instanceId, instanceId),
            eq(upstreamOauthTokens.version, version),
          ),
        );
    },
    /** Deletes the tokens (of version `version` only, when given); true when a row went. */
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

    // ---- flows
    async insertFlow(
      flow: Omit<typeof upstreamOauthFlows.$inferInsert, 'codeVerifier' | 'clientSecret'> & {
        codeVerifier: string;
        clientSecret: string | null;
      },
    ) {
      await db.insert(upstreamOauthFlows).values({
        ...flow,
        codeVerifier: seal(flow.codeVerifier)!,
        clientSecret: seal(flow.clientSecret),
      });
    },
    /** Takes a flow by its state's hash: deleted as it is read, so it is used once. */
    async takeFlow(stateHash: string, now: Date) {
      const [row] = await db
        .delete(upstreamOauthFlows)
        .where(
          and(eq(upstreamOauthFlows.stateHash, stateHash), gt(upstreamOauthFlows.expiresAt, now)),
        )
        .returning();
      if (!row) return null;
      return {
        ...row,
        codeVerifier: open(row.codeVerifier)!,
        client: clientOf(row.clientId, open(row.clientSecret)),
      };
    },
    async deleteExpiredFlows(now: Date) {
      await db.delete(upstreamOauthFlows).where(lt(upstreamOauthFlows.expiresAt, now));
    },

    // ---- dynamically registered clients
    registered: {
      async find(key: string) {
        const [row] = await db
          .select()
          .from(upstreamOauthClients)
          .where(eq(upstreamOauthClients.key, key));
        return row ? clientOf(row.clientId, open(row.clientSecret)) : null;
      },
      async save(key: string, client: OAuthClientInformationMixed) {
        await db
          .insert(upstreamOauthClients)
          .values({ key, clientId: client.client_id, clientSecret: seal(client.client_secret) })
          .onConflictDoNothing();
      },
    },
  };

  function sealedTokens(tokens: NewTokens) {
    return {
      accessToken: seal(tokens.accessToken)!,
      refreshToken: seal(tokens.refreshToken),
      tokenType: tokens.tokenType,
      scope: tokens.scope,
      expiresAt: tokens.expiresAt,
    };
  }
}

export type UpstreamStore = ReturnType<typeof createUpstreamStore>;
export type MemberInstance = NonNullable<Awaited<ReturnType<UpstreamStore['memberInstance']>>>;
