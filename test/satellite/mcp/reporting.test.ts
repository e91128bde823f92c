import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ServerEntry } from '../../../protocol/satellite.js';
import {
  createReporter,
  type ActivityReport,
  type CallReport,
} from '../../../satellite/src/mcp/reporting.js';

const files: ServerEntry = {
  transport_type: 'stdio',
  installation_id: 'inst_f',
  team_id: 'team_1',
};
const quiet: ServerEntry = {
  ...files,
  installation_id: 'inst_q',
  settings: { request_logging_enabled: false },
};

function call(entry: ServerEntry, extra: Partial<CallReport> = {}): CallReport {
  return {
    entry,
    upstreamKey: 'key',
    userId: 'usr_1',
    toolName: 'files__read',
    params: { path: '/x' },
    response: { content: [] },
    responseTimeMs: 12,
    success: true,
    at: Date.UTC(2026, 0, 1),
    ...extra,
  };
}

describe('reporter', () => {
  let emitted: Array<{ type: string; data: Record<string, unknown> }>;
  const events = {
    emit: (type: string, data: Record<string, unknown>) => emitted.push({ type, data }),
  };

  beforeEach(() => {
    emitted = [];
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('sends one mcp.request.logs per installation 3 s after its first call', () => {
    const reporter = createReporter({ events });
    reporter.call(call(files));
    reporter.call(call(files, { success: false, errorMessage: 'boom', response: undefined }));
    reporter.call(call({ ...files, installation_id: 'inst_g' }));
    vi.advanceTimersByTime(2_999);
    expect(emitted).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(emitted).toHaveLength(2);
    expect(emitted[0]).toEqual({
      type: 'mcp.request.logs',
      data: {
        installation_id: 'inst_f',
        team_id: 'team_1',
        requests: [
          {
            user_id: 'usr_1',
            tool_name: 'files__read',
            tool_params: { path: '/x' },
            tool_response: { content: [] },
            response_time_ms: 12,
            success: true,
            timestamp: '2026-01-01T00:00:00.000Z',
          },
          {
            user_id: 'usr_1',
            tool_name: 'files__read',
            tool_params: { path: '/x' },
            response_time_ms: 12,
            success: false,
            error_message: 'boom',
            timestamp: '2026-01-01T00:00:00.000Z',
          },
        ],
      },
    });
  });

  it('sends a batch at once at 20 calls', () => {
    const reporter = createReporter({ events });
    for (let index = 0; index < 21; index += 1) reporter.call(call(files));
    expect(emitted).toHaveLength(1);
    expect(emitted[0]?.data.requests).toHaveLength(20);
    reporter.close();
    expect(emitted).toHaveLength(2);
    expect(emitted[1]?.data.requests).toHaveLength(1);
  });

  it('sends only usage, without arguments or result, for an installation whose request logging is off', () => {
    const reporter = createReporter({ events });
    reporter.call(call(quiet));
    reporter.close();
    expect(emitted.map((e) => e.type)).toEqual(['mcp.tool.executed']);
    const data = emitted[0]!.data;
    expect(Object.keys(data).sort()).toEqual(
      ['duration_ms', 'server_id', 'success', 'team_id', 'tool_name', 'user_id'].sort(),
    );
  });

  it('notes an oversized response instead of sending it', () => {
    const reporter = createReporter({ events, maxResponseChars: 10 });
    reporter.call(call(files, { response: { text: 'x'.repeat(100) } }));
    reporter.flush();
    const [request] = emitted[0]?.data.requests as Array<Record<string, unknown>>;
    expect(request?.tool_response).toEqual({ truncated: true, size: 111 });
  });

  it("sums a client's requests into one mcp.client.activity per 30 s", () => {
    const reporter = createReporter({ events });
    const base = {
      userId: 'usr_1',
      teamId: 'team_1',
      clientId: 'cli',
      userAgent: 'ua',
      ipAddress: '127.0.0.1',
    };
    reporter.activity({
      ...base,
      clientName: 'Claude',
      requests: 2,
      toolCalls: 1,
      at: Date.UTC(2026, 0, 1),
    });
    reporter.activity({ ...base, requests: 1, toolCalls: 0, at: Date.UTC(2026, 0, 1, 0, 0, 5) });
    reporter.activity({
      ...base,
      clientId: 'other',
      requests: 1,
      toolCalls: 1,
      at: Date.UTC(2026, 0, 1),
    });
    vi.advanceTimersByTime(30_000);
    const activity = () => emitted.filter((event) => event.type === 'mcp.client.activity');
    expect(activity()).toHaveLength(2);
    expect(activity()[0]?.data).toEqual({
      user_id: 'usr_1',
      team_id: 'team_1',
      oauth_client_id: 'cli',
      auth_type: 'oauth',
      client_name: 'Claude',
      user_agent: 'ua',
      ip_address: '127.0.0.1',
      request_count: 3,
      tool_call_count: 1,
      last_activity_at: '2026-01-01T00:00:05.000Z',
    });
    vi.advanceTimersByTime(60_000);
    expect(activity()).toHaveLength(2);
  });
});

describe('client connections', () => {
  let emitted: Array<{ type: string; data: Record<string, unknown> }>;
  const events = {
    emit: (type: string, data: Record<string, unknown>) => emitted.push({ type, data }),
  };
  const of = (type: string) => emitted.filter((event) => event.type === type).map((e) => e.data);
  const request = (extra: Partial<ActivityReport> = {}): ActivityReport => ({
    userId: 'usr_1',
    teamId: 'team_1',
    clientId: 'cli',
    userAgent: 'Cursor/1.2 (darwin)',
    ipAddress: '203.0.113.5',
    requests: 1,
    toolCalls: 0,
    at: Date.now(),
    ...extra,
  });

  beforeEach(() => {
    emitted = [];
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('reports a client connected at its first request only', () => {
    const reporter = createReporter({ events });
    reporter.activity(request());
    reporter.activity(request({ toolCalls: 1 }));
    expect(of('mcp.client.connected')).toEqual([
      {
        session_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        client_type: 'cursor',
        user_agent: 'Cursor/1.2 (darwin)',
        team_id: 'team_1',
        transport: 'http',
        ip_address: '203.0.113.5',
      },
    ]);
  });

  it('reports it disconnected after the idle time, with its duration and tool calls', () => {
    const reporter = createReporter({ events, clientIdleMs: 60_000 });
    reporter.activity(request({ toolCalls: 2 }));
    vi.advanceTimersByTime(40_000);
    reporter.activity(request({ toolCalls: 3 }));
    vi.advanceTimersByTime(59_000);
    expect(of('mcp.client.disconnected')).toEqual([]);
    vi.advanceTimersByTime(16_000);
    const connected = of('mcp.client.connected');
    expect(of('mcp.client.disconnected')).toEqual([
      {
        session_id: connected[0]?.session_id,
        team_id: 'team_1',
        connection_duration_seconds: 40,
        tool_execution_count: 5,
        disconnect_reason: 'timeout',
      },
    ]);
    // Back after the timeout: a new connection.
    reporter.activity(request());
    expect(of('mcp.client.connected')).toHaveLength(2);
    expect(of('mcp.client.connected')[1]?.session_id).not.toBe(connected[0]?.session_id);
  });

  it('tells clients apart by session id, or by user agent when they send none', () => {
    const reporter = createReporter({ events });
    reporter.activity(request({ sessionId: 'sess-1' }));
    reporter.activity(request({ sessionId: 'sess-2' }));
    reporter.activity(request({ userAgent: 'claude-code/1.0' }));
    reporter.activity(request({ userAgent: 'Visual Studio Code/1.99' }));
    reporter.activity(request({ userAgent: 'node', clientName: 'Visual Studio Code' }));
    reporter.activity(request({ userAgent: 'node' }));
    reporter.activity(request({ userAgent: 'curl/8.0' }));
    reporter.activity(request({ clientId: 'other-client', sessionId: 'sess-1' }));
    reporter.activity(request({ sessionId: 'sess-1' }));
    const connected = of('mcp.client.connected');
    expect(connected.map((data) => data.session_id).slice(0, 2)).toEqual(['sess-1', 'sess-2']);
    expect(connected.map((data) => data.client_type)).toEqual([
      'cursor', // sess-1
      'cursor', // sess-2
      'claude',
      'vscode',
      // The client's own name where its user agent says nothing; the same user agent again
      // (without a name) is the same client.
      'vscode',
      'unknown', // curl
      'cursor', // sess-1 of another OAuth client; sess-1 again is no new connection
    ]);
  });

  it('reports every client disconnected with reason error when the satellite stops', () => {
    const reporter = createReporter({ events });
    reporter.activity(request({ sessionId: 'a', toolCalls: 1 }));
    reporter.activity(request({ sessionId: 'b', teamId: undefined }));
    reporter.close();
    expect(of('mcp.client.disconnected')).toEqual([
      {
        session_id: 'a',
        team_id: 'team_1',
        connection_duration_seconds: 0,
        tool_execution_count: 1,
        disconnect_reason: 'error',
      },
      {
        session_id: 'b',
        connection_duration_seconds: 0,
        tool_execution_count: 0,
        disconnect_reason: 'error',
      },
    ]);
    vi.advanceTimersByTime(60 * 60_000);
    expect(of('mcp.client.disconnected')).toHaveLength(2);
  });

  it('follows at most maxClients, letting the one idle longest go first', () => {
    const reporter = createReporter({ events, maxClients: 2 });
    reporter.activity(request({ sessionId: 'a' }));
    vi.advanceTimersByTime(1_000);
    reporter.activity(request({ sessionId: 'b' }));
    vi.advanceTimersByTime(1_000);
    reporter.activity(request({ sessionId: 'a' }));
    reporter.activity(request({ sessionId: 'c' }));
    expect(of('mcp.client.disconnected').map((data) => data.session_id)).toEqual(['b']);
    reporter.activity(request({ sessionId: 'a' }));
    expect(of('mcp.client.connected')).toHaveLength(3);
  });
});

describe('refused credentials', () => {
  let emitted: Array<{ type: string; data: Record<string, unknown> }>;
  const events = {
    emit: (type: string, data: Record<string, unknown>) => emitted.push({ type, data }),
  };

  beforeEach(() => {
    emitted = [];
    vi.useFakeTimers();
    vi.setSystemTime(Date.UTC(2026, 0, 1));
  });
  afterEach(() => vi.useRealTimers());

  it('sends one security.auth.failed per address per minute, with the count', () => {
    const reporter = createReporter({ events });
    for (let index = 0; index < 500; index += 1) {
      reporter.authFailed({ reason: 'invalid_token', ipAddress: '198.51.100.7' });
      vi.advanceTimersByTime(100);
    }
    // 50 s of failures, the first window still open.
    expect(emitted).toEqual([]);
    reporter.authFailed({ reason: 'missing_token', ipAddress: '198.51.100.8' });
    vi.advanceTimersByTime(10_000);
    expect(emitted).toEqual([
      {
        type: 'security.auth.failed',
        data: {
          reason: 'invalid_token',
          ip_address: '198.51.100.7',
          failure_count: 500,
          first_failed_at: '2026-01-01T00:00:00.000Z',
          last_failed_at: '2026-01-01T00:00:49.900Z',
        },
      },
      {
        type: 'security.auth.failed',
        data: {
          reason: 'missing_token',
          ip_address: '198.51.100.8',
          failure_count: 1,
          first_failed_at: '2026-01-01T00:00:50.000Z',
          last_failed_at: '2026-01-01T00:00:50.000Z',
        },
      },
    ]);
  });

  it('keeps the team and client it was told of, and sends what it holds on close', () => {
    const reporter = createReporter({ events });
    reporter.authFailed({
      reason: 'token of another satellite',
      teamId: 'team_1',
      clientId: 'cli',
      ipAddress: '::1',
    });
    reporter.close();
    expect(emitted.map((event) => event.data)).toEqual([
      expect.objectContaining({
        reason: 'token of another satellite',
        team_id: 'team_1',
        client_id: 'cli',
        ip_address: '::1',
        failure_count: 1,
      }),
    ]);
  });

  it('tallies addresses beyond the limit together, so many addresses cannot flood', () => {
    const reporter = createReporter({ events, maxAuthFailureSources: 3 });
    for (let index = 0; index < 1000; index += 1) {
      reporter.authFailed({
        reason: 'invalid_token',
        ipAddress: `10.0.${index >> 8}.${index & 255}`,
      });
    }
    vi.advanceTimersByTime(60_000);
    expect(emitted).toHaveLength(4);
    const last = emitted[3]?.data;
    expect(last).not.toHaveProperty('ip_address');
    expect(last?.failure_count).toBe(997);
  });
});
