import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { teamNotifications } from '../../db/schema/index.js';

const t = teamNotifications;

/** Read state of a team's notifications. */
export function createNotificationRepository(db: Executor) {
  return {
    /** Marks one notification read (keeping the first read time); null when not in the team. */
    async markRead(teamId: string, id: string, at: Date, tx: Executor = db) {
      const [row] = await tx
        .update(t)
        .set({ readAt: at })
        .where(and(eq(t.teamId, teamId), eq(t.id, id), isNull(t.readAt)))
        .returning();
      if (row) return row;
      const [existing] = await tx
        .select()
        .from(t)
        .where(and(eq(t.teamId, teamId), eq(t.id, id)));
      return existing ?? null;
    },
    /** Marks every unread notification of the team read; returns how many changed. */
    async markAllRead(teamId: string, at: Date, tx: Executor = db) {
      const rows = await tx
        .update(t)
        .set({ readAt: at })
        .where(and(eq(t.teamId, teamId), isNull(t.readAt)))
        .returning({ id: t.id });
      return rows.length;
    },
  };
}

export type NotificationRepository = ReturnType<typeof createNotificationRepository>;
