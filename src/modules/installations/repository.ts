import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import {
  mcpServerInstallations,
  mcpServerInstances,
  mcpServers,
  mcpUserConfigs,
  satellites,
  teamMembers,
} from '../../db/schema/index.js';
import { countWhere, type Page } from '../../http/pagination.js';
import { serverColumns } from '../catalogue/repository.js';

export type InstallationRow = typeof mcpServerInstallations.$inferSelect;
export type InstanceRow = typeof mcpServerInstances.$inferSelect;

export function createInstallationRepository(db: Executor) {
  /** Installations with their catalogue server, and any further columns the caller selects. */
  const withServer = <Extra extends SelectedFields>(tx: Executor, extra = {} as Extra) =>
    tx
      .select({ installation: mcpServerInstallations, server: serverColumns, ...extra })
      .from(mcpServerInstallations)
      .innerJoin(mcpServers, eq(mcpServers.id, mcpServerInstallations.serverId));

  return {
    async insert(values: typeof mcpServerInstallations.$inferInsert, tx: Executor = db) {
      await tx.insert(mcpServerInstallations).values(values);
    },
    async update(
      id: string,
      values: Partial<typeof mcpServerInstallations.$inferInsert>,
      tx: Executor = db,
    ) {
      await tx
        .update(mcpServerInstallations)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(mcpServerInstallations.id, id));
    },
    async delete(id: string, tx: Executor = db) {
      await tx.delete(mcpServerInstallations).where(eq(mcpServerInstallations.id, id));
    },
    async find(teamId: string, id: string, tx: Executor = db) {
      const [row] = await withServer(tx).where(
        and(eq(mcpServerInstallations.teamId, teamId), eq(mcpServerInstallations.id, id)),
      );
      return row ?? null;
    },
    async nameTaken(teamId: string, name: string, exceptId: string | null, tx: Executor = db) {
      const [row] = await tx
        .select({ id: mcpServerInstallations.id })
        .from(mcpServerInstallations)
        .where(
          and(
            eq(mcpServerInstallations.teamId, teamId),
            sql`lower(${mcpServerInstallations.name}) = ${name.toLowerCase()}`,
          ),
        );
      return Boolean(row && row.id !== exceptId);
    },
    /**
     * A page of the team's installations, each with the given member's own instance (or null),
     * and the team's total: one query where the list page needs them, as it is read on every
     * page load (the total rides on each row; a page past the end counts apart).
     */
    async pageWithOwnInstances(teamId: string, userId: string, page: Page, tx: Executor = db) {
      const where = eq(mcpServerInstallations.teamId, teamId);
      const rows = await withServer(tx, {
        instance: mcpServerInstances,
        total: sql<number>`count(*) over ()`.mapWith(Number),
      })
        .leftJoin(
          mcpServerInstances,
          and(
            eq(mcpServerInstances.installationId, mcpServerInstallations.id),
            eq(mcpServerInstances.userId, userId),
          ),
        )
        .where(where)
        .orderBy(asc(mcpServerInstallations.name), asc(mcpServerInstallations.id))
        .limit(page.limit)
        .offset(page.offset);
      const total =
        rows[0]?.total ??
        (page.offset > 0 ? await countWhere(tx, mcpServerInstallations, where) : 0);
      return { rows, total };
    },
    async allOfTeam(teamId: string, tx: Executor = db) {
      return withServer(tx).where(eq(mcpServerInstallations.teamId, teamId));
    },
    /** A satellite may be assigned when it is global, or a team satellite of this team. */
    async satelliteCanServe(satelliteId: string, teamId: string, tx: Executor = db) {
      const [row] = await tx
        .select({ type: satellites.type, teamId: satellites.teamId })
        .from(satellites)
        .where(eq(satellites.id, satelliteId));
      return Boolean(row && (row.type === 'global' || row.teamId === teamId));
    },
    async memberIds(teamId: string, tx: Executor = db) {
      const rows = await tx
        .select({ userId: teamMembers.userId })
        .from(teamMembers)
        .where(eq(teamMembers.teamId, teamId));
      return rows.map((r) => r.userId);
    },

    // ---- instances
    async insertInstances(rows: Array<typeof mcpServerInstances.$inferInsert>, tx: Executor = db) {
      if (rows.length > 0) await tx.insert(mcpServerInstances).values(rows).onConflictDoNothing();
    },
    async instanceOf(installationId: string, userId: string, tx: Executor = db) {
      const [row] = await tx
        .select()
        .from(mcpServerInstances)
        .where(
          and(
            eq(mcpServerInstances.installationId, installationId),
            eq(mcpServerInstances.userId, userId),
          ),
        );
      return row ?? null;
    },
    async setInstanceStatus(
      id: string,
      status: string,
      message: string | null,
      now: Date,
      tx: Executor = db,
    ) {
      await tx
        .update(mcpServerInstances)
        .set({ status, statusMessage: message, statusUpdatedAt: now })
        .where(eq(mcpServerInstances.id, id));
    },
    async instancesOfTeamUser(teamId: string, userId: string, tx: Executor = db) {
      return tx
        .select()
        .from(mcpServerInstances)
        .where(and(eq(mcpServerInstances.teamId, teamId), eq(mcpServerInstances.userId, userId)));
    },
    async listInstances(
      installationId: string,
      onlyUserId: string | null,
      page: Page,
      tx: Executor = db,
    ) {
      const where = and(
        eq(mcpServerInstances.installationId, installationId),
        onlyUserId ? eq(mcpServerInstances.userId, onlyUserId) : undefined,
      );
      const [items, total] = await Promise.all([
        tx
          .select()
          .from(mcpServerInstances)
          .where(where)
          .orderBy(asc(mcpServerInstances.createdAt), asc(mcpServerInstances.id))
          .limit(page.limit)
          .offset(page.offset),
        countWhere(tx, mcpServerInstances, where),
      ]);
      return { items, total };
    },
    async removeMemberRecords(teamId: string, userId: string, tx: Executor = db) {
      await tx
        .delete(mcpServerInstances)
        .where(and(eq(mcpServerInstances.teamId, teamId), eq(mcpServerInstances.userId, userId)));
      const installationIds = tx
        .select({ id: mcpServerInstallations.id })
        .from(mcpServerInstallations)
        .where(eq(mcpServerInstallations.teamId, teamId));
      await tx
        .delete(mcpUserConfigs)
        .where(
          and(
            eq(mcpUserConfigs.userId, userId),
            inArray(mcpUserConfigs.installationId, installationIds),
          ),
        );
    },

    // ---- personal configuration
    async userConfig(installationId: string, userId: string, tx: Executor = db) {
      const [row] = await tx
        .select()
        .from(mcpUserConfigs)
        .where(
          and(eq(mcpUserConfigs.installationId, installationId), eq(mcpUserConfigs.userId, userId)),
        );
      return row ?? null;
    },
    async saveUserConfig(
      installationId: string,
      userId: string,
      values: (typeof mcpUserConfigs.$inferInsert)['values'],
      now: Date,
      tx: Executor = db,
    ) {
      await tx
        .insert(mcpUserConfigs)
        .values({ installationId, userId, values, updatedAt: now })
        .onConflictDoUpdate({
          target: [mcpUserConfigs.installationId, mcpUserConfigs.userId],
          set: { values, updatedAt: now },
        });
    },
  };
}

export type InstallationRepository = ReturnType<typeof createInstallationRepository>;
