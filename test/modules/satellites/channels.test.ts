import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { satelliteCommands } from '../../../src/db/schema/index.js';
import { newId } from '../../../src/lib/ids.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { json, register, type Account } from '../../helpers/accounts.js';
import { createServer } from '../../helpers/catalogue.js';
import { manualClock } from '../../helpers/clock.js';
import { pair } from '../../helpers/satellites.js';

const clock = manualClock(new Date());
let t: TestApp;
let root: Account;
let alice: Account;
let bob: Account;
let teamA: string;
let teamB: string;
let satA: Awaited<ReturnType<typeof pair>>;
let satB: Awaited<ReturnType<typeof pair>>;

const post = (url: string, headers: Record<string, string>, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { ...json, ...headers },
    payload: payload as string,
  });

beforeAll(async () => {
  t = await createTestApp({ clock });
  root = await register(t.app, 'root');
  alice = await register(t.app, 'alice');
  bob = await register(t.app, 'bob');
  teamA = (await t.app.inject({ url: '/api/teams/me/default', headers: alice.headers })).json().data
    .team.id;
  teamB = (await t.app.inject({ url: '/api/teams/me/default', headers: bob.headers })).json().data
    .team.id;
  satA = await pair(t.app, alice.headers, { scope: 'team', team_id: teamA }, 'sat-a');
  satB = await pair(t.app, bob.headers, { scope: 'team', team_id: teamB }, 'sat-b');
  await createServer(t.app, root.headers, {
    name: 'Notion',
    args: ['--stdio'],
    config_schema: {
      template: { env: [{ name: 'LOG_LEVEL', default: 'info' }] },
      team: {
        env: [
          { name: 'NOTION_WORKSPACE', required: true },
          { name: 'NOTION_BOT', secret: true },
        ],
      },
      user: { env: [{ name: 'NOTION_TOKEN', required: true, secret: true }] },
    },
  });
  await createServer(t.app, root.headers, { name: 'Clock' });
});
afterAll(async () => t?.close());

describe('heartbeat', () => {
  it('stores the latest state and a metrics row, and answers the interval and pending commands', async () => {
    const res = await post(`/api/satellites/${satA.id}/heartbeat`, satA.headers, {
      status: 'healthy',
      version: '1.4.0',
      uptime_seconds: 120,
      processes: { running: 2, stopped: 0, failed: 1 },
      system: { cpu_percent: 12.5, memory_percent: 40 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ next_heartbeat_seconds: 30, pending_commands: 0 });
    const sat = (
      await t.app.inject({ url: `/api/satellites/${satA.id}`, headers: alice.headers })
    ).json().data.satellite;
    expect(sat).toMatchObject({ status: 'online', version: '1.4.0' });
    const rows = await t.database.db.query<any>(
      'SELECT cpu_percent, memory_percent, process_count FROM satellite_heartbeats WHERE satellite_id = $1',
      [satA.id],
    );
    expect(rows).toEqual([{ cpu_percent: 12.5, memory_percent: 40, process_count: 3 }]);
  });

  it('rejects a malformed heartbeat with 400', async () => {
    const res = await post(`/api/satellites/${satA.id}/heartbeat`, satA.headers, {
      status: 'sleepy',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(
      'body.status must be one of: healthy, degraded, unhealthy, active, error',
    );
  });

  it('marks a satellite offline after three missed intervals and online on the next heartbeat', async () => {
    await post(`/api/satellites/${satB.id}/heartbeat`, satB.headers, { status: 'healthy' });
    clock.advance(89);
    expect(
      (await t.app.inject({ url: `/api/satellites/${satB.id}`, headers: bob.headers })).json().data
        .satellite.status,
    ).toBe('online');
    expect(await t.app.jobs.run('satellite-liveness')).toBe(true);
    expect(
      (await t.app.inject({ url: `/api/satellites/${satB.id}`, headers: bob.headers })).json().data
        .satellite.status,
    ).toBe('online');
    clock.advance(2);
    await t.app.jobs.run('satellite-liveness');
    expect(
      (await t.app.inject({ url: `/api/satellites/${satB.id}`, headers: bob.headers })).json().data
        .satellite.status,
    ).toBe('offline');
    await post(`/api/satellites/${satB.id}/heartbeat`, satB.headers, { status: 'healthy' });
    expect(
      (await t.app.inject({ url: `/api/satellites/${satB.id}`, headers: bob.headers })).json().data
        .satellite.status,
    ).toBe('online');
  });

  it('keeps metrics rows for the retention window only', async () => {
    clock.advance(8 * 24 * 3600);
    await post(`/api/satellites/${satB.id}/heartbeat`, satB.headers, { status: 'healthy' });
    await t.app.jobs.run('heartbeat-retention');
    const rows = await t.database.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM satellite_heartbeats WHERE satellite_id = $1',
      [satB.id],
    );
    expect(rows[0]!.n).toBe(1);
  });
});

describe('commands and configuration', () => {
  let installationId: string;

  it('turns an installation into commands for the satellite that serves the team, most urgent first', async () => {
    const created = await post(`/api/teams/${teamA}/mcp/installations`, alice.headers, {
      server_id: 'notion',
      team_config: { env: { NOTION_WORKSPACE: 'acme', NOTION_BOT: 'bot-secret' } },
    });
    expect(created.statusCode).toBe(201);
    installationId = created.json().data.installation.id;
    await post(`/api/teams/${teamA}/mcp/installations`, alice.headers, { server_id: 'clock' });
    const poll = await t.app.inject({
      url: `/api/satellites/${satA.id}/commands?limit=10`,
      headers: satA.headers,
    });
    expect(poll.statusCode).toBe(200);
    const commands = poll.json().data.commands;
    // The satellite's vocabulary: a new installation is a `configure` (fetch the configuration
    // again), never a command type the satellite does not know.
    expect(commands.map((c: any) => [c.type, c.priority])).toEqual([
      ['configure', 'immediate'],
      ['configure', 'immediate'],
    ]);
    expect(
      commands.find((c: any) => c.payload.installation_id === installationId)?.payload,
    ).toMatchObject({
      event: 'mcp_installation_created',
      reason: 'installation.created',
      team_id: teamA,
    });
    const again = await t.app.inject({
      url: `/api/satellites/${satA.id}/commands`,
      headers: satA.headers,
    });
    expect(again.json().data.commands).toEqual([]);
    const other = await t.app.inject({
      url: `/api/satellites/${satB.id}/commands`,
      headers: satB.headers,
    });
    expect(other.json().data.commands).toEqual([]);

    const result = await post(
      `/api/satellites/${satA.id}/commands/${commands[0].id}/result`,
      satA.headers,
      { status: 'completed', result: { pid: 42 } },
    );
    expect(result.json().data).toEqual({ id: commands[0].id, status: 'completed' });
    const foreign = await post(
      `/api/satellites/${satB.id}/commands/${commands[0].id}/result`,
      satB.headers,
      { status: 'completed' },
    );
    expect(foreign.statusCode).toBe(404);
    expect(
      (
        await t.app.inject({
          url: `/api/satellites/${satA.id}/commands?limit=0`,
          headers: satA.headers,
        })
      ).statusCode,
    ).toBe(400);
  });

  it('orders by priority before age', async () => {
    await t.app.jobs.run('command-expiry');
    await t.app.inject({
      url: `/api/satellites/${satA.id}/commands?limit=100`,
      headers: satA.headers,
    });
    // An older, less urgent command is already waiting.
    await t.database.db.orm.insert(satelliteCommands).values({
      id: newId('cmd'),
      satelliteId: satA.id,
      type: 'health_check',
      priority: 3,
      payload: {},
      createdAt: clock(),
      expiresAt: new Date(clock().getTime() + 300_000),
    });
    clock.advance(1);
    await t.app.inject({
      method: 'PUT',
      url: `/api/teams/${teamA}/mcp/installations/${installationId}/user-config`,
      headers: { ...json, ...alice.headers },
      payload: { values: { env: { NOTION_TOKEN: 'first' } } },
    });
    await post(`/api/satellites/${satA.id}/heartbeat`, satA.headers, { status: 'healthy' });
    clock.advance(1);
    const clockInstall = (
      await t.app.inject({ url: `/api/teams/${teamA}/mcp/installations`, headers: alice.headers })
    )
      .json()
      .data.installations.find((i: any) => i.name === 'Clock');
    await t.app.inject({
      method: 'DELETE',
      url: `/api/teams/${teamA}/mcp/installations/${clockInstall.id}`,
      headers: alice.headers,
    });
    const poll = await t.app.inject({
      url: `/api/satellites/${satA.id}/commands`,
      headers: satA.headers,
    });
    expect(
      poll.json().data.commands.map((c: any) => [c.type, c.priority, c.payload.event]),
    ).toEqual([
      ['configure', 'immediate', 'mcp_user_config_updated'],
      ['configure', 'immediate', 'mcp_installation_deleted'],
      ['health_check', 'low', undefined],
    ]);
  });

  it('never delivers an expired command', async () => {
    await post(`/api/teams/${teamA}/mcp/installations`, alice.headers, {
      server_id: 'clock',
      name: 'Clock 2',
    });
    await post(`/api/satellites/${satA.id}/heartbeat`, satA.headers, { status: 'healthy' });
    clock.advance(301);
    const poll = await t.app.inject({
      url: `/api/satellites/${satA.id}/commands`,
      headers: satA.headers,
    });
    expect(poll.json().data.commands).toEqual([]);
  });

  it('serves one entry per ready instance with merged, decrypted values, and 304 when unchanged', async () => {
    const res = await t.app.inject({
      url: `/api/satellites/${satA.id}/config`,
      headers: satA.headers,
    });
    expect(res.statusCode).toBe(200);
    const instances = res.json().data.instances;
    // Alice's Notion token is saved, so her instance is served beside the remaining clock.
    expect(instances.map((i: any) => i.server.slug).sort()).toEqual(['clock', 'notion']);
    await t.app.inject({
      method: 'PUT',
      url: `/api/teams/${teamA}/mcp/installations/${installationId}/user-config`,
      headers: { ...json, ...alice.headers },
      payload: { values: { env: { NOTION_TOKEN: 'alice-token' } } },
    });
    const after = await t.app.inject({
      url: `/api/satellites/${satA.id}/config`,
      headers: satA.headers,
    });
    const notion = after
      .json()
      .data.instances.find((i: any) => i.installation_id === installationId);
    expect(notion).toMatchObject({
      user_id: alice.id,
      status: 'provisioning',
      env: {
        LOG_LEVEL: 'info',
        NOTION_WORKSPACE: 'acme',
        NOTION_BOT: 'bot-secret',
        NOTION_TOKEN: 'alice-token',
      },
      args: ['--stdio'],
    });
    expect(notion.process_id).toBe(notion.instance_id);
    const etag = after.headers.etag as string;
    const cached = await t.app.inject({
      url: `/api/satellites/${satA.id}/config`,
      headers: { ...satA.headers, 'if-none-match': etag },
    });
    expect(cached.statusCode).toBe(304);
    expect(cached.body).toBe('');
    const otherTeam = await t.app.inject({
      url: `/api/satellites/${satB.id}/config`,
      headers: satB.headers,
    });
    expect(otherTeam.json().data.instances).toEqual([]);
  });
});
