import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ServerEntry } from '../../../protocol/satellite.js';
import { createReporter, type CallReport } from '../../../satellite/src/mcp/reporting.js';

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
    expect(emitted.map((event) => event.type)).toEqual([
      'mcp.client.activity',
      'mcp.client.activity',
    ]);
    expect(emitted[0]?.data).toEqual({
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
    expect(emitted).toHaveLength(2);
  });
});
