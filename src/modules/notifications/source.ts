import { eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { countedTotal } from '../../db/list-counts.js';
import { teamNotifications } from '../../db/schema/index.js';
import type { StreamSource } from '../../http/stream/source.js';
import { createdSince, createTableSource } from '../../http/stream/table-source.js';
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
  return createTableSource(db, {
    table: t,
    scope: (f: NotificationFilters) => [
      eq(t.teamId, f.teamId),
      ...createdSince(t.createdAt, f.since),
      ...(f.unreadOnly ? [isNull(t.readAt)] : []),
    ],
    view: notificationView,
    // The team's notifications, or its unread ones, are counted as they come and go; a time
    // range is counted on request.
    total: (f) =>
      f.since ? null : countedTotal(db, f.unreadOnly ? 'unread' : 'notifications', f.teamId),
  });
}
