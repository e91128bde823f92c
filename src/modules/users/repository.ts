import { and, asc, eq, ilike, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { countWhere, type Page } from '../../http/pagination.js';
import type { GlobalRole } from '../roles/permissions.js';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

/** A team as the account's own profile lists it. */
export interface MyTeam {
  id: string;
  name: string;
  slug: string;
  is_default: boolean;
  role: string;
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

export function createUserRepository(db: Executor) {
  return {
    async anyExists(tx: Executor = db): Promise<boolean> {
      const rows = await tx
        .select({ one: sql<number>`1` })
        .from(users)
        .limit(1);
      return rows.length > 0;
    },

    async insert(values: NewUser, tx: Executor = db): Promise<UserRow> {
      const [row] = await tx.insert(users).values(values).returning();
      return row!;
    },

    /**
     * The account and its teams (own default first, then by name) in one query: what
     * `GET /api/users/me` shows, read on every page load. The subquery names the outer row as
     * `users.id`: a one-table select leaves its own columns unqualified.
     */
    async findWithTeams(id: string, tx: Executor = db) {
      const [row] = await tx
        .select({
          user: users,
          teams: sql<MyTeam[] | null>`(
            SELECT json_agg(json_build_object('id', t.id, 'name', t.name, 'slug', t.slug,
                'is_default', t.is_default AND t.owner_user_id = users.id, 'role', m.role)
              ORDER BY t.is_default AND t.owner_user_id = users.id DESC, t.name, t.id)
            FROM team_members m JOIN teams t ON t.id = m.team_id
            WHERE m.user_id = users.id)`,
        })
        .from(users)
        .where(eq(users.id, id));
      return row ? { user: row.user, teams: row.teams ?? [] } : null;
    },

    async findById(id: string, tx: Executor = db): Promise<UserRow | null> {
      const [row] = await tx.select().from(users).where(eq(users.id, id));
      return row ?? null;
    },

    /** By username or email, case-insensitively. */
    async findByLogin(login: string, tx: Executor = db): Promise<UserRow | null> {
      const lowered = login.toLowerCase();
      const [row] = await tx
        .select()
        .from(users)
        .where(
          or(sql`lower(${users.username}) = ${lowered}`, sql`lower(${users.email}) = ${lowered}`),
        )
        .limit(1);
      return row ?? null;
    },

    async findByEmail(email: string, tx: Executor = db): Promise<UserRow | null> {
      const [row] = await tx
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
      return row ?? null;
    },

    async update(id: string, values: Partial<NewUser>, tx: Executor = db): Promise<UserRow | null> {
      const [row] = await tx
        .update(users)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(users.id, id))
        .returning();
      return row ?? null;
    },

    async delete(id: string, tx: Executor = db): Promise<boolean> {
      const rows = await tx.delete(users).where(eq(users.id, id)).returning({ id: users.id });
      return rows.length > 0;
    },

    /** Active global administrators other than `exceptId`. */
    async countOtherActiveAdmins(exceptId: string, tx: Executor = db): Promise<number> {
      return countWhere(
        tx,
        users,
        and(
          eq(users.globalRole, 'global_admin' satisfies GlobalRole),
          isNull(users.disabledAt),
          ne(users.id, exceptId),
        ),
      );
    },

    async list(page: Page, search: string | undefined, tx: Executor = db) {
      let where: SQL | undefined;
      if (search) {
        const pattern = `%${escapeLike(search)}%`;
        where = or(
          ilike(users.username, pattern),
          ilike(users.email, pattern),
          ilike(users.displayName, pattern),
        );
      }
      const [items, total] = await Promise.all([
        tx
          .select()
          .from(users)
          .where(where)
          .orderBy(asc(users.createdAt), asc(users.id))
          .limit(page.limit)
          .offset(page.offset),
        countWhere(tx, users, where),
      ]);
      return { items, total };
    },
  };
}

export type UserRepository = ReturnType<typeof createUserRepository>;
