// What the endpoint tells Groundstation through the event sink, in batches: one event per call
// would be too chatty. Tool calls are grouped per installation into `mcp.request.logs` (sent 3 s
// after the first call of a batch, or at 20 calls), and each client's use is summed into one
// `mcp.client.activity` per 30 s window. The same activity reports say when a client connected
// and went away (connections.ts), and refused credentials are tallied (auth-failures.ts).
import type { ServerEntry } from '../../../protocol/satellite.js';
import type { EventSink } from '../parts.js';
import { createAuthFailureTally, type AuthFailure } from './auth-failures.js';
import { createConnectionTracker } from './connections.js';

export type { AuthFailure } from './auth-failures.js';

export interface CallReport {
  entry: ServerEntry;
  /** Stands in for the installation when the entry names none. */
  upstreamKey: string;
  userId: string;
  teamId?: string;
  /** As the client called it. */
  toolName: string;
  params: unknown;
  response?: unknown;
  responseTimeMs: number;
  success: boolean;
  errorMessage?: string;
  at: number;
}

export interface ActivityReport {
  userId: string;
  teamId?: string;
  clientId?: string;
  clientName?: string;
  userAgent?: string;
  ipAddress?: string;
  sessionId?: string;
  requests: number;
  toolCalls: number;
  at: number;
}

export interface Reporter {
  call(report: CallReport): void;
  /** One POST's requests; its client's first also reports it connected. */
  activity(report: ActivityReport): void;
  /** A refused credential: tallied per client address, at most one event per address a window. */
  authFailed(failure: AuthFailure): void;
  /** Sends everything gathered so far. */
  flush(): void;
  /** Flushes, reports every client as disconnected, and stops the timers. */
  close(): void;
}

export interface ReporterOptions {
  events: EventSink;
  batchMs?: number;
  batchSize?: number;
  activityMs?: number;
  /** A response whose JSON is longer is sent as a note of its size instead. */
  maxResponseChars?: number;
  /** A client without requests this long is reported disconnected (default 30 minutes). */
  clientIdleMs?: number;
  /** Clients followed at most for connected/disconnected (default 10,000). */
  maxClients?: number;
  /** Refused credentials are tallied this long per address before one event (default 1 min). */
  authFailureWindowMs?: number;
  /** Addresses tallied apart per window; the others share one event (default 1,000). */
  maxAuthFailureSources?: number;
  now?: () => number;
}

interface Batch {
  installationId: string;
  teamId: string | undefined;
  requests: Record<string, unknown>[];
  timer: NodeJS.Timeout;
}

interface Activity extends ActivityReport {
  requestCount: number;
  toolCallCount: number;
}

function capped(response: unknown, maxChars: number): unknown {
  const text = JSON.stringify(response) ?? '';
  return text.length > maxChars ? { truncated: true, size: text.length } : response;
}

function requestLog(report: CallReport, maxChars: number): Record<string, unknown> {
  return {
    user_id: report.userId,
    tool_name: report.toolName,
    tool_params: report.params,
    ...(report.response === undefined ? {} : { tool_response: capped(report.response, maxChars) }),
    response_time_ms: report.responseTimeMs,
    success: report.success,
    ...(report.errorMessage === undefined ? {} : { error_message: report.errorMessage }),
    timestamp: new Date(report.at).toISOString(),
  };
}

/** A call without its arguments or result: what usage counts. */
function usage(report: CallReport): Record<string, unknown> {
  return {
    server_id: report.entry.installation_id ?? report.upstreamKey,
    team_id: report.entry.team_id ?? report.teamId ?? 'unknown',
    user_id: report.userId,
    tool_name: report.toolName,
    duration_ms: report.responseTimeMs,
    success: report.success,
    ...(report.errorMessage === undefined ? {} : { error_message: report.errorMessage }),
  };
}

function activityEvent(activity: Activity): Record<string, unknown> {
  return {
    user_id: activity.userId,
    team_id: activity.teamId,
    oauth_client_id: activity.clientId ?? 'unknown',
    auth_type: 'oauth',
    client_name: activity.clientName,
    user_agent: activity.userAgent,
    ip_address: activity.ipAddress,
    ...(activity.sessionId ? { session_id: activity.sessionId } : {}),
    request_count: activity.requestCount,
    tool_call_count: activity.toolCallCount,
    last_activity_at: new Date(activity.at).toISOString(),
  };
}

export function createReporter(options: ReporterOptions): Reporter {
  const { events } = options;
  const batchMs = options.batchMs ?? 3_000;
  const batchSize = options.batchSize ?? 20;
  const activityMs = options.activityMs ?? 30_000;
  const maxChars = options.maxResponseChars ?? 100_000;
  const batches = new Map<string, Batch>();
  const activities = new Map<string, Activity>();
  let activityTimer: NodeJS.Timeout | undefined;
  const now = options.now ?? Date.now;
  const connections = createConnectionTracker({
    events,
    idleMs: options.clientIdleMs ?? 30 * 60_000,
    maxClients: options.maxClients ?? 10_000,
    now,
  });
  const authFailures = createAuthFailureTally({
    events,
    windowMs: options.authFailureWindowMs ?? 60_000,
    maxSources: options.maxAuthFailureSources ?? 1_000,
    now,
  });

  function flushBatch(key: string): void {
    const batch = batches.get(key);
    if (!batch) return;
    batches.delete(key);
    clearTimeout(batch.timer);
    events.emit('mcp.request.logs', {
      installation_id: batch.installationId,
      team_id: batch.teamId,
      requests: batch.requests,
    });
  }

  function flushActivity(): void {
    clearTimeout(activityTimer);
    activityTimer = undefined;
    for (const activity of activities.values()) {
      events.emit('mcp.client.activity', activityEvent(activity));
    }
    activities.clear();
  }

  function flush(): void {
    for (const key of [...batches.keys()]) flushBatch(key);
    flushActivity();
    authFailures.flush();
  }

  return {
    call(report) {
      // The installation's owners turned request logging off: neither arguments nor results
      // leave, but the call is still counted (usage and activity), as `mcp.tool.executed`.
      if (report.entry.settings?.request_logging_enabled === false) {
        events.emit('mcp.tool.executed', usage(report));
        return;
      }
      const installationId = report.entry.installation_id ?? report.upstreamKey;
      const teamId = report.entry.team_id ?? report.teamId;
      const key = `${installationId}\n${teamId ?? ''}`;
      let batch = batches.get(key);
      if (!batch) {
        const timer = setTimeout(() => flushBatch(key), batchMs).unref();
        batch = { installationId, teamId, requests: [], timer };
        batches.set(key, batch);
      }
      batch.requests.push(requestLog(report, maxChars));
      if (batch.requests.length >= batchSize) flushBatch(key);
    },
    activity(report) {
      connections.seen(report);
      const key = [report.userId, report.teamId ?? '', report.clientId ?? ''].join('\n');
      const previous = activities.get(key);
      activities.set(key, {
        ...previous,
        ...report,
        clientName: report.clientName ?? previous?.clientName,
        requestCount: (previous?.requestCount ?? 0) + report.requests,
        toolCallCount: (previous?.toolCallCount ?? 0) + report.toolCalls,
      });
      activityTimer ??= setTimeout(flushActivity, activityMs).unref();
    },
    authFailed: (failure) => authFailures.failed(failure),
    flush,
    close() {
      flush();
      // The satellite is stopping, not the client leaving (`client_close`) or idling
      // (`timeout`): the protocol's word for a connection ended on the client's behalf is `error`.
      connections.close('error');
    },
  };
}
