import { and, asc, desc, eq, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { rowsOf, type Executor } from '../../db/client.js';
import {
  mcpServerInstallations,
  satelliteCommands,
  satelliteHeartbeats,
  satelliteRegistrationTokens,
  satellites,
  teamMembers,
  users,
} from '../../db/schema/index.js';
import { countWhere, type Page } from '../../http/pagination.js';

export type SatelliteRow = typeof satellites.$inferSelect;
export type TokenRow = typeof satelliteRegistrationTokens.$inferSelect;
export type CommandRow = typeof satelliteCommands.$inferSelect;

/** Rows of the given teams; null means every team (global administrators). */
function withinTeams(column: AnyPgColumn, teamIds: string[] | null): SQL | undefined {
  return teamIds === null
    ? undefined
    : teamIds.length === 0
      ? sql`false`
      : inArray(column, teamIds);
}

/** Rows per INSERT of satellite commands (7 parameters each). */
const COMMAND_INSERT_SLICE = 1000;

export function createSatelliteRepository(db: Executor) {
  return {
    // ---- registration tokens
    async insertToken(values: typeof satelliteRegistrationTokens.$inferInsert, tx: Executor = db) {
      await tx.insert(satelliteRegistrationTokens).values(values);
    },
    async findToken(id: string, tx: Executor = db) {
      const [row] = await tx
        .select()
        .from(satelliteRegistrationTokens)
        .where(eq(satelliteRegistrationTokens.id, id));
      return row ?? null;
    },
    /**
     * A token with what its creator may do now: their global role, whether their account is
     * disabled, and their role in the token's team (null when they are no longer a member).
     */
    async findTokenWithCreator(id: string, tx: Executor = db) {
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
    /** Uses a token up; false when it was already used, revoked or expired (one atomic UPDATE). */
    async consumeToken(id: string, satelliteId: string, now: Date, tx: Executor = db) {
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
    async revokeToken(id: string, now: Date, tx: Executor = db) {
      await tx
        .update(satelliteRegistrationTokens)
        .set({ revokedAt: now })
        .where(eq(satelliteRegistrationTokens.id, id));
    },
    /** With `activeAt`, only the tokens still unused, unrevoked and unexpired at that time. */
    async listTokens(
      teamIds: string[] | null,
      page: Page,
      filter: { activeAt?: Date } = {},
      tx: Executor = db,
    ) {
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

    // ---- satellites
    async insert(values: typeof satellites.$inferInsert, tx: Executor = db) {
      const [row] = await tx.insert(satellites).values(values).returning();
      return row!;
    },
    async find(id: string, tx: Executor = db) {
      const [row] = await tx.select().from(satellites).where(eq(satellites.id, id));
      return row ?? null;
    },
    async findByKeyId(keyId: string, tx: Executor = db) {
      const [row] = await tx
        .select({
          id: satellites.id,
          keyHash: satellites.keyHash,
          teamId: satellites.teamId,
          type: satellites.type,
          disabledAt: satellites.disabledAt,
        })
        .from(satellites)
        .where(eq(satellites.keyId, keyId));
      return row ?? null;
    },
    async update(id: string, values: Partial<typeof satellites.$inferInsert>, tx: Executor = db) {
      const [row] = await tx
        .update(satellites)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(satellites.id, id))
        .returning();
      return row ?? null;
    },
    /**
     * Sets the satellite's URL only while it has none (one conditional UPDATE: of two heartbeats
     * racing, one wins); false when one is set already.
     */
    async claimUrl(id: string, url: string, tx: Executor = db) {
      const rows = await tx
        .update(satellites)
        .set({ satelliteUrl: url, updatedAt: new Date() })
        .where(and(eq(satellites.id, id), isNull(satellites.satelliteUrl)))
        .returning({ id: satellites.id });
      return rows.length > 0;
    },
    async delete(id: string, tx: Executor = db) {
      await tx.delete(satellites).where(eq(satellites.id, id));
    },
    async list(teamIds: string[] | null, page: Page, tx: Executor = db) {
      const where = withinTeams(satellites.teamId, teamIds);
      const [items, total] = await Promise.all([
        tx
          .select()
          .from(satellites)
          .where(where)
          .orderBy(asc(satellites.createdAt), asc(satellites.id))
          .limit(page.limit)
          .offset(page.offset),
        countWhere(tx, satellites, where),
      ]);
      return { items, total };
    },
    /** How many satellites are online and enabled, for the metrics gauge. */
    async countOnline(tx: Executor = db) {
      const [row] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(satellites)
        .where(and(eq(satellites.status, 'online'), isNull(satellites.disabledAt)));
      return row?.n ?? 0;
    },
    /** Satellites whose last heartbeat is older than `before`, and not yet offline. */
    async markStaleOffline(before: Date, tx: Executor = db) {
      return tx
        .update(satellites)
        .set({ status: 'offline', updatedAt: new Date() })
        .where(and(eq(satellites.status, 'online'), lte(satellites.lastHeartbeatAt, before)))
        .returning({ id: satellites.id, teamId: satellites.teamId, name: satellites.name });
    },

    /** Teams with an installation assigned to this satellite. */
    async teamsAssignedTo(satelliteId: string, tx: Executor = db) {
      const rows = await tx
        .selectDistinct({ teamId: mcpServerInstallations.teamId })
        .from(mcpServerInstallations)
        .where(eq(mcpServerInstallations.satelliteId, satelliteId));
      return rows.map((r) => r.teamId);
    },

    // ---- heartbeats
    async insertHeartbeat(values: typeof satelliteHeartbeats.$inferInsert, tx: Executor = db) {
      await tx.insert(satelliteHeartbeats).values(values);
    },

    // ---- commands
    async insertCommands(rows: Array<typeof satelliteCommands.$inferInsert>, tx: Executor = db) {
      // In slices: PostgreSQL takes at most 65,535 parameters per statement, and one huge
      // statement also overflows the query builder's stack. A fan-out that failed here would be
      // retried, and fail, on every poll of every satellite.
      for (let i = 0; i < rows.length; i += COMMAND_INSERT_SLICE) {
        await tx.insert(satelliteCommands).values(rows.slice(i, i + COMMAND_INSERT_SLICE));
      }
    },
    async countPending(satelliteId: string, now: Date, tx: Executor = db) {
      return countWhere(
        tx,
        satelliteCommands,
        and(
          eq(satelliteCommands.satelliteId, satelliteId),
          eq(satelliteCommands.status, 'pending'),
          sql`${satelliteCommands.expiresAt} > ${now.toISOString()}`,
        ),
      );
    },
    /** How many commands wait for the satellite, and the most urgent priority among them. */
    async pendingSummary(satelliteId: string, now: Date, tx: Executor = db) {
      const [row] = await tx
        .select({
          count: sql<number>`count(*)::int`,
          mostUrgent: sql<number | null>`min(${satelliteCommands.priority})`,
        })
        .from(satelliteCommands)
        .where(
          and(
            eq(satelliteCommands.satelliteId, satelliteId),
            eq(satelliteCommands.status, 'pending'),
            sql`${satelliteCommands.expiresAt} > ${now.toISOString()}`,
          ),
        );
      return { count: row?.count ?? 0, mostUrgent: row?.mostUrgent ?? null };
    },
    /** Hands out the most urgent, oldest pending commands and marks them delivered, atomically. */
    async deliver(satelliteId: string, limit: number, now: Date, tx: Executor = db) {
      // A poll that hands something out is counted: configuration answers remembered before it
      // are not used again (configuration.ts).
      const rows = await tx.execute<{ id: string }>(sql`
        WITH delivered AS (
          UPDATE satellite_commands SET status = 'delivered', delivered_at = ${now.toISOString()}, updated_at = ${now.toISOString()}
          WHERE id IN (
            SELECT id FROM satellite_commands
            WHERE satellite_id = ${satelliteId} AND status = 'pending' AND expires_at > ${now.toISOString()}
            ORDER BY priority, created_at, id
            LIMIT ${limit}
            FOR UPDATE SKIP LOCKED
          )
          RETURNING id),
        counted AS (
          UPDATE satellites SET command_deliveries = command_deliveries + 1
          WHERE id = ${satelliteId} AND EXISTS (SELECT 1 FROM delivered))
        SELECT id FROM delivered`);
      const ids = rowsOf<{ id: string }>(rows).map((r) => r.id);
      if (ids.length === 0) return [];
      return tx
        .select()
        .from(satelliteCommands)
        .where(
          sql`${satelliteCommands.id} IN (${sql.join(
            ids.map((i) => sql`${i}`),
            sql`, `,
          )})`,
        )
        .orderBy(
          asc(satelliteCommands.priority),
          asc(satelliteCommands.createdAt),
          asc(satelliteCommands.id),
        );
    },
    async findCommand(satelliteId: string, id: string, tx: Executor = db) {
      const [row] = await tx
        .select()
        .from(satelliteCommands)
        .where(and(eq(satelliteCommands.id, id), eq(satelliteCommands.satelliteId, satelliteId)));
      return row ?? null;
    },
    async updateCommand(
      id: string,
      values: Partial<typeof satelliteCommands.$inferInsert>,
      tx: Executor = db,
    ) {
      await tx
        .update(satelliteCommands)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(satelliteCommands.id, id));
    },
    async expireCommands(now: Date, tx: Executor = db) {
      await tx
        .update(satelliteCommands)
        .set({ status: 'expired', updatedAt: now })
        .where(and(eq(satelliteCommands.status, 'pending'), lte(satelliteCommands.expiresAt, now)));
    },

    /** Satellites that serve an installation: the assigned one, or the team's and the global ones. */
    async servingSatellites(
      installation: { teamId: string; satelliteId: string | null },
      tx: Executor = db,
    ) {
      const where = installation.satelliteId
        ? eq(satellites.id, installation.satelliteId)
        : or(eq(satellites.teamId, installation.teamId), eq(satellites.type, 'global'));
      return tx
        .select({ id: satellites.id })
        .from(satellites)
        .where(and(where, isNull(satellites.disabledAt)));
    },
    async installationOf(id: string, tx: Executor = db) {
      const [row] = await tx
        .select({
          id: mcpServerInstallations.id,
          teamId: mcpServerInstallations.teamId,
          satelliteId: mcpServerInstallations.satelliteId,
        })
        .from(mcpServerInstallations)
        .where(eq(mcpServerInstallations.id, id));
      return row ?? null;
    },
  };
}

export type SatelliteRepository = ReturnType<typeof createSatelliteRepository>;
