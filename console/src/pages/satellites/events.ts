import type { HistoryEvent } from './types';

/** The event types satellites deliver (docs/satellites.md), for the history's filter. */
export const EVENT_TYPES = [
  'mcp.client.activity',
  'mcp.client.connected',
  'mcp.client.disconnected',
  'mcp.request.logs',
  'mcp.server.crashed',
  'mcp.server.dormant',
  'mcp.server.log_rate_limit_exceeded',
  'mcp.server.logs',
  'mcp.server.permanently_failed',
  'mcp.server.respawned',
  'mcp.server.restarted',
  'mcp.server.started',
  'mcp.server.status_changed',
  'mcp.server.stopped',
  'mcp.tool.executed',
  'mcp.tools.discovered',
  'mcp.tools.updated',
];

/** A field of an event's data, whatever its shape. */
function field(data: unknown, key: string): unknown {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return undefined;
  return new Map(Object.entries(data)).get(key);
}

const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : null);

function listSummary(list: unknown, key: string, noun: string): string | null {
  if (!Array.isArray(list)) return null;
  const first = text(field(list[0], key));
  const more = list.length > 1 ? ` and ${list.length - 1} more ${noun}` : '';
  return first ? `${first}${more}` : `${list.length} ${noun}`;
}

/** One line on what an event says: the tool called, the status reached, the log line… */
export function summarise(event: HistoryEvent): string {
  const data = event.data;
  return (
    listSummary(field(data, 'requests'), 'tool_name', 'requests') ??
    listSummary(field(data, 'logs'), 'message', 'lines') ??
    (field(data, 'tool_count') !== undefined ? `${text(field(data, 'tool_count'))} tools` : null) ??
    text(field(data, 'tool_name')) ??
    text(field(data, 'status')) ??
    text(field(data, 'client_name')) ??
    text(field(data, 'reason')) ??
    text(field(data, 'error')) ??
    ''
  );
}
