import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { satelliteEventHistory } from '../../db/schema/index.js';
import type { StreamSource } from '../../http/stream/source.js';
import { createdSince, createTableSource } from '../../http/stream/table-source.js';
import type { EventHistoryView } from './event-schemas.js';

export interface EventHistoryFilters {
  satelliteId: string;
  type: string | null;
  /** ISO 8601 text, compared in SQL so no precision is lost. */
  since: string | null;
}

const t = satelliteEventHistory;
type HistoryRow = typeof t.$inferSelect;

const view = (row: HistoryRow): EventHistoryView => ({
  id: row.id,
  satellite_id: row.satelliteId,
  type: row.type,
  timestamp: row.occurredAt.toISOString(),
  received_at: row.createdAt.toISOString(),
  installation_id: row.installationId,
  record_id: row.recordId,
  data: row.data,
});

/**
 * One satellite's accepted events in (received, id) order; the satellite_time index serves
 * every read, the type filter included (it only thins what that index walks).
 */
export function createEventHistorySource(
  db: Executor,
): StreamSource<EventHistoryFilters, EventHistoryView> {
  return createTableSource(db, {
    table: t,
    scope: (f: EventHistoryFilters) => [
      eq(t.satelliteId, f.satelliteId),
      ...(f.type ? [eq(t.type, f.type)] : []),
      ...createdSince(t.createdAt, f.since),
    ],
    view,
  });
}
