import { and, asc, desc, eq, getTableColumns, isNull, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { teamNotifications } from '../../db/schema/index.js';
import { countWhere } from '../../http/pagination.js';
import { afterCursor, cursorText, settled } from '../../http/stream/cursor.js';
import type { Positioned, StreamSource } from '../../http/stream/source.js';
import type { NotificationView } from './schemas.js';

export interface NotificationFilters {
  teamId: string;
  /** ISO 8601 text, compared in SQL so no precision is lost. */
  since: string | null;
  unreadOnly: boolean;
}

const t = teamNotifications;
type NotificationRow = typeof t.$inferSelect;

export function notificationView(row: NotificationRow): NotificationView {
  return {
    id: row.id,
    team_id: row.teamId,
    type: row.type as NotificationView['type'],
    severity: row.severity as NotificationView['severity'],
    title: row.title,
    message: row.message,
    data: row.data,
    created_at: row.createdAt.toISOString(),
    read_at: row.readAt ? row.readAt.toISOString() : null,
  };
}

/** A team's notifications in (created_at, id) order; the team_time index serves it. */
export function createNotificationSource(
  db: Executor,
): StreamSource<NotificationFilters, NotificationView> {
  const matching = (f: NotificationFilters, ...extra: SQL[]) =>
    and(
      eq(t.teamId, f.teamId),
      f.since ? sql`${t.createdAt} >= ${f.since}::timestamptz` : undefined,
      f.unreadOnly ? isNull(t.readAt) : undefined,
      ...extra,
    );

  async function read(
    where: SQL | undefined,
    order: 'newest' | 'oldest',
    limit: number,
    offset = 0,
  ): Promise<Positioned<NotificationView>[]> {
    const direction = order === 'newest' ? desc : asc;
    const rows = await db
      .select({ ...getTableColumns(t), cursorAt: cursorText(t.createdAt) })
      .from(t)
      .where(where)
      .orderBy(direction(t.createdAt), direction(t.id))
      .limit(limit)
      .offset(offset);
    return rows.map((row) => ({
      item: notificationView(row),
      cursor: { at: row.cursorAt, id: row.id },
    }));
  }

  return {
    async list(f, page) {
      const [items, total] = await Promise.all([
        read(matching(f), 'newest', page.limit, page.offset),
        countWhere(db, t, matching(f)),
      ]);
      return { items: items.map((p) => p.item), total };
    },
    // The stream's reads leave out what a still-open transaction may yet precede (see settled).
    newest: (f, limit) => read(matching(f, settled(t.createdAt)), 'newest', limit),
    after: (f, cursor, limit) =>
      read(
        matching(
          f,
          settled(t.createdAt),
          ...(cursor ? [afterCursor(t.createdAt, t.id, cursor)] : []),
        ),
        'oldest',
        limit,
      ),
    async findCursor(f, id) {
      const [row] = await db
        .select({ at: cursorText(t.createdAt), id: t.id })
        .from(t)
        .where(matching(f, eq(t.id, id)))
        .limit(1);
      return row ?? null;
    },
  };
}
