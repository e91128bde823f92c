import { mcpClientActivity, mcpRequestLogs, satelliteUsageLogs } from '../../../db/schema/index.js';
import { streamTopics } from '../../../http/stream/signals.js';
import type { BatchWrites } from './writes.js';

/** The tables whose rows make a user's client-activity feed. */
const ACTIVITY_TABLES = new Set<unknown>([satelliteUsageLogs, mcpRequestLogs, mcpClientActivity]);

/**
 * The stream topics a batch's writes add items to: the satellite's event history, and the
 * activity feed of every user a usage, request or client-activity row belongs to. (Notifications
 * signal themselves, inside the transaction that writes them.)
 */
export function topicsOf(satelliteId: string, writes: BatchWrites): string[] {
  const topics = new Set<string>();
  if (writes.history.length > 0) topics.add(streamTopics.history(satelliteId));
  for (const [table, rows] of writes.inserts) {
    if (!ACTIVITY_TABLES.has(table)) continue;
    for (const row of rows)
      if (typeof row.userId === 'string') topics.add(streamTopics.activity(row.userId));
  }
  return [...topics];
}
