import { and, asc, eq, sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client.js';
import { teamMembers, teams, users } from '../../db/schema/index.js';
import { countWhere, type Page } from '../../http/pagination.js';
import type { TeamRole } from '../roles/permissions.js';

export type TeamRow = typeof teams.$inferSelect;

// Written out in full: inside a subquery, the ORM's unqualified column names would bind to the inner table.
const memberCount = sql<number>`(SELECT count(*)::int FROM team_members m WHERE m.team_id = teams.id)`;

const memberColumns = {
  userId: users.id,
  username: users.username,
  email: users.email,
  displayName: users.displayName,
  role: teamMembers.role,
  joinedAt: teamMembers.createdAt,
};

export function createTeamRepository(db: Executor) {
  return {
    async insert(values: typeof teams.$inferInsert, tx: Executor = db): Promise<TeamRow> {
      const [row] = await tx.insert(teams).values(values).returning();
      return row!;
    },

    async findById(id: string, tx: Executor = db): Promise<TeamRow | null> {
      const [row] = await tx.select().from(teams).where(eq(teams.id, id));
      return row ?? null;
    },

    async findWithCount(id: string, tx: Executor = db) {
      const [row] = await tx
        .select({ team: teams, memberCount })
        .from(teams)
        .where(eq(teams.id, id));
      return row ?? null;
    },

    async findDefaultFor(userId: string, tx: Executor = db) {
      const [row] = await tx
        .select({ team: teams, memberCount, role: teamMembers.role })
        .from(teams)
        .leftJoin(
          teamMembers,
          and(eq(teamMembers.teamId, teams.id), eq(teamMembers.userId, userId)),
        )
        .where(and(eq(teams.ownerUserId, userId), eq(teams.isDefault, true)));
      return row ?? null;
    },

    async update(id: string, values: Partial<typeof teams.$inferInsert>, tx: Executor = db) {
      const [row] = await tx
        .update(teams)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(teams.id, id))
        .returning();
      return row ?? null;
    },

    async delete(id: string, tx: Executor = db) {
      await tx.delete(teams).where(eq(teams.id, id));
    },

    /** Null when the team does not exist; otherwise the user's role (null: not a member). */
    async membership(teamId: string, userId: string, tx: Executor = db) {
      const [row] = await tx
        .select({ role: teamMembers.role })
        .from(teams)
        .leftJoin(
          teamMembers,
          and(eq(teamMembers.teamId, teams.id), eq(teamMembers.userId, userId)),
        )
        .where(eq(teams.id, teamId));
      return row ? { role: (row.role as TeamRole | null) ?? null } : null;
    },

    async addMember(teamId: string, userId: string, role: TeamRole, tx: Executor = db) {
      await tx.insert(teamMembers).values({ teamId, userId, role });
    },

    async setRole(teamId: string, userId: string, role: TeamRole, tx: Executor = db) {
      const rows = await tx
        .update(teamMembers)
        .set({ role })
        .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)))
        .returning({ userId: teamMembers.userId });
      return rows.length > 0;
    },

    async removeMember(teamId: string, userId: string, tx: Executor = db) {
      const rows = await tx
        .delete(teamMembers)
        .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)))
        .returning({ userId: teamMembers.userId });
      return rows.length > 0;
    },

    /** Locks the team's membership rows so that "keep one admin" checks cannot race. */
    async lockMembers(teamId: string, tx: Executor) {
      await tx.execute(sql`SELECT 1 FROM ${teams} WHERE ${teams.id} = ${teamId} FOR UPDATE`);
    },

    async countAdmins(teamId: string, tx: Executor = db) {
      return countWhere(
        tx,
        teamMembers,
        and(eq(teamMembers.teamId, teamId), eq(teamMembers.role, 'team_admin')),
      );
    },

    async listMembers(teamId: string, page: Page, tx: Executor = db) {
      const where = eq(teamMembers.teamId, teamId);
      const [items, total] = await Promise.all([
        tx
          .select(memberColumns)
          .from(teamMembers)
          .innerJoin(users, eq(users.id, teamMembers.userId))
          .where(where)
          .orderBy(asc(teamMembers.createdAt), asc(users.id))
          .limit(page.limit)
          .offset(page.offset),
        countWhere(tx, teamMembers, where),
      ]);
      return { items, total };
    },

    async findMember(teamId: string, userId: string, tx: Executor = db) {
      const [row] = await tx
        .select(memberColumns)
        .from(teamMembers)
        .innerJoin(users, eq(users.id, teamMembers.userId))
        .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
      return row ?? null;
    },

    /** Teams the user belongs to, with their role, default team first. */
    async listForUser(userId: string, page: Page | null, tx: Executor = db) {
      const where = eq(teamMembers.userId, userId);
      const query = tx
        .select({ team: teams, memberCount, role: teamMembers.role })
        .from(teamMembers)
        .innerJoin(teams, eq(teams.id, teamMembers.teamId))
        .where(where)
        .orderBy(
          sql`${teams.isDefault} AND ${teams.ownerUserId} = ${userId} DESC`,
          asc(teams.name),
          asc(teams.id),
        );
      const [items, total] = await Promise.all([
        page ? query.limit(page.limit).offset(page.offset) : query,
        countWhere(tx, teamMembers, where),
      ]);
      return { items, total };
    },

    async listAll(page: Page, tx: Executor = db) {
      const [items, total] = await Promise.all([
        tx
          .select({ team: teams, memberCount })
          .from(teams)
          .orderBy(asc(teams.createdAt), asc(teams.id))
          .limit(page.limit)
          .offset(page.offset),
        countWhere(tx, teams, undefined),
      ]);
      return { items, total };
    },

    /** Teams in which the user is the only administrator while other members remain. */
    async teamsOnlyAdministeredBy(userId: string, tx: Executor = db) {
      const rows = await tx.execute<{ id: string; name: string }>(sql`
        SELECT t.id, t.name FROM ${teams} t
        JOIN ${teamMembers} me ON me.team_id = t.id AND me.user_id = ${userId} AND me.role = 'team_admin'
        WHERE NOT EXISTS (SELECT 1 FROM ${teamMembers} o WHERE o.team_id = t.id AND o.user_id <> ${userId} AND o.role = 'team_admin')
          AND EXISTS (SELECT 1 FROM ${teamMembers} o WHERE o.team_id = t.id AND o.user_id <> ${userId})`);
      return rowsOf<{ id: string; name: string }>(rows);
    },

    async slugTaken(slug: string, tx: Executor = db) {
      const [row] = await tx
        .select({ id: teams.id })
        .from(teams)
        .where(sql`lower(${teams.slug}) = ${slug.toLowerCase()}`);
      return Boolean(row);
    },
  };
}

export type TeamRepository = ReturnType<typeof createTeamRepository>;
