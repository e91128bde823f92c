import { and, eq, lt, ne, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { together } from '../../db/json-rows.js';
import { executePrepared, unnamedStatements, type StatementNames } from '../../db/prepared.js';
import { sessions, users } from '../../db/schema/index.js';

export type SessionRow = typeof sessions.$inferSelect;

/** `names`: which texts of a session with the writes alongside it run prepared (a sign-in's). */
export function createSessionRepository(db: Executor, names: StatementNames = unnamedStatements) {
  return {
    /** With `alongside`, those writes go in the same statement (db/json-rows.ts `together`). */
    async insert(values: typeof sessions.$inferInsert, tx: Executor = db, alongside: SQL[] = []) {
      const insert = tx.insert(sessions).values(values);
      if (alongside.length === 0) await insert;
      else await executePrepared(tx, together(alongside, insert.getSQL())!, names);
    },

    /** The session and the few user fields every authenticated request needs, in one query. */
    async findWithUser(id: string, tx: Executor = db) {
      const [row] = await tx
        .select({
          session: sessions,
          globalRole: users.globalRole,
          disabledAt: users.disabledAt,
        })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(eq(sessions.id, id));
      return row ?? null;
    },

    async extend(id: string, expiresAt: Date, seenAt: Date, tx: Executor = db) {
      await tx.update(sessions).set({ expiresAt, lastSeenAt: seenAt }).where(eq(sessions.id, id));
    },

    async delete(id: string, tx: Executor = db) {
      await tx.delete(sessions).where(eq(sessions.id, id));
    },

    async deleteForUser(userId: string, exceptSessionId?: string, tx: Executor = db) {
      await tx
        .delete(sessions)
        .where(
          exceptSessionId
            ? and(eq(sessions.userId, userId), ne(sessions.id, exceptSessionId))
            : eq(sessions.userId, userId),
        );
    },

    async deleteExpired(now: Date, tx: Executor = db) {
      await tx.delete(sessions).where(lt(sessions.expiresAt, now));
    },
  };
}

export type SessionRepository = ReturnType<typeof createSessionRepository>;
