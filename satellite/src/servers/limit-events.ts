// `resource.limit.exceeded`: the protocol's fields (team_id, resource_type, current_value,
// limit_value) and, beside them, which server it was and what the satellite did about it.
import type { ServerEntry } from '../../../protocol/satellite.js';
import type { EventSink } from '../parts.js';
import { processFields } from './fields.js';

export interface LimitExceeded {
  resource: 'cpu' | 'memory' | 'processes';
  /** MB for memory, percent of one core for CPU, a count of processes. */
  current: number;
  limit: number;
  /** What the satellite did about it. */
  action: 'killed' | 'priority_lowered' | 'stopped_idle' | 'refused';
  /** The server's process (its OS pid), when it has one. */
  pid?: number;
  /** Anything else worth knowing, e.g. the scope of a process limit. */
  details?: Record<string, unknown>;
}

/**
 * Reports a limit hit by the server of `key`. The extra fields (server_id, server_slug, user_id,
 * process_id, action, …) are allowed by the protocol, which lets event data carry more than
 * its table lists; a backend that knows only the four fields ignores them.
 */
export function emitLimitExceeded(
  events: EventSink,
  key: string,
  entry: ServerEntry,
  hit: LimitExceeded,
): void {
  events.emit('resource.limit.exceeded', {
    ...processFields(key, entry),
    resource_type: hit.resource,
    current_value: hit.current,
    limit_value: hit.limit,
    action: hit.action,
    ...(hit.pid ? { process_id: hit.pid } : {}),
    ...hit.details,
  });
}

/** One decimal place: enough for MB and percent, and stable in logs. */
export const oneDecimal = (value: number) => Math.round(value * 10) / 10;
