import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  oauthAccessTokens,
  oauthAuthorizationCodes,
  oauthConsents,
  oauthGrants,
  oauthRefreshTokens,
} from '../../db/schema/index.js';

export type AuthorizationCodeRow = typeof oauthAuthorizationCodes.$inferSelect;

export function createOAuthRepository(db: Executor) {
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

    async findConsent(userId: string, clientId: string, tx: Executor = db) {
      const [row] = await tx
        .select()
        .from(oauthConsents)
        .where(and(eq(oauthConsents.userId, userId), eq(oauthConsents.clientId, clientId)));
      return row ?? null;
    },

    async saveConsent(
      userId: string,
      clientId: string,
      scopes: string[],
      now: Date,
      tx: Executor = db,
    ) {
      await tx
        .insert(oauthConsents)
        .values({ userId, clientId, scopes, updatedAt: now })
        .onConflictDoUpdate({
          target: [oauthConsents.userId, oauthConsents.clientId],
          set: { scopes, updatedAt: now },
        });
    },
  };
}

export type OAuthRepository = ReturnType<typeof createOAuthRepository>;
