import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../helpers/app.js';
import { json, register, type Account } from '../../../helpers/accounts.js';
import { createServer } from '../../../helpers/catalogue.js';
import { event, pair, postEvents } from '../../../helpers/satellites.js';

let t: TestApp;
let alice: Account;
let bob: Account;
let teamA: string;
let teamB: string;
let satA: Awaited<ReturnType<typeof pair>>;
let satB: Awaited<ReturnType<typeof pair>>;
let instA: string; // installation of team A
let instB: string; // installation of team B
let aliceInstance: string;

const count = async (table: string, where = 'true', params: unknown[] = []) =>
  (
    await t.database.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${table} WHERE ${where}`,
      params,
    )
  )[0]!.n;

beforeAll(async () => {
  t = await createTestApp();
  const root = await register(t.app, 'root');
  alice = await register(t.app, 'alice');
  bob = await register(t.app, 'bob');
  teamA = (await t.app.inject({ url: '/api/teams/me/default', headers: alice.headers })).json().data
    .team.id;
  teamB = (await t.app.inject({ url: '/api/teams/me/default', headers: bob.headers })).json().data
    .team.id;
  satA = await pair(t.app, alice.headers, { scope: 'team', team_id: teamA }, 'sat-a');
  satB = await pair(t.app, bob.headers, { scope: 'team', team_id: teamB }, 'sat-b');
  await createServer(t.app, root.headers, { name: 'Clock' });
  const install = async (team: string, who: Account) =>
    ((r) => {
      if (r.statusCode !== 201) throw new Error(r.body);
      return r.json().data.installation;
    })(
      await t.app.inject({
        method: 'POST',
        url: `/api/teams/${team}/mcp/installations`,
        headers: { ...json, ...who.headers },
        payload: { server_id: 'clock' },
      }),
    );
  const a = await install(teamA, alice);
  instA = a.id;
  aliceInstance = a.my_instance.id;
  instB = (await install(teamB, bob)).id;
});
afterAll(async () => t?.close());

const started = (processId: string, installation = instA, team = teamA) =>
  event('mcp.server.started', {
    process_id: processId,
    server_id: installation,
    server_slug: 'clock',
    team_id: team,
    transport: 'stdio',
    tool_count: 3,
    spawn_duration_ms: 120,
    pid: 4242,
  });
const executed = (extra: Record<string, unknown> = {}) =>
  event('mcp.tool.executed', {
    tool_name: 'now',
    server_id: instA,
    team_id: teamA,
    duration_ms: 12,
    success: true,
    user_id: alice.id,
    ...extra,
  });

describe('batch rules', () => {
  it('applies good events and reports the bad one with its index', async () => {
    const res = await postEvents(t.app, satA, [
      started(aliceInstance),
      executed(),
      event('mcp.tool.executed', {
        tool_name: '',
        server_id: instA,
        team_id: teamA,
        duration_ms: 1,
        success: true,
      }),
      executed({ tool_name: 'later' }),
    ]);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, processed: 3, failed: 1 });
    expect(body.event_ids).toHaveLength(3);
    expect(body.failures).toEqual([
      {
        index: 2,
        type: 'mcp.tool.executed',
        error: 'data.tool_name must NOT have fewer than 1 characters',
      },
    ]);
    expect(await count('satellite_usage_logs', 'installation_id = $1', [instA])).toBe(2);
    const [process] = await t.database.db.query<any>(
      'SELECT status, pid, tool_count, started_at FROM satellite_processes WHERE process_id = $1',
      [aliceInstance],
    );
    expect(process).toMatchObject({ status: 'running', pid: 4242, tool_count: 3 });
  });

  it('reports unknown types, bad timestamps and bad data as failures', async () => {
    const res = await postEvents(t.app, satA, [
      event('mcp.future.event', { installation_id: instA }),
      { type: 'mcp.tool.executed', timestamp: 'yesterday', data: executed().data },
      { type: 'mcp.tool.executed', timestamp: new Date().toISOString(), data: 'nope' },
      { nonsense: true },
      event('mcp.tool.executed', {
        tool_name: 'x',
        server_id: instA,
        team_id: teamA,
        duration_ms: 'fast',
        success: true,
      }),
    ]);
    expect(res.json().processed).toBe(0);
    expect(res.json().failures.map((f: any) => [f.index, f.error])).toEqual([
      [0, 'unknown event type mcp.future.event'],
      [1, 'timestamp must be an ISO 8601 date-time'],
      [2, 'data must be an object'],
      [3, 'type is required'],
      [4, 'data.duration_ms must be number'],
    ]);
  });

  it.each([
    [{ events: [] }, 'validation failed: body.events must NOT have fewer than 1 items'],
    [
      {
        events: Array.from({ length: 101 }, () => ({
          type: 'mcp.tool.executed',
          timestamp: 't',
          data: {},
        })),
      },
      'validation failed: body.events must NOT have more than 100 items',
    ],
    [{}, 'validation failed: body.events is required'],
    [{ events: 'x' }, 'validation failed: body.events must be array'],
  ])('answers 400 for %#', async (payload, message) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/satellites/${satA.id}/events`,
      headers: { ...json, ...satA.headers },
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(message);
  });

  it('answers 403 to another satellite’s key and 401 without one', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/satellites/${satA.id}/events`,
      headers: { ...json, ...satB.headers },
      payload: { events: [executed()] },
    });
    expect(res.statusCode).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/satellites/${satA.id}/events`,
          headers: json,
          payload: { events: [executed()] },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('never lets a team satellite write into another team', async () => {
    const before = await count('satellite_usage_logs');
    const res = await postEvents(t.app, satA, [
      event('mcp.tool.executed', {
        tool_name: 'x',
        server_id: instB,
        team_id: teamB,
        duration_ms: 1,
        success: true,
      }),
      event('mcp.tool.executed', {
        tool_name: 'x',
        server_id: instB,
        team_id: teamA,
        duration_ms: 1,
        success: true,
      }),
      started('p-foreign', instB, teamB),
    ]);
    expect(res.json()).toMatchObject({ processed: 0, failed: 3 });
    expect(res.json().failures[0].error).toBe(
      `installation ${instB} belongs to a team this satellite does not serve`,
    );
    expect(res.json().failures[1].error).toBe(
      `installation ${instB} does not exist in team ${teamA}`,
    );
    expect(await count('satellite_usage_logs')).toBe(before);
    expect(await count('satellite_processes', "process_id = 'p-foreign'")).toBe(0);
  });
});

describe('handlers', () => {
  it('keeps an error message only for failed executions', async () => {
    await postEvents(t.app, satA, [
      executed({ tool_name: 'ok-tool', success: true, error_message: 'ignored' }),
      executed({ tool_name: 'bad-tool', success: false, error_message: 'boom' }),
    ]);
    const rows = await t.database.db.query<any>(
      "SELECT tool_name, error_message FROM satellite_usage_logs WHERE tool_name IN ('ok-tool','bad-tool') ORDER BY tool_name",
    );
    expect(rows).toEqual([
      { tool_name: 'bad-tool', error_message: 'boom' },
      { tool_name: 'ok-tool', error_message: null },
    ]);
  });

  it('keeps in metrics only what the usage row’s columns do not hold', async () => {
    await postEvents(t.app, satA, [
      executed({ tool_name: 'measured-tool', tokens_in: 120, cache: { hit: true } }),
      executed({ tool_name: 'plain-tool' }),
    ]);
    const rows = await t.database.db.query<any>(
      "SELECT tool_name, metrics FROM satellite_usage_logs WHERE tool_name IN ('measured-tool','plain-tool') ORDER BY tool_name",
    );
    expect(rows).toEqual([
      { tool_name: 'measured-tool', metrics: { tokens_in: 120, cache: { hit: true } } },
      { tool_name: 'plain-tool', metrics: {} },
    ]);
  });

  it('gives a batch’s records ids that rise in batch order, so their index grows at one end', async () => {
    await postEvents(t.app, satA, [
      ...Array.from({ length: 12 }, (_, i) => executed({ tool_name: `ordered-${i}` })),
      event('mcp.server.logs', {
        installation_id: instA,
        team_id: teamA,
        logs: Array.from({ length: 12 }, (_, i) => `ordered line ${i}`),
      }),
    ]);
    // In the order they were written: usage rows by their sequenced arrival, log lines by seq.
    for (const [table, where, order] of [
      ['satellite_usage_logs', "tool_name LIKE 'ordered-%'", 'created_at'],
      ['mcp_server_logs', "message LIKE 'ordered line %'", 'seq'],
    ]) {
      const ids = (
        await t.database.db.query<{ id: string }>(
          `SELECT id FROM ${table} WHERE ${where} ORDER BY ${order}`,
        )
      ).map((r) => r.id);
      expect(ids).toHaveLength(12);
      expect([...ids].sort()).toEqual(ids);
    }
  });

  it('sets the instance status of (installation, user), and fails for a missing instance', async () => {
    const at = '2026-05-01T10:00:00.000Z';
    const res = await postEvents(t.app, satA, [
      event('mcp.server.status_changed', {
        installation_id: instA,
        team_id: teamA,
        user_id: alice.id,
        status: 'online',
        timestamp: at,
        status_message: 'ready',
      }),
      event('mcp.server.status_changed', {
        installation_id: instA,
        team_id: teamA,
        user_id: bob.id,
        status: 'online',
        timestamp: at,
      }),
      event('mcp.server.status_changed', {
        installation_id: instA,
        team_id: teamA,
        user_id: alice.id,
        status: 'dancing',
        timestamp: at,
      }),
    ]);
    expect(res.json().processed).toBe(1);
    expect(res.json().failures.map((f: any) => f.index)).toEqual([1, 2]);
    const status = await t.app.inject({
      url: `/api/teams/${teamA}/mcp/installations/${instA}/status`,
      headers: alice.headers,
    });
    expect(status.json().data.instance).toMatchObject({
      status: 'online',
      status_message: 'ready',
      status_updated_at: at,
    });
  });

  it('stores request responses only when request logging is on', async () => {
    const request = (tool: string) =>
      event('mcp.request.logs', {
        installation_id: instA,
        team_id: teamA,
        tool_name: tool,
        request_params: { q: 1 },
        tool_response: { answer: 42 },
        duration_ms: 5,
        success: true,
      });
    await postEvents(t.app, satA, [request('logging-off')]);
    await t.app.inject({
      method: 'PATCH',
      url: `/api/teams/${teamA}/mcp/installations/${instA}`,
      headers: { ...json, ...alice.headers },
      payload: { settings: { request_logging_enabled: true } },
    });
    await postEvents(t.app, satA, [request('logging-on')]);
    const rows = await t.database.db.query<any>(
      "SELECT tool_name, request_params, tool_response FROM mcp_request_logs WHERE tool_name LIKE 'logging-%' ORDER BY tool_name",
    );
    expect(rows).toEqual([
      { tool_name: 'logging-off', request_params: { q: 1 }, tool_response: null },
      { tool_name: 'logging-on', request_params: { q: 1 }, tool_response: { answer: 42 } },
    ]);
  });

  it('keeps the newest 100 log lines per installation', async () => {
    const lines = Array.from({ length: 100 }, (_, i) =>
      i % 2 ? `line ${i}` : { message: `line ${i}`, level: 'info' },
    );
    await postEvents(t.app, satA, [
      event('mcp.server.logs', { installation_id: instA, team_id: teamA, logs: lines }),
    ]);
    expect(await count('mcp_server_logs', 'installation_id = $1', [instA])).toBe(100);
    await postEvents(t.app, satA, [
      event('mcp.server.logs', { installation_id: instA, team_id: teamA, logs: ['line 100'] }),
    ]);
    const rows = await t.database.db.query<{ message: string }>(
      'SELECT message FROM mcp_server_logs WHERE installation_id = $1 ORDER BY seq',
      [instA],
    );
    expect(rows).toHaveLength(100);
    expect(rows[0]!.message).toBe('line 1');
    expect(rows.at(-1)!.message).toBe('line 100');
  });

  it('trims older lines in the periodic sweep too', async () => {
    await t.database.db.query(
      `INSERT INTO mcp_server_logs (id, satellite_id, installation_id, team_id, level, message, logged_at)
       SELECT 'log_extra_' || g, $1, $2, $3, 'stderr', 'extra ' || g, now() FROM generate_series(1, 5) g`,
      [satA.id, instA, teamA],
    );
    expect(await count('mcp_server_logs', 'installation_id = $1', [instA])).toBe(105);
    expect(await t.app.jobs.run('server-log-trim')).toBe(true);
    expect(await count('mcp_server_logs', 'installation_id = $1', [instA])).toBe(100);
    const newest = await t.database.db.query<{ message: string }>(
      'SELECT message FROM mcp_server_logs WHERE installation_id = $1 ORDER BY seq DESC LIMIT 1',
      [instA],
    );
    expect(newest[0]!.message).toBe('extra 5');
  });

  it('marks the instance permanently_failed after three crashes within five minutes', async () => {
    const crash = (minutes: number) =>
      event(
        'mcp.server.crashed',
        {
          process_id: aliceInstance,
          server_id: instA,
          server_slug: 'clock',
          team_id: teamA,
          exit_code: 1,
          signal: null,
          uptime_seconds: 3,
          crash_count: 1,
          will_restart: true,
        },
        new Date(Date.UTC(2026, 5, 1, 12, minutes)).toISOString(),
      );
    await postEvents(t.app, satA, [crash(0), crash(6)]);
    let status = (
      await t.app.inject({
        url: `/api/teams/${teamA}/mcp/installations/${instA}/status`,
        headers: alice.headers,
      })
    ).json().data.instance;
    expect(status.status).not.toBe('permanently_failed');
    const [process] = await t.database.db.query<any>(
      'SELECT status, exit_code, will_restart FROM satellite_processes WHERE process_id = $1',
      [aliceInstance],
    );
    expect(process).toMatchObject({ status: 'failed', exit_code: 1, will_restart: true });
    await postEvents(t.app, satA, [crash(8), crash(10)]);
    status = (
      await t.app.inject({
        url: `/api/teams/${teamA}/mcp/installations/${instA}/status`,
        headers: alice.headers,
      })
    ).json().data.instance;
    expect(status.status).toBe('permanently_failed');
    expect(status.status_message).toMatch(/^Crashed 3 times within 5 minutes/);
  });

  it('replaces the tool set and updates the installation’s counts', async () => {
    const discovered = (tools: Array<Record<string, unknown>>) =>
      event('mcp.tools.discovered', {
        installation_id: instA,
        team_id: teamA,
        server_slug: 'clock',
        tool_count: tools.length,
        total_tokens: tools.length * 100,
        tools,
      });
    await postEvents(t.app, satA, [
      discovered([
        { name: 'now', token_count: 100 },
        { name: 'zone', token_count: 100, input_schema: { type: 'object' } },
      ]),
    ]);
    await postEvents(t.app, satA, [
      discovered([{ name: 'now', description: 'Current time', token_count: 100 }]),
    ]);
    const tools = await t.database.db.query<any>(
      'SELECT tool_name, description FROM mcp_tool_metadata WHERE installation_id = $1',
      [instA],
    );
    expect(tools).toEqual([{ tool_name: 'now', description: 'Current time' }]);
    const installation = (
      await t.app.inject({
        url: `/api/teams/${teamA}/mcp/installations/${instA}`,
        headers: alice.headers,
      })
    ).json().data.installation;
    expect(installation).toMatchObject({ tool_count: 1, total_tokens: 100 });
  });

  it('rewrites only the tools whose description, schema or size changed', async () => {
    const discovered = (description: string) =>
      event('mcp.tools.discovered', {
        installation_id: instA,
        team_id: teamA,
        server_slug: 'clock',
        tool_count: 2,
        total_tokens: 200,
        tools: [
          { name: 'now', description, token_count: 100 },
          { name: 'zone', description: 'Time zone', token_count: 100 },
        ],
      });
    const versions = async () =>
      Object.fromEntries(
        (
          await t.database.db.query<{ tool_name: string; updated_at: Date }>(
            'SELECT tool_name, updated_at FROM mcp_tool_metadata WHERE installation_id = $1',
            [instA],
          )
        ).map((r) => [r.tool_name, new Date(r.updated_at).getTime()]),
      );
    await postEvents(t.app, satA, [discovered('Current time')]);
    const first = await versions();
    await new Promise((resolve) => setTimeout(resolve, 20));
    await postEvents(t.app, satA, [discovered('Current time')]);
    expect(await versions()).toEqual(first);
    await postEvents(t.app, satA, [discovered('The time now')]);
    const third = await versions();
    expect(third.zone).toBe(first.zone);
    expect(third.now).toBeGreaterThan(first.now!);
    // Back to the set the tests below read.
    await postEvents(t.app, satA, [
      event('mcp.tools.discovered', {
        installation_id: instA,
        team_id: teamA,
        server_slug: 'clock',
        tool_count: 1,
        total_tokens: 100,
        tools: [{ name: 'now', description: 'Current time', token_count: 100 }],
      }),
    ]);
  });
});

describe('reading the records', () => {
  const url = (what: string, team = teamA, installation = instA) =>
    `/api/teams/${team}/mcp/installations/${installation}/${what}`;

  it('lists logs, requests, tools and usage for team members, paginated', async () => {
    const logs = (
      await t.app.inject({ url: `${url('logs')}?limit=2`, headers: alice.headers })
    ).json().data;
    expect(logs.logs.map((l: any) => l.message)).toEqual(['extra 5', 'extra 4']);
    expect(logs.pagination).toEqual({ total: 100, limit: 2, offset: 0, has_more: true });
    const requests = (await t.app.inject({ url: url('requests'), headers: alice.headers })).json()
      .data;
    expect(requests.requests.map((r: any) => r.tool_name).sort()).toEqual([
      'logging-off',
      'logging-on',
    ]);
    const tools = (await t.app.inject({ url: url('tools'), headers: alice.headers })).json().data;
    expect(tools.tools).toEqual([
      expect.objectContaining({ name: 'now', description: 'Current time', token_count: 100 }),
    ]);
    const usage = (
      await t.app.inject({ url: `${url('usage')}?limit=1`, headers: alice.headers })
    ).json().data;
    expect(usage.pagination.total).toBeGreaterThanOrEqual(4);
    expect(usage.usage).toHaveLength(1);
  });

  it('hides them from other teams', async () => {
    for (const what of ['logs', 'requests', 'tools', 'usage']) {
      expect((await t.app.inject({ url: url(what), headers: bob.headers })).statusCode).toBe(404);
      expect(
        (await t.app.inject({ url: url(what, teamB, instA), headers: bob.headers })).statusCode,
      ).toBe(404);
    }
  });

  it('lists a satellite’s processes for its administrators only', async () => {
    const res = await t.app.inject({
      url: `/api/satellites/${satA.id}/processes`,
      headers: alice.headers,
    });
    expect(res.json().data.processes).toEqual([
      expect.objectContaining({
        process_id: aliceInstance,
        status: 'failed',
        installation_id: instA,
      }),
    ]);
    expect(
      (await t.app.inject({ url: `/api/satellites/${satA.id}/processes`, headers: bob.headers }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ url: `/api/satellites/${satA.id}/processes`, headers: satA.headers }))
        .statusCode,
    ).toBe(401);
  });
});

describe('satellite assignment', () => {
  it('accepts the team’s own or a global satellite and refuses another team’s', async () => {
    const other = await t.app.inject({
      method: 'PATCH',
      url: `/api/teams/${teamA}/mcp/installations/${instA}`,
      headers: { ...json, ...alice.headers },
      payload: { satellite_id: satB.id },
    });
    expect(other.statusCode).toBe(400);
    expect(other.json().error).toBe(
      `body.satellite_id ${satB.id} does not name a satellite that can serve this team`,
    );
    const own = await t.app.inject({
      method: 'PATCH',
      url: `/api/teams/${teamA}/mcp/installations/${instA}`,
      headers: { ...json, ...alice.headers },
      payload: { satellite_id: satA.id },
    });
    expect(own.json().data.installation.satellite_id).toBe(satA.id);
  });
});
