import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { satelliteRegistrationTokens, teamMembers, users } from '../../../db/schema/index.js';
import { countWhere, type Page } from '../../../http/pagination.js';
import { withinTeams, type RowPage, type TokenRow } from './rows.js';

/** A token with what its creator may do now (see TokenReads.findTokenWithCreator). */
export interface TokenWithCreator {
  token: TokenRow;
  creatorGlobalRole: string | null;
  creatorDisabledAt: Date | null;
  creatorTeamRole: string | null;
}

/** Reading registration tokens. */
export interface TokenReads {
  /** One token by id, or null. */
  findToken(id: string, tx?: Executor): Promise<TokenRow | null>;
  /**
   * A token with what its creator may do now: their global role, whether their account is
   * disabled, and their role in the token's team (null when they are no longer a member).
   */
  findTokenWithCreator(id: string, tx?: Executor): Promise<TokenWithCreator | null>;
  /** With `activeAt`, only the tokens still unused, unrevoked and unexpired at that time. */
  listTokens(
    teamIds: string[] | null,
    page: Page,
    filter?: { activeAt?: Date },
    tx?: Executor,
  ): Promise<RowPage<TokenRow>>;
}

/** Writing registration tokens. */
export interface TokenWrites {
  /** Stores a newly issued token. */
  insertToken(
    values: typeof satelliteRegistrationTokens.$inferInsert,
    tx?: Executor,
  ): Promise<void>;
  /** Uses a token up; false when it was already used, revoked or expired (one atomic UPDATE). */
  consumeToken(id: string, satelliteId: string, now: Date, tx?: Executor): Promise<boolean>;
  /** Marks a token revoked. */
  revokeToken(id: string, now: Date, tx?: Executor): Promise<void>;
}

export function tokenReads(db: Executor): TokenReads {
  return {
    async findToken(id, tx = db) {
      const [row] = await tx
        .select()
        .from(satelliteRegistrationTokens)
        .where(eq(satelliteRegistrationTokens.id, id));
      return row ?? null;
    },
    async findTokenWithCreator(id, tx = db) {
      const [row] = await tx
        .select({
          token: satelliteRegistrationTokens,
          creatorGlobalRole: users.globalRole,
          creatorDisabledAt: users.disabledAt,
          creatorTeamRole: teamMembers.role,
        })
        .from(satelliteRegistrationTokens)
        .leftJoin(users, eq(users.id, satelliteRegistrationTokens.createdBy))
        .leftJoin(
          teamMembers,
          and(
            eq(teamMembers.teamId, satelliteRegistrationTokens.teamId),
            eq(teamMembers.userId, satelliteRegistrationTokens.createdBy),
          ),
        )
        .where(eq(satelliteRegistrationTokens.id, id));
      return row ?? null;
    },
    async listTokens(teamIds, page, filter = {}, tx = db) {
      const t = satelliteRegistrationTokens;
      const where = and(
        withinTeams(t.teamId, teamIds),
        ...(filter.activeAt
          ? [
              isNull(t.usedAt),
              isNull(t.revokedAt),
              sql`${t.expiresAt} > ${filter.activeAt.toISOString()}`,
            ]
          : []),
      );
      const [items, total] = await Promise.all([
        tx
          .select()
          .from(satelliteRegistrationTokens)
          .where(where)
          .orderBy(
            desc(satelliteRegistrationTokens.createdAt),
            desc(satelliteRegistrationTokens.id),
          )
          .limit(page.limit)
          .offset(page.offset),
        countWhere(tx, satelliteRegistrationTokens, where),
      ]);
      return { items, total };
    },
  };
}

export function tokenWrites(db: Executor): TokenWrites {
  return {
    async insertToken(values, tx = db) {
      await tx.insert(satelliteRegistrationTokens).values(values);
    },
    async consumeToken(id, satelliteId, now, tx = db) {
      const rows = await tx
        .update(satelliteRegistrationTokens)
        .set({ usedAt: now, usedBySatelliteId: satelliteId })
        .where(
          and(
            eq(satelliteRegistrationTokens.id, id),
            isNull(satelliteRegistrationTokens.usedAt),
            isNull(satelliteRegistrationTokens.revokedAt),
            sql`${satelliteRegistrationTokens.expiresAt} > ${now.toISOString()}`,
          ),
        )
        .returning({ id: satelliteRegistrationTokens.id });
      return rows.length > 0;
    },
    async revokeToken(id, now, tx = db) {
      await tx
        .update(satelliteRegistrationTokens)
        .set({ revokedAt: now })
        .where(eq(satelliteRegistrationTokens.id, id));
    },
  };
}
