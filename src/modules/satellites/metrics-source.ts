import { and, asc, desc, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { satelliteHeartbeats } from '../../db/schema/index.js';
import { countWhere } from '../../http/pagination.js';
import { afterCursor, cursorText, settled } from '../../http/stream/cursor.js';
import type { Positioned, StreamSource } from '../../http/stream/source.js';
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
  const matching = (f: MetricsFilters, ...extra: SQL[]) =>
    and(
      eq(t.satelliteId, f.satelliteId),
      f.since ? sql`${t.createdAt} >= ${f.since}::timestamptz` : undefined,
      ...extra,
    );

  async function read(
    where: SQL | undefined,
    order: 'newest' | 'oldest',
    limit: number,
    offset = 0,
  ): Promise<Positioned<MetricView>[]> {
    const direction = order === 'newest' ? desc : asc;
    const rows = await db
      .select({ ...getTableColumns(t), cursorAt: cursorText(t.createdAt) })
      .from(t)
      .where(where)
      .orderBy(direction(t.createdAt), direction(t.id))
      .limit(limit)
      .offset(offset);
    return rows.map((row) => ({ item: metricView(row), cursor: { at: row.cursorAt, id: row.id } }));
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
