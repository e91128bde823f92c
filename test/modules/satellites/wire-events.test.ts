import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServerKey } from '../../../src/modules/satellites/server-key.js';
import { json, register } from '../../helpers/accounts.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { manualClock } from '../../helpers/clock.js';
import { event, pair, postEvents } from '../../helpers/satellites.js';
import { fillValue, loadWireFixtures } from '../../helpers/satellite-wire.js';
import { buildWorld, UNLIMITED_ENV, type World } from '../../helpers/world.js';

// The 21 event types of the DeployStack satellite, in its shapes and in the spec's, and what
// each one does to the records (protocol §11, §17 #5–#12).
const ALL_TYPES = [
  'mcp.client.connected',
  'mcp.client.disconnected',
  'mcp.client.activity',
  'mcp.tool.executed',
  'mcp.server.started',
  'mcp.server.crashed',
  'mcp.server.restarted',
  'mcp.server.stopped',
  'mcp.server.permanently_failed',
  'mcp.server.dormant',
  'mcp.server.respawned',
  'mcp.server.status_changed',
  'mcp.server.logs',
  'mcp.server.log_rate_limit_exceeded',
  'mcp.request.logs',
  'mcp.tools.discovered',
  'mcp.tools.updated',
  'config.refreshed',
  'config.error',
  'security.auth.failed',
  'resource.limit.exceeded',
];

let t: TestApp;
let w: World;
let key: string; // alice's map key for installation I
let aliceInstance: string;
let bobInstance: string;

beforeAll(async () => {
  t = await createTestApp({
    env: { ...UNLIMITED_ENV, SATELLITE_EVENTS_BODY_LIMIT_BYTES: '2000000' },
  });
  w = await buildWorld(t);
  key = buildServerKey({
    serverSlug: 'clock',
    teamSlug: 'team-t',
    userId: w.alice.id,
    installationId: w.installationId,
  });
  const instances = await t.database.db.query<{ id: string; user_id: string }>(
    'SELECT id, user_id FROM mcp_server_instances WHERE installation_id = $1',
    [w.installationId],
  );
  aliceInstance = instances.find((i) => i.user_id === w.alice.id)!.id;
  bobInstance = instances.find((i) => i.user_id === w.bob.id)!.id;
});
afterAll(async () => t?.close());

/** The recorded all-types batch, with the placeholders of this world filled in. */
function allTypesBatch(): Array<{ type: string; timestamp: string; data: any }> {
  const fixture = loadWireFixtures().find((f) => f.kind === 'events')!;
  const body = fillValue(fixture.requests[0]!.body, {
    satellite_id: w.satT.id,
    team_id: w.teamId,
    user_id: w.alice.id,
    installation_id: w.installationId,
    server_key: key,
    oauth_client_id: 'service-gateway-cli',
  }) as { events: Array<{ type: string; timestamp: string; data: any }> };
  return body.events;
}

let seconds = 0;
/** A timestamp no other event of this file has, so no event is taken for a resent one. */
const fresh = () => new Date(Date.UTC(2026, 10, 23, 6, 0, seconds++)).toISOString();
const send = (events: unknown[], satellite = w.satT) => postEvents(t.app, satellite, events);
const sendOk = async (events: unknown[], satellite = w.satT) => {
  const res = await send(events, satellite);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().failed, res.body).toBe(0);
  return res.json() as { processed: number; event_ids: string[] };
};
const processOf = async (processId: string) =>
  (
    await t.database.db.query<any>(
      `SELECT status, pid, exit_code, signal, crash_count, will_restart, error_details
       FROM satellite_processes WHERE satellite_id = $1 AND process_id = $2`,
      [w.satT.id, processId],
    )
  )[0];
const instanceOf = async (instanceId: string) =>
  (
    await t.database.db.query<{ status: string; status_message: string | null }>(
      'SELECT status, status_message FROM mcp_server_instances WHERE id = $1',
      [instanceId],
    )
  )[0]!;
const teamApi = async (what: string, headers = w.alice.headers) => {
  const res = await t.app.inject({
    url: `/api/teams/${w.teamId}/mcp/installations/${w.installationId}/${what}`,
    headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const processData = (extra: Record<string, unknown>) => ({
  server_id: w.installationId,
  server_slug: key,
  team_id: w.teamId,
  user_id: w.alice.id,
  ...extra,
});

describe('events: the DeployStack satellite’s batch of all 21 types', () => {
  it('answers 200 with processed + failed = 21 and nothing failed', async () => {
    const events = allTypesBatch();
    expect(events.map((e) => e.type).sort()).toEqual([...ALL_TYPES].sort());
    const res = await send(events);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.failures, res.body).toBeUndefined();
    expect(body).toMatchObject({ success: true, processed: 21, failed: 0 });
    expect(body.event_ids).toHaveLength(21);
  });

  it('applies them: the process ends where the last event put it, the instance online', async () => {
    // started 4242 → crashed → restarted 4243 → stopped → permanently_failed → dormant →
    // respawned 4244, all about alice's instance (the map key in server_slug / server_name).
    expect(await processOf(aliceInstance)).toMatchObject({ status: 'running', pid: 4244 });
    // permanently_failed, then status_changed(online) in the same batch: the later one wins.
    expect(await instanceOf(aliceInstance)).toMatchObject({ status: 'online' });
    const tools = await teamApi('tools');
    expect(tools.tools.map((x: any) => x.name).sort()).toEqual(['read_file', 'write_file']);
    const requests = await teamApi('requests');
    expect(requests.requests).toEqual([
      expect.objectContaining({
        user_id: w.alice.id,
        tool_name: 'filesystem:read_file',
        request_params: { path: '/tmp/a' },
        duration_ms: 12,
        success: true,
      }),
    ]);
    const logs = await teamApi('logs');
    expect(logs.logs.map((l: any) => l.message)).toEqual(
      expect.arrayContaining([
        'stderr: listening on stdio',
        'The satellite dropped 10 log lines of this server (more than 20 per second)',
      ]),
    );
  });
});

describe('events: both shapes where the spec and the satellite differ', () => {
  it('started: a numeric process_id is the OS pid of the instance the map key names', async () => {
    await sendOk([
      event(
        'mcp.server.started',
        processData({ process_id: 777, transport: 'stdio', tool_count: 0, spawn_duration_ms: 5 }),
        fresh(),
      ),
    ]);
    expect(await processOf(aliceInstance)).toMatchObject({ status: 'running', pid: 777 });
  });

  it('started: without a map key, server_id and user_id name the instance', async () => {
    const body = await sendOk([
      event(
        'mcp.server.started',
        processData({
          server_slug: 'clock',
          user_id: w.bob.id,
          process_id: 778,
          transport: 'stdio',
          tool_count: 0,
          spawn_duration_ms: 5,
        }),
        fresh(),
      ),
    ]);
    expect(body.event_ids).toEqual([bobInstance]);
    expect(await processOf(bobInstance)).toMatchObject({ status: 'running', pid: 778 });
  });

  it('started: a string process_id stays the spec’s process id, with pid beside it', async () => {
    await sendOk([
      event(
        'mcp.server.started',
        {
          process_id: 'proc-spec',
          server_id: w.installationId,
          server_slug: 'clock',
          team_id: w.teamId,
          transport: 'stdio',
          tool_count: 1,
          spawn_duration_ms: 5,
          pid: 31,
        },
        fresh(),
      ),
    ]);
    expect(await processOf('proc-spec')).toMatchObject({ status: 'running', pid: 31 });
  });

  it('started: a numeric process_id naming no instance fails alone', async () => {
    const res = await send([
      event(
        'mcp.server.started',
        {
          process_id: 9,
          server_id: w.installationId,
          server_slug: 'clock',
          team_id: w.teamId,
          transport: 'stdio',
          tool_count: 0,
          spawn_duration_ms: 1,
        },
        fresh(),
      ),
      event(
        'config.error',
        { error_type: 'network', error_message: 'x', status_code: null, retry_in: 60 },
        fresh(),
      ),
    ]);
    expect(res.json()).toMatchObject({ processed: 1, failed: 1 });
    expect(res.json().failures[0].error).toMatch(/^the process’s instance is unknown/);
  });

  it('started: a map key naming another installation than server_id fails alone', async () => {
    const res = await send([
      event(
        'mcp.server.started',
        processData({
          server_id: 'inst_someotherinstallation',
          process_id: 1,
          transport: 'stdio',
          tool_count: 0,
          spawn_duration_ms: 1,
        }),
        fresh(),
      ),
    ]);
    expect(res.json().failures[0].error).toBe(
      `the map key ${key} names installation ${w.installationId}, not inst_someotherinstallation`,
    );
  });

  it('crashed: signal "none" is no signal; a numeric pid crash lands on the instance', async () => {
    await sendOk([
      event(
        'mcp.server.crashed',
        processData({
          process_id: 777,
          exit_code: 2,
          signal: 'none',
          uptime_seconds: 3,
          crash_count: 1,
          will_restart: true,
        }),
        fresh(),
      ),
    ]);
    expect(await processOf(aliceInstance)).toMatchObject({
      status: 'failed',
      exit_code: 2,
      signal: null,
      error_details: 'exited with 2 after 3s',
    });
    await sendOk([
      event(
        'mcp.server.crashed',
        processData({
          process_id: 777,
          exit_code: 1,
          signal: 'SIGKILL',
          uptime_seconds: 1,
          crash_count: 2,
          will_restart: true,
        }),
        fresh(),
      ),
    ]);
    expect(await processOf(aliceInstance)).toMatchObject({ signal: 'SIGKILL' });
  });

  it('request logs: a batched event gives one request log row per entry, the flat form one', async () => {
    const before = (await teamApi('requests')).pagination.total;
    const body = await sendOk([
      event(
        'mcp.request.logs',
        {
          installation_id: w.installationId,
          team_id: w.teamId,
          requests: [
            {
              user_id: w.alice.id,
              tool_name: 'clock:now',
              tool_params: { zone: 'UTC' },
              tool_response: { content: [{ type: 'text', text: 'noon' }] },
              response_time_ms: 7,
              success: true,
              timestamp: '2026-11-23T06:10:00.000Z',
            },
            {
              tool_name: 'clock:zone',
              tool_params: {},
              response_time_ms: 9,
              success: false,
              error_message: 'no zone',
              timestamp: '2026-11-23T06:10:01.000Z',
            },
          ],
        },
        fresh(),
      ),
      event(
        'mcp.request.logs',
        {
          installation_id: w.installationId,
          team_id: w.teamId,
          tool_name: 'flat-form',
          request_params: { q: 1 },
          duration_ms: 3,
          success: true,
        },
        fresh(),
      ),
    ]);
    expect(body.event_ids[0]).toMatch(/^req_/);
    const requests = await teamApi('requests?limit=100');
    expect(requests.pagination.total).toBe(before + 3);
    const byTool = new Map(requests.requests.map((r: any) => [r.tool_name, r]));
    expect(byTool.get('clock:now')).toMatchObject({
      user_id: w.alice.id,
      request_params: { zone: 'UTC' },
      duration_ms: 7,
      success: true,
      occurred_at: '2026-11-23T06:10:00.000Z',
    });
    expect(byTool.get('clock:zone')).toMatchObject({
      user_id: null,
      success: false,
      error_message: 'no zone',
    });
    expect(byTool.get('flat-form')).toMatchObject({ request_params: { q: 1 }, duration_ms: 3 });
  });

  it('request logs: a batched entry naming a non-member fails the event alone', async () => {
    const res = await send([
      event(
        'mcp.request.logs',
        {
          installation_id: w.installationId,
          team_id: w.teamId,
          requests: [
            {
              user_id: w.dave.id,
              tool_name: 'x',
              tool_params: {},
              response_time_ms: 1,
              success: true,
            },
          ],
        },
        fresh(),
      ),
    ]);
    expect(res.json().failures[0].error).toBe(
      `user ${w.dave.id} is not a member of team ${w.teamId} with an instance of installation ${w.installationId}`,
    );
  });

  it('tools discovered: entries named tool_name or name', async () => {
    await sendOk([
      event(
        'mcp.tools.discovered',
        {
          installation_id: w.installationId,
          installation_name: key,
          team_id: w.teamId,
          server_slug: 'clock',
          tool_count: 2,
          total_tokens: 30,
          tools: [
            { tool_name: 'now', description: '', input_schema: {}, token_count: 10 },
            { name: 'zone', description: 'Time zones', token_count: 20 },
          ],
        },
        fresh(),
      ),
    ]);
    const tools = (await teamApi('tools')).tools;
    expect(tools.map((x: any) => [x.name, x.description, x.token_count])).toEqual([
      ['now', null, 10],
      ['zone', 'Time zones', 20],
    ]);
  });
});

describe('events: what each further type does', () => {
  it('mcp.tools.updated adds and removes tools by name, sets the count and tells the team', async () => {
    await sendOk([
      event(
        'mcp.tools.updated',
        {
          server_id: w.installationId,
          server_slug: 'clock',
          team_id: w.teamId,
          added_tools: ['alarm'],
          removed_tools: ['zone'],
          total_tools: 2,
        },
        fresh(),
      ),
    ]);
    const tools = (await teamApi('tools')).tools;
    expect(tools.map((x: any) => x.name)).toEqual(['alarm', 'now']);
    const installation = (
      await t.app.inject({
        url: `/api/teams/${w.teamId}/mcp/installations/${w.installationId}`,
        headers: w.alice.headers,
      })
    ).json().data.installation;
    expect(installation.tool_count).toBe(2);
    const notes = (
      await t.app.inject({ url: `/api/teams/${w.teamId}/notifications`, headers: w.alice.headers })
    ).json().data.notifications;
    expect(notes[0]).toMatchObject({
      type: 'tools.changed',
      data: { installation_id: w.installationId, added: ['alarm'], removed: ['zone'] },
    });
  });

  it('restarted, dormant, respawned and stopped move the process record of the instance', async () => {
    const restarted = event(
      'mcp.server.restarted',
      processData({
        old_process_id: 777,
        new_process_id: 800,
        restart_reason: 'crash',
        attempt_number: 2,
      }),
      fresh(),
    );
    await sendOk([restarted]);
    expect(await processOf(aliceInstance)).toMatchObject({
      status: 'running',
      pid: 800,
      crash_count: 2,
      exit_code: null,
    });
    await sendOk([
      event(
        'mcp.server.dormant',
        processData({ process_id: 800, idle_duration_seconds: 600, last_activity_at: fresh() }),
        fresh(),
      ),
    ]);
    expect(await processOf(aliceInstance)).toMatchObject({ status: 'dormant', pid: null });
    await sendOk([
      event(
        'mcp.server.respawned',
        processData({ process_id: 801, dormant_duration_seconds: 60, respawn_duration_ms: 90 }),
        fresh(),
      ),
    ]);
    expect(await processOf(aliceInstance)).toMatchObject({ status: 'running', pid: 801 });
    await sendOk([
      event(
        'mcp.server.stopped',
        { server_id: w.installationId, server_name: key, team_id: w.teamId, reason: 'uninstall' },
        fresh(),
      ),
    ]);
    expect(await processOf(aliceInstance)).toMatchObject({ status: 'stopped', pid: null });
  });

  it('permanently_failed marks process and instance and notifies the team; online clears it', async () => {
    const online = () =>
      event(
        'mcp.server.status_changed',
        {
          installation_id: w.installationId,
          team_id: w.teamId,
          user_id: w.alice.id,
          status: 'online',
          timestamp: fresh(),
        },
        fresh(),
      );
    // The crashes above were three within 5 minutes: the backend's own rule marked it already.
    expect((await instanceOf(aliceInstance)).status).toBe('permanently_failed');
    await sendOk([online()]);
    expect((await instanceOf(aliceInstance)).status).toBe('online');
    await sendOk([
      event(
        'mcp.server.permanently_failed',
        processData({
          total_crashes: 4,
          last_error: 'Exit code: 1, signal: null',
          failed_at: '2026-11-23T06:30:00.000Z',
        }),
        fresh(),
      ),
    ]);
    expect(await processOf(aliceInstance)).toMatchObject({
      status: 'permanently_failed',
      will_restart: false,
      crash_count: 4,
    });
    expect(await instanceOf(aliceInstance)).toEqual({
      status: 'permanently_failed',
      status_message:
        'The satellite stopped restarting it after 4 crashes; last: Exit code: 1, signal: null',
    });
    const notes = (
      await t.app.inject({ url: `/api/teams/${w.teamId}/notifications`, headers: w.alice.headers })
    ).json().data.notifications;
    expect(notes[0]).toMatchObject({
      type: 'instance.permanently_failed',
      severity: 'error',
      data: { instance_id: aliceInstance, user_id: w.alice.id, status: 'permanently_failed' },
    });
    await sendOk([online()]);
    expect((await instanceOf(aliceInstance)).status).toBe('online');
  });

  it('status_changed with user_id "unknown" fails alone (no instance to give it to)', async () => {
    const res = await send([
      event(
        'mcp.server.status_changed',
        {
          installation_id: w.installationId,
          team_id: w.teamId,
          user_id: 'unknown',
          status: 'error',
          timestamp: fresh(),
        },
        fresh(),
      ),
      event('config.refreshed', { config_hash: 'abc', server_count: 1 }, fresh()),
    ]);
    expect(res.json()).toMatchObject({ processed: 1, failed: 1 });
    expect(res.json().failures[0]).toEqual({
      index: 0,
      type: 'mcp.server.status_changed',
      error: 'user_id is "unknown": the status cannot be given to a member’s instance',
    });
    expect((await instanceOf(aliceInstance)).status).toBe('online');
    expect((await instanceOf(bobInstance)).status).not.toBe('error');
  });

  it('request logs give usage rows per entry of a known user; the feed shows each call once', async () => {
    const usageBefore = (await teamApi('usage')).pagination.total;
    const [requestId] = (
      await sendOk([
        event(
          'mcp.request.logs',
          {
            installation_id: w.installationId,
            team_id: w.teamId,
            requests: [
              {
                user_id: w.bob.id,
                tool_name: 'clock:bob',
                tool_params: {},
                response_time_ms: 4,
                success: true,
              },
              { tool_name: 'clock:anonymous', tool_params: {}, response_time_ms: 4, success: true },
            ],
          },
          fresh(),
        ),
      ])
    ).event_ids;
    const usage = await teamApi('usage');
    expect(usage.pagination.total).toBe(usageBefore + 1);
    expect(usage.usage.find((u: any) => u.tool_name === 'clock:bob')).toMatchObject({
      user_id: w.bob.id,
      tool_name: 'clock:bob',
      duration_ms: 4,
    });
    const feed = (
      await t.app.inject({ url: '/api/users/me/mcp/client-activity', headers: w.bob.headers })
    ).json().data.activity;
    expect(feed.filter((a: any) => a.tool_name === 'clock:bob')).toEqual([
      expect.objectContaining({ id: requestId, kind: 'request' }),
    ]);
  });

  it('mcp.client.activity lands in the user’s client-activity feed as a client item', async () => {
    const body = await sendOk([
      event(
        'mcp.client.activity',
        {
          user_id: w.bob.id,
          team_id: w.teamId,
          oauth_client_id: 'client-vscode',
          auth_type: 'oauth',
          client_name: 'VS Code',
          user_agent: 'vscode/1.99',
          ip_address: '10.0.0.7',
          session_id: 'sess-1',
          request_count: 5,
          tool_call_count: 2,
          last_activity_at: '2026-11-23T06:40:00.000Z',
        },
        fresh(),
      ),
    ]);
    const feed = (
      await t.app.inject({ url: '/api/users/me/mcp/client-activity', headers: w.bob.headers })
    ).json().data.activity;
    expect(feed[0]).toEqual({
      id: body.event_ids[0],
      kind: 'client',
      team_id: w.teamId,
      installation_id: null,
      tool_name: null,
      duration_ms: null,
      success: null,
      error_message: null,
      occurred_at: '2026-11-23T06:40:00.000Z',
      created_at: expect.any(String),
      client: {
        satellite_id: w.satT.id,
        oauth_client_id: 'client-vscode',
        client_name: 'VS Code',
        auth_type: 'oauth',
        user_agent: 'vscode/1.99',
        ip_address: '10.0.0.7',
        session_id: 'sess-1',
        request_count: 5,
        tool_call_count: 2,
      },
    });
    const alicesFeed = (
      await t.app.inject({ url: '/api/users/me/mcp/client-activity', headers: w.alice.headers })
    ).json().data.activity;
    expect(alicesFeed.some((a: any) => a.id === body.event_ids[0])).toBe(false);
  });

  it('mcp.client.activity for a non-member, or another team than a team satellite’s, fails alone', async () => {
    const activity = (userId: string, teamId?: string) =>
      event(
        'mcp.client.activity',
        {
          user_id: userId,
          ...(teamId ? { team_id: teamId } : {}),
          oauth_client_id: 'c',
          request_count: 1,
          tool_call_count: 0,
        },
        fresh(),
      );
    const res = await send([
      activity(w.dave.id, w.teamId),
      activity(w.dave.id, w.otherTeamId),
      activity(w.alice.id),
    ]);
    expect(res.json().failures).toEqual([
      {
        index: 0,
        type: 'mcp.client.activity',
        error: `user ${w.dave.id} is not a member of team ${w.teamId}`,
      },
      {
        index: 1,
        type: 'mcp.client.activity',
        error: `team ${w.otherTeamId} is not served by this satellite`,
      },
    ]);
    // Without team_id a team satellite's own team is meant; a global satellite must say.
    const global = await send([activity(w.alice.id)], w.satG);
    expect(global.json().failures[0].error).toBe(
      'team_id is required: a global satellite serves several teams',
    );
  });

  it('mcp.server.log_rate_limit_exceeded names the installation by map key, without a team', async () => {
    await sendOk([
      event(
        'mcp.server.log_rate_limit_exceeded',
        { installation_id: key, dropped_count: 55, time_window_seconds: 60, rate_limit: 20 },
        fresh(),
      ),
    ]);
    const logs = await teamApi('logs?limit=1');
    expect(logs.logs[0]).toMatchObject({
      level: 'warn',
      message: 'The satellite dropped 55 log lines of this server (more than 20 per second)',
    });
    // Another team's satellite may not write there, even without a team in the event.
    const other = await pair(t.app, w.root.headers, { scope: 'team', team_id: w.otherTeamId });
    const res = await send(
      [
        event(
          'mcp.server.log_rate_limit_exceeded',
          { installation_id: key, dropped_count: 1 },
          fresh(),
        ),
      ],
      other,
    );
    expect(res.json().failures[0].error).toBe(
      `installation ${w.installationId} belongs to a team this satellite does not serve`,
    );
  });

  it('events about no installation only go to the history, with its entry as event id', async () => {
    const body = await sendOk([
      event(
        'mcp.client.connected',
        { session_id: 's', client_type: 'vscode', team_id: w.teamId },
        fresh(),
      ),
      event(
        'mcp.client.disconnected',
        { session_id: 's', disconnect_reason: 'client_close' },
        fresh(),
      ),
      event(
        'config.error',
        { error_type: 'server_error', error_message: 'boom', status_code: null, retry_in: 60 },
        fresh(),
      ),
      event(
        'config.refreshed',
        {
          config_hash: 'h',
          server_count: 1,
          teams_count: 1,
          change_detected: true,
          fetch_duration_ms: 3,
        },
        fresh(),
      ),
      event('security.auth.failed', { reason: 'invalid token', ip_address: '10.0.0.9' }, fresh()),
      event(
        'resource.limit.exceeded',
        { team_id: w.teamId, resource_type: 'memory', current_value: 600, limit_value: 512 },
        fresh(),
      ),
    ]);
    expect(body.event_ids).toHaveLength(6);
    for (const id of body.event_ids) expect(id).toMatch(/^evt_/);
    const history = (
      await t.app.inject({
        url: `/api/satellites/${w.satT.id}/event-history?limit=6`,
        headers: w.alice.headers,
      })
    ).json().data.events;
    expect(history.map((e: any) => e.id).sort()).toEqual([...body.event_ids].sort());
    expect(history.every((e: any) => e.record_id === null && e.installation_id === null)).toBe(
      true,
    );
  });

  it('a type no satellite has sent yet fails alone, beside good events', async () => {
    const res = await send([
      event('mcp.future.event', { anything: 1 }, fresh()),
      event('config.refreshed', { config_hash: 'h2' }, fresh()),
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      processed: 1,
      failed: 1,
      failures: [
        { index: 0, type: 'mcp.future.event', error: 'unknown event type mcp.future.event' },
      ],
    });
  });
});

describe('events: refusals of a whole batch say what the satellite looks for', () => {
  const raw = (payload: string, satellite = w.satT) =>
    t.app.inject({
      method: 'POST',
      url: `/api/satellites/${satellite.id}/events`,
      headers: { ...json, ...satellite.headers },
      payload,
    });

  it.each([
    [
      'events not an array',
      JSON.stringify({ events: 'x' }),
      'validation failed: body.events must be array',
    ],
    ['no events', JSON.stringify({}), 'validation failed: body.events is required'],
    [
      'an empty batch',
      JSON.stringify({ events: [] }),
      'validation failed: body.events must NOT have fewer than 1 items',
    ],
    [
      '101 events',
      JSON.stringify({ events: Array.from({ length: 101 }, () => ({})) }),
      'validation failed: body.events must NOT have more than 100 items',
    ],
    ['text that is not JSON', '{"events": [', 'validation failed: body is not valid JSON'],
  ])('400 for %s says validation', async (_name, payload, error) => {
    const res = await raw(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, error });
  });

  it('accepts a body over the API’s limit up to the events limit, then 413 says validation', async () => {
    const big = 'x'.repeat(1_500_000);
    const within = await send([
      event(
        'mcp.request.logs',
        {
          installation_id: w.installationId,
          team_id: w.teamId,
          requests: [
            {
              tool_name: 'big',
              tool_params: {},
              tool_response: big,
              response_time_ms: 1,
              success: true,
            },
          ],
        },
        fresh(),
      ),
    ]);
    expect(within.statusCode, within.body.slice(0, 200)).toBe(200);
    // The rest of the API keeps its own limit (BODY_LIMIT_BYTES, 1 MiB).
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: `/api/teams`,
      headers: { ...json, ...w.alice.headers },
      payload: JSON.stringify({ name: big }),
    });
    expect(elsewhere.statusCode).toBe(413);
    const over = await raw(
      JSON.stringify({
        events: [{ type: 'config.refreshed', data: { x: 'y'.repeat(2_100_000) } }],
      }),
    );
    expect(over.statusCode).toBe(413);
    expect(over.json().error).toMatch(/^validation failed: /);
  });

  it('answers 429 with rate limit in the text', async () => {
    const limited = await createTestApp({
      clock: manualClock(),
      env: { SATELLITE_LIMIT_PER_SATELLITE: '1' },
    });
    try {
      const root = await register(limited.app, 'root');
      const sat = await pair(limited.app, root.headers, { scope: 'global' }, 'sat-limited');
      const batch = [event('config.refreshed', { config_hash: 'h' }, fresh())];
      let res = await postEvents(limited.app, sat, batch);
      for (let i = 0; i < 5 && res.statusCode !== 429; i++)
        res = await postEvents(limited.app, sat, batch);
      expect(res.statusCode).toBe(429);
      expect(res.json().error).toMatch(/rate limit/i);
    } finally {
      await limited.close();
    }
  });
});
