import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { satelliteHeartbeats } from '../../db/schema/index.js';
import type { StreamSource } from '../../http/stream/source.js';
import { createdSince, createTableSource } from '../../http/stream/table-source.js';
import type { MetricView } from './metrics-schemas.js';

export interface MetricsFilters {
  satelliteId: string;
  /** ISO 8601 text, compared in SQL so no precision is lost. */
  since: string | null;
}

const t = satelliteHeartbeats;
type HeartbeatRow = typeof t.$inferSelect;

function metricView(row: HeartbeatRow): MetricView {
  const metrics = row.metrics as {
    uptime_seconds?: number | null;
    processes?: Record<string, number>;
    system?: Record<string, number>;
  };
  return {
    id: row.id,
    satellite_id: row.satelliteId,
    status: row.status as MetricView['status'],
    cpu_percent: row.cpuPercent,
    memory_percent: row.memoryPercent,
    process_count: row.processCount,
    uptime_seconds: metrics.uptime_seconds ?? null,
    processes: metrics.processes ?? {},
    system: metrics.system ?? {},
    created_at: row.createdAt.toISOString(),
  };
}

/** Heartbeat rows of one satellite, in (created_at, id) order; the satellite_time index serves it. */
export function createSatelliteMetricsSource(
  db: Executor,
): StreamSource<MetricsFilters, MetricView> {
  return createTableSource(db, {
    table: t,
    scope: (f: MetricsFilters) => [
      eq(t.satelliteId, f.satelliteId),
      ...createdSince(t.createdAt, f.since),
    ],
    view: metricView,
  });
}
