// The fields events about one member instance share (docs/satellites.md, the event table).
import type { ServerEntry } from '../../../protocol/satellite.js';
import type { EventSink } from '../parts.js';
import type { StderrLogTarget } from './stderr-log.js';

/** `server_id, server_slug, team_id, user_id?` of the process events; the slug is the map key. */
export function processFields(key: string, entry: ServerEntry): Record<string, unknown> {
  return {
    server_id: entry.installation_id ?? key,
    server_slug: key,
    team_id: teamOf(entry),
    ...(entry.user_id === undefined ? {} : { user_id: entry.user_id }),
  };
}

/** Groundstation always names the team; a hand-made entry without one is reported as such. */
export function teamOf(entry: ServerEntry): string {
  return entry.team_id ?? 'unknown';
}

/**
 * `mcp.server.status_changed` for the member's instance. A status belongs to one member, and
 * Groundstation refuses `user_id: "unknown"`, so an entry without a user reports no status.
 */
export function emitStatus(
  events: EventSink,
  key: string,
  entry: ServerEntry,
  status: 'online' | 'permanently_failed' | 'requires_reauth',
  message?: string,
): void {
  if (entry.user_id === undefined) return;
  events.emit('mcp.server.status_changed', {
    installation_id: entry.installation_id ?? key,
    team_id: teamOf(entry),
    user_id: entry.user_id,
    status,
    timestamp: new Date().toISOString(),
    ...(message === undefined ? {} : { status_message: message.slice(0, 2000) }),
  });
}

export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Where a stdio server's stderr goes: `mcp.server.logs` and the rate limit's reports. */
export function stderrEvents(
  events: EventSink,
  key: string,
  entry: ServerEntry,
  linesPerSecond: number,
): StderrLogTarget {
  return {
    lines: (logs) =>
      events.emit('mcp.server.logs', {
        installation_id: entry.installation_id ?? key,
        team_id: teamOf(entry),
        ...(entry.user_id === undefined ? {} : { user_id: entry.user_id }),
        logs,
      }),
    // This event names the installation by its map key and carries no team (docs/satellites.md).
    dropped: (count, seconds) =>
      events.emit('mcp.server.log_rate_limit_exceeded', {
        installation_id: key,
        dropped_count: count,
        time_window_seconds: seconds,
        rate_limit: linesPerSecond,
      }),
  };
}
