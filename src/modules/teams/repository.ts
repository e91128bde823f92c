import { and, asc, eq, sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client.js';
import { teamMembers, teams } from '../../db/schema/index.js';
import { countWhere, type Page } from '../../http/pagination.js';
import {
  memberReads,
  memberWrites,
  type MemberReads,
  type MemberWrites,
} from './member-repository.js';

export type { MemberRow } from './member-repository.js';

export type TeamRow = typeof teams.$inferSelect;

/** A team with its number of members. */
export interface TeamWithCount {
  team: TeamRow;
  memberCount: number;
}

// Written out in full: inside a subquery, the ORM's unqualified column names would bind to the inner table.
const memberCount = sql<number>`(SELECT count(*)::int FROM team_members m WHERE m.team_id = teams.id)`;

/** Reading team records. */
export interface TeamReads {
  /** The team, or null. */
  findById(id: string, tx?: Executor): Promise<TeamRow | null>;
  /** The team with its member count, or null. */
  findWithCount(id: string, tx?: Executor): Promise<TeamWithCount | null>;
  /** The user's own default team with its member count and the user's role in it, or null. */
  findDefaultFor(
    userId: string,
    tx?: Executor,
  ): Promise<(TeamWithCount & { role: string | null }) | null>;
  /** Teams the user belongs to, with their role, default team first. */
  listForUser(
    userId: string,
    page: Page | null,
    tx?: Executor,
  ): Promise<{ items: Array<TeamWithCount & { role: string }>; total: number }>;
  /** A page of every team, oldest first, and how many there are. */
  listAll(page: Page, tx?: Executor): Promise<{ items: TeamWithCount[]; total: number }>;
  /** Teams in which the user is the only administrator while other members remain. */
  teamsOnlyAdministeredBy(userId: string, tx?: Executor): Promise<{ id: string; name: string }[]>;
  /** Whether a team already has the slug, ignoring case. */
  slugTaken(slug: string, tx?: Executor): Promise<boolean>;
}

/** Writing team records. */
export interface TeamWrites {
  /** Inserts a team and returns its row. */
  insert(values: typeof teams.$inferInsert, tx?: Executor): Promise<TeamRow>;
  /** Changes the team's fields (and `updatedAt`); null when there is no such team. */
  update(
    id: string,
    values: Partial<typeof teams.$inferInsert>,
    tx?: Executor,
  ): Promise<TeamRow | null>;
  /** Deletes the team (its memberships go with it). */
  delete(id: string, tx?: Executor): Promise<void>;
}

/** Teams and their memberships in the database. */
export interface TeamRepository extends TeamReads, TeamWrites, MemberReads, MemberWrites {}

function teamReads(db: Executor): TeamReads {
  return {
    async findById(id, tx = db) {
      const [row] = await tx.select().from(teams).where(eq(teams.id, id));
      return row ?? null;
    },

    async findWithCount(id, tx = db) {
      const [row] = await tx
        .select({ team: teams, memberCount })
        .from(teams)
        .where(eq(teams.id, id));
      return row ?? null;
    },

    async findDefaultFor(userId, tx = db) {
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

    async listForUser(userId, page, tx = db) {
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

    async listAll(page, tx = db) {
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

    async teamsOnlyAdministeredBy(userId, tx = db) {
      const rows = await tx.execute<{ id: string; name: string }>(sql`
        SELECT t.id, t.name FROM ${teams} t
        JOIN ${teamMembers} me ON me.team_id = t.id AND me.user_id = ${userId} AND me.role = 'team_admin'
        WHERE NOT EXISTS (SELECT 1 FROM ${teamMembers} o WHERE o.team_id = t.id AND o.user_id <> ${userId} AND o.role = 'team_admin')
          AND EXISTS (SELECT 1 FROM ${teamMembers} o WHERE o.team_id = t.id AND o.user_id <> ${userId})`);
      return rowsOf<{ id: string; name: string }>(rows);
    },

    async slugTaken(slug, tx = db) {
      const [row] = await tx
        .select({ id: teams.id })
        .from(teams)
        .where(sql`lower(${teams.slug}) = ${slug.toLowerCase()}`);
      return Boolean(row);
    },
  };
}

function teamWrites(db: Executor): TeamWrites {
  return {
    async insert(values, tx = db) {
      const [row] = await tx.insert(teams).values(values).returning();
      return row!;
    },

    async update(id, values, tx = db) {
      const [row] = await tx
        .update(teams)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(teams.id, id))
        .returning();
      return row ?? null;
    },

    async delete(id, tx = db) {
      await tx.delete(teams).where(eq(teams.id, id));
    },
  };
}

export function createTeamRepository(db: Executor): TeamRepository {
  return { ...teamReads(db), ...teamWrites(db), ...memberReads(db), ...memberWrites(db) };
}
