import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { teamMembers, teams, users } from '../../db/schema/index.js';
import { countWhere, type Page } from '../../http/pagination.js';
import type { TeamRole } from '../roles/permissions.js';

/** A member of a team with what the member list shows of the account. */
export interface MemberRow {
  userId: string;
  username: string;
  email: string;
  displayName: string | null;
  role: string;
  joinedAt: Date;
}

const memberColumns = {
  userId: users.id,
  username: users.username,
  email: users.email,
  displayName: users.displayName,
  role: teamMembers.role,
  joinedAt: teamMembers.createdAt,
};

/** Reading who belongs to a team and in which role. */
export interface MemberReads {
  /** Null when the team does not exist; otherwise the user's role (null: not a member). */
  membership(
    teamId: string,
    userId: string,
    tx?: Executor,
  ): Promise<{ role: TeamRole | null } | null>;
  /** How many team_admin members the team has. */
  countAdmins(teamId: string, tx?: Executor): Promise<number>;
  /** A page of the team's members, oldest first, and how many there are. */
  listMembers(
    teamId: string,
    page: Page,
    tx?: Executor,
  ): Promise<{ items: MemberRow[]; total: number }>;
  /** One member of the team, or null when the user is not one. */
  findMember(teamId: string, userId: string, tx?: Executor): Promise<MemberRow | null>;
}

/** Changing who belongs to a team and in which role. */
export interface MemberWrites {
  /** Adds the user to the team with `role`. */
  addMember(teamId: string, userId: string, role: TeamRole, tx?: Executor): Promise<void>;
  /** Changes a member's role; false when the user is not a member. */
  setRole(teamId: string, userId: string, role: TeamRole, tx?: Executor): Promise<boolean>;
  /** Removes the user from the team; false when the user was not a member. */
  removeMember(teamId: string, userId: string, tx?: Executor): Promise<boolean>;
  /** Locks the team's membership rows so that "keep one admin" checks cannot race. */
  lockMembers(teamId: string, tx: Executor): Promise<void>;
}

export function memberReads(db: Executor): MemberReads {
  return {
    async membership(teamId, userId, tx = db) {
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

    async countAdmins(teamId, tx = db) {
      return countWhere(
        tx,
        teamMembers,
        and(eq(teamMembers.teamId, teamId), eq(teamMembers.role, 'team_admin')),
      );
    },

    async listMembers(teamId, page, tx = db) {
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

    async findMember(teamId, userId, tx = db) {
      const [row] = await tx
        .select(memberColumns)
        .from(teamMembers)
        .innerJoin(users, eq(users.id, teamMembers.userId))
        .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
      return row ?? null;
    },
  };
}

export function memberWrites(db: Executor): MemberWrites {
  return {
    async addMember(teamId, userId, role, tx = db) {
      await tx.insert(teamMembers).values({ teamId, userId, role });
    },

    async setRole(teamId, userId, role, tx = db) {
      const rows = await tx
        .update(teamMembers)
        .set({ role })
        .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)))
        .returning({ userId: teamMembers.userId });
      return rows.length > 0;
    },

    async removeMember(teamId, userId, tx = db) {
      const rows = await tx
        .delete(teamMembers)
        .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)))
        .returning({ userId: teamMembers.userId });
      return rows.length > 0;
    },

    async lockMembers(teamId, tx) {
      await tx.execute(sql`SELECT 1 FROM ${teams} WHERE ${teams.id} = ${teamId} FOR UPDATE`);
    },
  };
}
