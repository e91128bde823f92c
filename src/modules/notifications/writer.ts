import type { Executor } from '../../db/client.js';
import { insertJsonRows } from '../../db/json-rows.js';
import { teamNotifications } from '../../db/schema/index.js';
import { newId } from '../../lib/ids.js';
import type { NewNotification } from './kinds.js';

/**
 * Writes notifications inside the caller's transaction, so a notification exists exactly when
 * the change it reports does.
 */
export async function notify(tx: Executor, notifications: NewNotification[]) {
  await insertJsonRows(
    tx,
    teamNotifications,
    notifications.map((n) => ({ id: newId('ntf'), ...n })),
  );
}
