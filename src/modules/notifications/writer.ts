import type { Executor } from '../../db/client.js';
import { insertJsonRows } from '../../db/json-rows.js';
import { teamNotifications } from '../../db/schema/index.js';
import { signalInTransaction, streamTopics } from '../../http/stream/signals.js';
import { newOrderedId } from '../../lib/ids.js';
import type { NewNotification } from './kinds.js';

/**
 * Writes notifications inside the caller's transaction, so a notification exists exactly when
 * the change it reports does, and signals the teams' notification streams, which PostgreSQL
 * delivers when that transaction commits.
 */
export async function notify(tx: Executor, notifications: NewNotification[]) {
  // Several notifications of one write reach streams in the order they were given.
  await insertJsonRows(
    tx,
    teamNotifications,
    notifications.map((n) => ({ id: newOrderedId('ntf'), ...n })),
    { sequence: notifications.map((_, i) => i) },
  );
  const signal = signalInTransaction(
    notifications.map((n) => streamTopics.notifications(n.teamId)),
  );
  if (signal) await tx.execute(signal);
}
