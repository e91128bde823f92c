// The event batches bench/events.ts posts: 100 events each, every event distinct (its own
// timestamp), so that de-duplication sets none aside and every one is applied.
import { buildServerKey } from '../src/modules/satellites/server-key.js';

export interface MixContext {
  installation: string;
  team: string;
  user: string;
  instance: string;
}

type BenchEvent = { type: string; timestamp: string; data: Record<string, unknown> };
type Builder = (ctx: MixContext, k: number, i: number, at: string) => BenchEvent;

/**
 * Event k of batch i gets its own millisecond, and batches are 6 minutes apart: a real satellite
 * reports a crash now and then, not five every few milliseconds, so each crash's 5-minute window
 * holds the crashes of its own batch only.
 */
const timestampOf = (i: number, k: number) => new Date(Date.UTC(2026, 0, 1) + i * 360_000 + k);

function batchOf(builders: Builder[], pick: (k: number, i: number) => number) {
  return (i: number, ctx: MixContext) => {
    const events: BenchEvent[] = [];
    for (let k = 0; k < 100; k++) {
      const at = timestampOf(i, k).toISOString();
      events.push(builders[pick(k, i)]!(ctx, k, i, at));
    }
    return { events };
  };
}

const keyOf = (ctx: MixContext) =>
  buildServerKey({
    serverSlug: 'bench',
    teamSlug: 'team',
    userId: ctx.user,
    installationId: ctx.installation,
  });
const ev = (type: string, at: string, data: Record<string, unknown>): BenchEvent => ({
  type,
  timestamp: at,
  data,
});
const processData = (ctx: MixContext, extra: Record<string, unknown>) => ({
  server_id: ctx.installation,
  server_slug: keyOf(ctx),
  team_id: ctx.team,
  user_id: ctx.user,
  ...extra,
});

// ---- the spec's shapes (the benchmark's original mix)
const specExecuted: Builder = (ctx, k, _i, at) =>
  ev('mcp.tool.executed', at, {
    tool_name: `tool_${k % 7}`,
    server_id: ctx.installation,
    team_id: ctx.team,
    duration_ms: 12 + k,
    success: k % 9 !== 0,
    error_message: 'x',
    user_id: ctx.user,
  });
const specRequest: Builder = (ctx, k, _i, at) =>
  ev('mcp.request.logs', at, {
    installation_id: ctx.installation,
    team_id: ctx.team,
    tool_name: 'search',
    request_params: { q: k },
    tool_response: { hits: k },
    duration_ms: 20,
    success: true,
    user_id: ctx.user,
  });
const serverLogs: Builder = (ctx, _k, _i, at) =>
  ev('mcp.server.logs', at, {
    installation_id: ctx.installation,
    team_id: ctx.team,
    logs: ['starting', { message: 'ready', level: 'info' }, 'tick', 'tock', 'done'],
  });
const statusChanged: Builder = (ctx, _k, _i, at) =>
  ev('mcp.server.status_changed', at, {
    installation_id: ctx.installation,
    team_id: ctx.team,
    user_id: ctx.user,
    status: 'online',
    timestamp: at,
  });
const specStarted: Builder = (ctx, k, _i, at) =>
  ev('mcp.server.started', at, {
    process_id: ctx.instance,
    server_id: ctx.installation,
    server_slug: 'bench',
    team_id: ctx.team,
    transport: 'stdio',
    tool_count: 7,
    spawn_duration_ms: 100,
    pid: 1000 + k,
  });

/** 40 usage, 30 request logs, 10 server logs, 10 status changes, 10 starts (spec shapes). */
export const specMix = batchOf(
  [specExecuted, specRequest, serverLogs, statusChanged, specStarted],
  (k, i) => {
    const n = (i * 100 + k) % 10;
    return n < 4 ? 0 : n < 7 ? 1 : n < 8 ? 2 : n < 9 ? 3 : 4;
  },
);

// ---- the DeployStack satellite's shapes
const batchedRequests: Builder = (ctx, k, _i, at) =>
  ev('mcp.request.logs', at, {
    installation_id: ctx.installation,
    team_id: ctx.team,
    requests: [0, 1, 2].map((r) => ({
      user_id: ctx.user,
      tool_name: `bench:search_${r}`,
      tool_params: { q: k, r },
      tool_response: { content: [{ type: 'text', text: `hit ${k}` }] },
      response_time_ms: 20 + r,
      success: true,
      timestamp: at,
    })),
  });
const started: Builder = (ctx, k, _i, at) =>
  ev(
    'mcp.server.started',
    at,
    processData(ctx, {
      process_id: 4000 + k,
      transport: 'stdio',
      tool_count: 0,
      spawn_duration_ms: 150,
    }),
  );
const crashed: Builder = (ctx, k, _i, at) =>
  ev(
    'mcp.server.crashed',
    at,
    processData(ctx, {
      process_id: 4000 + k,
      exit_code: 1,
      signal: 'none',
      uptime_seconds: 30,
      crash_count: 1,
      will_restart: true,
    }),
  );
const restarted: Builder = (ctx, k, _i, at) =>
  ev(
    'mcp.server.restarted',
    at,
    processData(ctx, {
      old_process_id: 4000 + k,
      new_process_id: 5000 + k,
      restart_reason: 'crash',
      attempt_number: 1,
    }),
  );
const permanentlyFailed: Builder = (ctx, _k, _i, at) =>
  ev(
    'mcp.server.permanently_failed',
    at,
    processData(ctx, { total_crashes: 4, last_error: 'Exit code: 1, signal: null', failed_at: at }),
  );
const dormant: Builder = (ctx, k, _i, at) =>
  ev(
    'mcp.server.dormant',
    at,
    processData(ctx, { process_id: 5000 + k, idle_duration_seconds: 600, last_activity_at: at }),
  );
const respawned: Builder = (ctx, k, _i, at) =>
  ev(
    'mcp.server.respawned',
    at,
    processData(ctx, {
      process_id: 6000 + k,
      dormant_duration_seconds: 60,
      respawn_duration_ms: 100,
    }),
  );
const stopped: Builder = (ctx, _k, _i, at) =>
  ev('mcp.server.stopped', at, {
    server_id: ctx.installation,
    server_name: keyOf(ctx),
    team_id: ctx.team,
    reason: 'uninstall',
  });
const logRateLimit: Builder = (ctx, k, _i, at) =>
  ev('mcp.server.log_rate_limit_exceeded', at, {
    installation_id: keyOf(ctx),
    dropped_count: k,
    time_window_seconds: 60,
    rate_limit: 20,
  });
const discovered: Builder = (ctx, k, _i, at) =>
  ev('mcp.tools.discovered', at, {
    installation_id: ctx.installation,
    installation_name: keyOf(ctx),
    team_id: ctx.team,
    server_slug: 'bench',
    tool_count: 5,
    total_tokens: 500,
    tools: [0, 1, 2, 3, 4].map((n) => ({
      tool_name: `tool_${n}`,
      description: `Tool ${n} (${k})`,
      input_schema: { type: 'object' },
      token_count: 100,
    })),
    discovered_at: at,
  });
const updated: Builder = (ctx, k, _i, at) =>
  ev('mcp.tools.updated', at, {
    server_id: ctx.installation,
    server_slug: 'bench',
    team_id: ctx.team,
    added_tools: [`extra_${k % 3}`],
    removed_tools: [`extra_${(k + 1) % 3}`],
    total_tools: 6,
  });
const clientActivity: Builder = (ctx, k, _i, at) =>
  ev('mcp.client.activity', at, {
    user_id: ctx.user,
    team_id: ctx.team,
    oauth_client_id: 'service-gateway-cli',
    auth_type: 'oauth',
    client_name: 'VS Code',
    user_agent: 'vscode/1.99',
    ip_address: '127.0.0.1',
    session_id: `session-${k}`,
    request_count: k,
    tool_call_count: k % 5,
    last_activity_at: at,
  });
const satelliteOnly = (type: string, data: (k: number) => Record<string, unknown>): Builder =>
  function build(_ctx, k, _i, at) {
    return ev(type, at, data(k));
  };
const clientConnected = satelliteOnly('mcp.client.connected', (k) => ({
  session_id: `session-${k}`,
  client_type: 'vscode',
  user_agent: 'undici',
  transport: 'http',
  ip_address: '127.0.0.1',
}));
const clientDisconnected = satelliteOnly('mcp.client.disconnected', (k) => ({
  session_id: `session-${k}`,
  connection_duration_seconds: k,
  tool_execution_count: 3,
  disconnect_reason: 'client_close',
}));
const configRefreshed = satelliteOnly('config.refreshed', (k) => ({
  config_hash: `hash-${k}`,
  server_count: 1,
  teams_count: 1,
  change_detected: false,
  fetch_duration_ms: 0,
}));
const configError = satelliteOnly('config.error', (k) => ({
  error_type: 'server_error',
  error_message: `Failed to spawn MCP server ${k}`,
  status_code: null,
  retry_in: 60,
}));
const authFailed = satelliteOnly('security.auth.failed', (k) => ({
  reason: `invalid token ${k}`,
  ip_address: '127.0.0.1',
}));
const limitExceeded = satelliteOnly('resource.limit.exceeded', (k) => ({
  resource_type: 'memory',
  current_value: 600 + k,
  limit_value: 512,
}));

/**
 * What the DeployStack satellite sends in steady use: 40 batched request logs of 3 calls, 15
 * server logs, 10 client activity reports, 10 status changes, 5 each of starts, tool discoveries,
 * idle stops and respawns, and 5 log rate reports.
 */
export const satelliteMix = batchOf(
  [
    batchedRequests,
    serverLogs,
    clientActivity,
    statusChanged,
    started,
    discovered,
    dormant,
    respawned,
    logRateLimit,
  ],
  (k) => {
    const n = k % 20;
    return [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 2, 2, 3, 3, 4, 5, 6, 7, 8][n]!;
  },
);

/** Every one of the 21 types in turn (about 5 of each per batch). */
export const allTypesMix = batchOf(
  [
    clientConnected,
    clientDisconnected,
    clientActivity,
    specExecuted,
    started,
    crashed,
    restarted,
    stopped,
    permanentlyFailed,
    dormant,
    respawned,
    statusChanged,
    serverLogs,
    logRateLimit,
    batchedRequests,
    discovered,
    updated,
    configRefreshed,
    configError,
    authFailed,
    limitExceeded,
  ],
  (k) => k % 21,
);

export const MIXES = [
  { name: 'spec shapes', batch: specMix },
  { name: 'satellite shapes', batch: satelliteMix },
  { name: 'all 21 types', batch: allTypesMix },
];
