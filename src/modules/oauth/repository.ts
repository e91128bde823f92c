import { and, desc, eq, exists, gt, inArray, isNull, or, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import {
  oauthAccessTokens,
  oauthAuthorizationCodes,
  oauthConsents,
  oauthGrants,
  oauthRefreshTokens,
  teams,
  users,
} from '../../db/schema/index.js';

/** The columns every OAuth credential table shares: who, which client, which team. */
export interface OwnedTable {
  userId: AnyPgColumn;
  clientId: AnyPgColumn;
  teamId: AnyPgColumn;
}

/**
 * Ends the grants (with their refresh tokens), access tokens and pending codes that match `on`
 * (a condition on the owner, client or team, expressed for each table). Used codes stay, so a
 * replay is still recognised.
 */
export async function revokeOwned(
  tx: Executor,
  on: (table: OwnedTable) => SQL | undefined,
  now: Date,
): Promise<void> {
  const grantWhere = on(oauthGrants);
  const grantIds = tx.select({ id: oauthGrants.id }).from(oauthGrants).where(grantWhere);
  await tx
    .update(oauthRefreshTokens)
    .set({ rotatedAt: now })
    .where(
      and(inArray(oauthRefreshTokens.grantId, grantIds), isNull(oauthRefreshTokens.rotatedAt)),
    );
  await tx
    .update(oauthGrants)
    .set({ revokedAt: now })
    .where(and(grantWhere, isNull(oauthGrants.revokedAt)));
  await tx
    .update(oauthAccessTokens)
    .set({ revokedAt: now })
    .where(and(on(oauthAccessTokens), isNull(oauthAccessTokens.revokedAt)));
  await tx
    .delete(oauthAuthorizationCodes)
    .where(and(on(oauthAuthorizationCodes), isNull(oauthAuthorizationCodes.usedAt)));
}

export type AuthorizationCodeRow = typeof oauthAuthorizationCodes.$inferSelect;

/** Authorization codes: stored on approval, used once on exchange. */
function codeRecords(db: Executor) {
  return {
    async insertCode(values: typeof oauthAuthorizationCodes.$inferInsert, tx: Executor = db) {
      await tx.insert(oauthAuthorizationCodes).values(values);
    },

    async findCode(id: string, tx: Executor = db) {
      const [row] = await tx
        .select()
        .from(oauthAuthorizationCodes)
        .where(eq(oauthAuthorizationCodes.id, id));
      return row ?? null;
    },

    /** Marks a code used; false when it was used already (single use is one atomic UPDATE). */
    async useCode(id: string, grantId: string, now: Date, tx: Executor = db) {
      const rows = await tx
        .update(oauthAuthorizationCodes)
        .set({ usedAt: now, grantId })
        .where(and(eq(oauthAuthorizationCodes.id, id), isNull(oauthAuthorizationCodes.usedAt)))
        .returning({ id: oauthAuthorizationCodes.id });
      return rows.length > 0;
    },
  };
}

/** Grants: opened by a code exchange, continued by refreshes, ended by revocation. */
function grantRecords(db: Executor) {
  return {
    async insertGrant(values: typeof oauthGrants.$inferInsert, tx: Executor = db) {
      await tx.insert(oauthGrants).values(values);
    },

    async touchGrant(id: string, now: Date, tx: Executor = db) {
      await tx.update(oauthGrants).set({ lastUsedAt: now }).where(eq(oauthGrants.id, id));
    },

    /** Ends a grant and every token issued under it. */
    async revokeGrant(id: string, now: Date, tx: Executor = db) {
      await tx
        .update(oauthGrants)
        .set({ revokedAt: now })
        .where(and(eq(oauthGrants.id, id), isNull(oauthGrants.revokedAt)));
      await tx
        .update(oauthAccessTokens)
        .set({ revokedAt: now })
        .where(and(eq(oauthAccessTokens.grantId, id), isNull(oauthAccessTokens.revokedAt)));
      await tx
        .update(oauthRefreshTokens)
        .set({ rotatedAt: now })
        .where(and(eq(oauthRefreshTokens.grantId, id), isNull(oauthRefreshTokens.rotatedAt)));
    },

    async findGrant(id: string, tx: Executor = db) {
      const [row] = await tx.select().from(oauthGrants).where(eq(oauthGrants.id, id));
      return row ?? null;
    },

    async activeGrantsOf(userId: string, tx: Executor = db) {
      return tx
        .select()
        .from(oauthGrants)
        .where(and(eq(oauthGrants.userId, userId), isNull(oauthGrants.revokedAt)))
        .orderBy(desc(oauthGrants.createdAt), desc(oauthGrants.id));
    },

    /**
     * Ends the grants, access tokens and pending codes that match `where` (a condition on the
     * owner, client or team, expressed for each table by `on`): used when a member leaves a
     * team, a user revokes a client, or an administrator revokes a client.
     */
    revokeMatching: (on: (table: OwnedTable) => SQL | undefined, now: Date, tx: Executor = db) =>
      revokeOwned(tx, on, now),

    /** The accounts a client still holds a grant of, before they are revoked. */
    async holdersOf(clientId: string, tx: Executor = db): Promise<string[]> {
      const rows = await tx
        .selectDistinct({ userId: oauthGrants.userId })
        .from(oauthGrants)
        .where(and(eq(oauthGrants.clientId, clientId), isNull(oauthGrants.revokedAt)));
      return rows.map((row) => row.userId);
    },
  };
}

/** Access and refresh tokens, looked up by their ID; refresh tokens rotate on use. */
function tokenRecords(db: Executor) {
  return {
    async revokeAccessToken(id: string, now: Date, tx: Executor = db) {
      await tx
        .update(oauthAccessTokens)
        .set({ revokedAt: now })
        .where(eq(oauthAccessTokens.id, id));
    },

    async findAccessToken(id: string, tx: Executor = db) {
      const [row] = await tx.select().from(oauthAccessTokens).where(eq(oauthAccessTokens.id, id));
      return row ?? null;
    },

    async insertRefreshToken(values: typeof oauthRefreshTokens.$inferInsert, tx: Executor = db) {
      await tx.insert(oauthRefreshTokens).values(values);
    },

    async findRefreshToken(id: string, tx: Executor = db) {
      const [row] = await tx
        .select({ token: oauthRefreshTokens, grant: oauthGrants })
        .from(oauthRefreshTokens)
        .innerJoin(oauthGrants, eq(oauthGrants.id, oauthRefreshTokens.grantId))
        .where(eq(oauthRefreshTokens.id, id));
      return row ?? null;
    },

    /** Retires a refresh token as it is exchanged; false when it was already used. */
    async rotateRefreshToken(id: string, now: Date, tx: Executor = db) {
      const rows = await tx
        .update(oauthRefreshTokens)
        .set({ rotatedAt: now })
        .where(and(eq(oauthRefreshTokens.id, id), isNull(oauthRefreshTokens.rotatedAt)))
        .returning({ id: oauthRefreshTokens.id });
      return rows.length > 0;
    },
  };
}

/** The grant still holds an unrevoked, unexpired access token. */
const holdsLiveAccessToken = (tx: Executor, now: Date) =>
  exists(
    tx
      .select({ id: oauthAccessTokens.id })
      .from(oauthAccessTokens)
      .where(
        and(
          eq(oauthAccessTokens.grantId, oauthGrants.id),
          isNull(oauthAccessTokens.revokedAt),
          gt(oauthAccessTokens.expiresAt, now),
        ),
      ),
  );

/** The grant still holds an unused, unexpired refresh token. */
const holdsLiveRefreshToken = (tx: Executor, now: Date) =>
  exists(
    tx
      .select({ id: oauthRefreshTokens.id })
      .from(oauthRefreshTokens)
      .where(
        and(
          eq(oauthRefreshTokens.grantId, oauthGrants.id),
          isNull(oauthRefreshTokens.rotatedAt),
          gt(oauthRefreshTokens.expiresAt, now),
        ),
      ),
  );

/** What team administrators list: the grants acting for a team, with names. */
function teamListings(db: Executor) {
  return {
    /**
     * The grants of a team that still hold a usable token (an unexpired access token or
     * refresh token), with their owners: which clients can act for the team right now.
     */
    async liveGrantsOfTeam(teamId: string, now: Date, tx: Executor = db) {
      return tx
        .select({
          grantId: oauthGrants.id,
          clientId: oauthGrants.clientId,
          userId: oauthGrants.userId,
          username: users.username,
          scopes: oauthGrants.scopes,
          resource: oauthGrants.resource,
          createdAt: oauthGrants.createdAt,
          lastUsedAt: oauthGrants.lastUsedAt,
        })
        .from(oauthGrants)
        .innerJoin(users, eq(users.id, oauthGrants.userId))
        .where(
          and(
            eq(oauthGrants.teamId, teamId),
            isNull(oauthGrants.revokedAt),
            or(holdsLiveAccessToken(tx, now), holdsLiveRefreshToken(tx, now)),
          ),
        )
        .orderBy(oauthGrants.clientId, desc(oauthGrants.createdAt));
    },

    /** Names of teams, for listings. */
    async teamNames(ids: string[], tx: Executor = db) {
      if (ids.length === 0) return new Map<string, string>();
      const rows = await tx
        .select({ id: teams.id, name: teams.name })
        .from(teams)
        .where(inArray(teams.id, ids));
      return new Map(rows.map((r) => [r.id, r.name]));
    },
  };
}

/** Consents: the user's latest approval of each client, remembered to skip the page. */
function consentRecords(db: Executor) {
  return {
    async forgetConsents(userId: string | null, clientId: string, tx: Executor = db) {
      await tx
        .delete(oauthConsents)
        .where(
          and(
            eq(oauthConsents.clientId, clientId),
            userId === null ? undefined : eq(oauthConsents.userId, userId),
          ),
        );
    },

    async findConsent(userId: string, clientId: string, tx: Executor = db) {
      const [row] = await tx
        .select()
        .from(oauthConsents)
        .where(and(eq(oauthConsents.userId, userId), eq(oauthConsents.clientId, clientId)));
      return row ?? null;
    },

    /** Remembers the user's latest approval of the client, replacing the one before. */
    async saveConsent(
      consent: {
        userId: string;
        clientId: string;
        scopes: string[];
        teamId: string;
        redirectUri: string;
        resource: string | null;
      },
      now: Date,
      tx: Executor = db,
    ) {
      const { scopes, teamId, redirectUri, resource } = consent;
      await tx
        .insert(oauthConsents)
        .values({ ...consent, updatedAt: now })
        .onConflictDoUpdate({
          target: [oauthConsents.userId, oauthConsents.clientId],
          set: { scopes, teamId, redirectUri, resource, updatedAt: now },
        });
    },
  };
}

/** The OAuth records, per kind: codes, grants, tokens, team listings and consents. */
export function createOAuthRepository(db: Executor) {
  return {
    ...codeRecords(db),
    ...grantRecords(db),
    ...tokenRecords(db),
    ...teamListings(db),
    ...consentRecords(db),
  };
}

export type OAuthRepository = ReturnType<typeof createOAuthRepository>;
