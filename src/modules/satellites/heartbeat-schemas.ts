import { Type } from '@sinclair/typebox';
import { StringEnum, Success } from '../../http/schemas.js';
import { REPORTED_STATUSES } from './heartbeat.js';

const field = (description: string) => Type.Optional(Type.Unknown({ description }));

/**
 * Both heartbeat shapes (heartbeat.ts). Only `status` is checked here: the other fields are read
 * tolerantly (a value of the wrong type is left out of the metrics), and unknown fields are
 * accepted and ignored, since any refusal of the DeployStack satellite's start-up heartbeat
 * makes it delete its credentials.
 */
export const HeartbeatBody = Type.Object(
  {
    status: StringEnum(REPORTED_STATUSES, {
      description:
        'healthy | degraded | unhealthy; the DeployStack satellite sends active | degraded | error',
    }),
    version: field('string, up to 50 characters'),
    uptime_seconds: field('number'),
    processes: field(
      'Counts {running, stopped, failed}, or a list of {id, server_name, status, health_status, ' +
        'performance_metrics?} (DeployStack satellite)',
    ),
    system: field(
      '{cpu_percent, memory_percent, memory_used_mb, memory_total_mb, disk_percent, load_average}',
    ),
    system_metrics: field(
      '{cpu_usage_percent, memory_usage_mb, disk_usage_percent, uptime_seconds} (DeployStack satellite)',
    ),
    processes_by_team: field(
      'team id → list of {installation_id, installation_name, status, pid?, uptime_seconds, …}; ' +
        'counted by status into running, stopped and failed',
    ),
    normalized_data: field('free-form; only summary counts are kept'),
    mcp_status: field('free-form; only summary counts are kept'),
    error_count: field('whole number'),
    satellite_url: field(
      'string: where the satellite can be reached. Sets its URL only when it has none (paired ' +
        'without one); another URL never moves it (the audience of its tokens) and is only recorded',
    ),
  },
  { additionalProperties: true },
);

export const HeartbeatResponse = Success(
  Type.Object({ next_heartbeat_seconds: Type.Integer(), pending_commands: Type.Integer() }),
);
