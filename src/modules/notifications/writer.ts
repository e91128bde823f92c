import type { Executor } from '../../db/client.js';
import { jsonInsert } from '../../db/json-rows.js';
import { teamNotifications } from '../../db/schema/index.js';
import { signalInTransaction, streamTopics } from '../../http/stream/signals.js';
import { newOrderedId } from '../../lib/ids.js';
import type { NewNotification } from './kinds.js';

/**
 * The writes of notifications, for a caller that makes them part of one statement (db/json-rows.ts
 * `together`): the insert, and the streams' signal, which must be that statement's main query
 * (PostgreSQL runs a WITH query that is only a SELECT only if it is read).
 */
export function notificationWrites(notifications: NewNotification[]) {
  return {
    // Several notifications of one write reach streams in the order they were given.
    insert: notifications.length
      ? jsonInsert(
          teamNotifications,
          notifications.map((n) => ({ id: newOrderedId('ntf'), ...n })),
          { sequence: notifications.map((_, i) => i) },
        )
      : null,
    signal: signalInTransaction(notifications.map((n) => streamTopics.notifications(n.teamId))),
  };
}

/**
 * Writes notifications inside the caller's transaction, so a notification exists exactly when
 * the change it reports does, and signals the teams' notification streams, which PostgreSQL
 * delivers when that transaction commits.
 */
export async function notify(tx: Executor, notifications: NewNotification[]) {
  const { insert, signal } = notificationWrites(notifications);
  if (insert) await tx.execute(insert);
  if (signal) await tx.execute(signal);
}
