import { Type, type Static } from '@sinclair/typebox';
import { PaginatedQuery } from '../../http/pagination.js';
import { Nullable, StringEnum, Timestamp } from '../../http/schemas.js';

export const MetricsQuery = PaginatedQuery({
  since: Type.Optional(
    Type.String({
      format: 'date-time',
      description: 'Only heartbeats received at or after this time (ISO 8601)',
    }),
  ),
});

/** One heartbeat as its satellite reported it. */
export const Metric = Type.Object({
  id: Type.String(),
  satellite_id: Type.String(),
  status: StringEnum(['healthy', 'degraded', 'unhealthy']),
  cpu_percent: Nullable(Type.Number()),
  memory_percent: Nullable(Type.Number()),
  process_count: Nullable(Type.Integer()),
  uptime_seconds: Nullable(Type.Number()),
  processes: Type.Record(Type.String(), Type.Integer(), {
    description: 'Process counts by state (running, stopped, failed)',
  }),
  system: Type.Record(Type.String(), Type.Number(), {
    description: 'System figures: cpu_percent, memory_percent, memory_used_mb, …',
  }),
  created_at: Timestamp,
});
export type MetricView = Static<typeof Metric>;
