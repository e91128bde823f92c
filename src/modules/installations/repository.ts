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

export type UserConfigRow = typeof mcpUserConfigs.$inferSelect;

/** Installations with their catalogue server, and any further columns the caller selects. */
const withServer = <Extra extends SelectedFields>(tx: Executor, extra = {} as Extra) =>
  tx
    .select({ installation: mcpServerInstallations, server: serverColumns, ...extra })
    .from(mcpServerInstallations)
    .innerJoin(mcpServers, eq(mcpServers.id, mcpServerInstallations.serverId));

/** Adding, changing and deleting installations. */
function installationWrites(db: Executor) {
  return {
    /** Adds an installation. */
    async insert(values: typeof mcpServerInstallations.$inferInsert, tx: Executor = db) {
      await tx.insert(mcpServerInstallations).values(values);
    },
    /** Changes an installation (and its `updated_at`). */
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
    /** Deletes an installation; its instances and personal values cascade. */
    async delete(id: string, tx: Executor = db) {
      await tx.delete(mcpServerInstallations).where(eq(mcpServerInstallations.id, id));
    },
  };
}

/** Finding and listing a team's installations. */
function installationReads(db: Executor) {
  return {
    /** The team's installation with its catalogue server, or null. */
    async find(teamId: string, id: string, tx: Executor = db) {
      const [row] = await withServer(tx).where(
        and(eq(mcpServerInstallations.teamId, teamId), eq(mcpServerInstallations.id, id)),
      );
      return row ?? null;
    },
    /** Whether another installation than `exceptId` of the team has the name (case-insensitive). */
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
    /** Every installation of the team, with its catalogue server. */
    async allOfTeam(teamId: string, tx: Executor = db) {
      return withServer(tx).where(eq(mcpServerInstallations.teamId, teamId));
    },
  };
}

/** What an installation checks about its team: its satellites and members. */
function teamLookups(db: Executor) {
  return {
    /** A satellite may be assigned when it is global, or a team satellite of this team. */
    async satelliteCanServe(satelliteId: string, teamId: string, tx: Executor = db) {
      const [row] = await tx
        .select({ type: satellites.type, teamId: satellites.teamId })
        .from(satellites)
        .where(eq(satellites.id, satelliteId));
      return Boolean(row && (row.type === 'global' || row.teamId === teamId));
    },
    /** The ids of the team's members. */
    async memberIds(teamId: string, tx: Executor = db) {
      const rows = await tx
        .select({ userId: teamMembers.userId })
        .from(teamMembers)
        .where(eq(teamMembers.teamId, teamId));
      return rows.map((r) => r.userId);
    },
  };
}

/** Each member's instance of an installation. */
function instanceRecords(db: Executor) {
  return {
    /** Adds instances; one that exists already is left as it is. */
    async insertInstances(rows: Array<typeof mcpServerInstances.$inferInsert>, tx: Executor = db) {
      if (rows.length > 0) await tx.insert(mcpServerInstances).values(rows).onConflictDoNothing();
    },
    /** The member's instance of the installation, or null. */
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
    /** Sets an instance's status and its message. */
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
    /** Every instance the member has in the team. */
    async instancesOfTeamUser(teamId: string, userId: string, tx: Executor = db) {
      return tx
        .select()
        .from(mcpServerInstances)
        .where(and(eq(mcpServerInstances.teamId, teamId), eq(mcpServerInstances.userId, userId)));
    },
    /** A page of the installation's instances (only the member's, if named), and the total. */
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
    /** Deletes a leaving member's instances and personal values in the team. */
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
  };
}

/** Each member's own values for an installation. */
function personalConfigRecords(db: Executor) {
  return {
    /** The member's own values for the installation, or null. */
    async userConfig(installationId: string, userId: string, tx: Executor = db) {
      const [row] = await tx
        .select()
        .from(mcpUserConfigs)
        .where(
          and(eq(mcpUserConfigs.installationId, installationId), eq(mcpUserConfigs.userId, userId)),
        );
      return row ?? null;
    },
    /** Stores the member's own values for the installation. */
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

/** A team's installations, their instances and members' values, and the team facts they check. */
export type InstallationRepository = ReturnType<typeof installationWrites> &
  ReturnType<typeof installationReads> &
  ReturnType<typeof teamLookups> &
  ReturnType<typeof instanceRecords> &
  ReturnType<typeof personalConfigRecords>;

export function createInstallationRepository(db: Executor): InstallationRepository {
  return {
    ...installationWrites(db),
    ...installationReads(db),
    ...teamLookups(db),
    ...instanceRecords(db),
    ...personalConfigRecords(db),
  };
}
