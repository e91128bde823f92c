// `mcp.client.connected` and `mcp.client.disconnected`, derived from requests. The endpoint is
// stateless (no session opens or closes), so a client counts as connected at its first request
// and as gone after an idle time without one. A client is a user's OAuth client in a team, told
// apart by its `Mcp-Session-Id` or, when it sends none, by its user agent.
import { randomUUID } from 'node:crypto';
import type { EventSink } from '../parts.js';

/** What one request says about its client (a subset of the reporter's activity report). */
export interface ClientRequest {
  userId: string;
  teamId?: string;
  clientId?: string;
  clientName?: string;
  userAgent?: string;
  ipAddress?: string;
  sessionId?: string;
  toolCalls: number;
}

/** The protocol's reasons; `client_close` needs a client that says goodbye, which none does here. */
export type DisconnectReason = 'client_close' | 'timeout' | 'error';

export interface ConnectionOptions {
  events: EventSink;
  /** A client without requests this long is disconnected (`timeout`). */
  idleMs: number;
  /** Clients tracked at most; the one idle longest makes room for a new one (as `timeout`). */
  maxClients: number;
  now: () => number;
}

export interface ConnectionTracker {
  seen(request: ClientRequest): void;
  /** Disconnects every tracked client with the reason, and stops watching. */
  close(reason: DisconnectReason): void;
}

interface Connection {
  sessionId: string;
  teamId: string | undefined;
  connectedAt: number;
  lastSeenAt: number;
  toolCalls: number;
}

// The service keeps these texts to 1000 characters; a client's header may be longer.
const MAX_TEXT = 1000;
const clip = (value: string) => value.slice(0, MAX_TEXT);

/** The protocol's `client_type`: from the user agent, else the name the client gave. */
export function clientTypeOf(
  userAgent: string | undefined,
  clientName: string | undefined,
): 'vscode' | 'cursor' | 'claude' | 'unknown' {
  for (const text of [userAgent, clientName]) {
    if (!text) continue;
    // Cursor is built on VS Code and may name both: it is asked first.
    if (/cursor/i.test(text)) return 'cursor';
    if (/vscode|vs code|visual studio code/i.test(text)) return 'vscode';
    if (/claude/i.test(text)) return 'claude';
  }
  return 'unknown';
}

export function createConnectionTracker(options: ConnectionOptions): ConnectionTracker {
  const { events, idleMs, maxClients, now } = options;
  // In the order clients were last seen (each request moves its client to the end), so the
  // clients idle longest are always the first ones.
  const clients = new Map<string, Connection>();
  let sweeper: NodeJS.Timeout | undefined;

  function disconnect(key: string, connection: Connection, reason: DisconnectReason): void {
    clients.delete(key);
    events.emit('mcp.client.disconnected', {
      session_id: connection.sessionId,
      ...(connection.teamId ? { team_id: connection.teamId } : {}),
      // The time it was in use: from its first request to its last, not counting the idle wait.
      connection_duration_seconds: Math.round(
        (connection.lastSeenAt - connection.connectedAt) / 1000,
      ),
      tool_execution_count: connection.toolCalls,
      disconnect_reason: reason,
    });
  }

  function sweep(): void {
    const cutoff = now() - idleMs;
    for (const [key, connection] of clients) {
      if (connection.lastSeenAt > cutoff) break;
      disconnect(key, connection, 'timeout');
    }
    if (clients.size === 0) stopSweeping();
  }

  function stopSweeping(): void {
    clearInterval(sweeper);
    sweeper = undefined;
  }

  function connect(key: string, request: ClientRequest): void {
    if (clients.size >= maxClients) {
      const oldest = clients.entries().next().value;
      if (oldest) disconnect(oldest[0], oldest[1], 'timeout');
    }
    const at = now();
    // A stateless client has no session id of its own: the connection gets one to pair its
    // connected and disconnected events.
    const sessionId = request.sessionId ? clip(request.sessionId) : randomUUID();
    clients.set(key, {
      sessionId,
      teamId: request.teamId,
      connectedAt: at,
      lastSeenAt: at,
      toolCalls: request.toolCalls,
    });
    events.emit('mcp.client.connected', {
      session_id: sessionId,
      client_type: clientTypeOf(request.userAgent, request.clientName),
      user_agent: clip(request.userAgent ?? 'unknown'),
      ...(request.teamId ? { team_id: request.teamId } : {}),
      transport: 'http',
      ...(request.ipAddress === undefined ? {} : { ip_address: clip(request.ipAddress) }),
    });
    // Checked four times per idle time (at least once a minute): a client is reported at most a
    // quarter of the idle time, or a minute, late.
    sweeper ??= setInterval(sweep, Math.max(1, Math.min(Math.ceil(idleMs / 4), 60_000))).unref();
  }

  return {
    seen(request) {
      const client = request.sessionId || `agent:${request.userAgent ?? ''}`;
      const key = [request.userId, request.teamId ?? '', request.clientId ?? '', client].join('\n');
      const connection = clients.get(key);
      if (!connection) {
        connect(key, request);
        return;
      }
      clients.delete(key);
      connection.lastSeenAt = now();
      connection.toolCalls += request.toolCalls;
      clients.set(key, connection);
    },
    close(reason) {
      for (const [key, connection] of [...clients]) disconnect(key, connection, reason);
      stopSweeping();
    },
  };
}
