import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { satelliteCommands } from '../../../src/db/schema/index.js';
import { newId } from '../../../src/lib/ids.js';
import { parseServerKey } from '../../../src/modules/satellites/server-key.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { json, register, type Account } from '../../helpers/accounts.js';
import { createServer, installServer } from '../../helpers/catalogue.js';
import { event, pair, postEvents } from '../../helpers/satellites.js';
import { loadWireFixtures, wireRequest, type WireValues } from '../../helpers/satellite-wire.js';
import { UNLIMITED_ENV } from '../../helpers/world.js';

/**
 * Commands, command results, the configuration map and the credential routes as the DeployStack
 * satellite 0.22.0 uses them (docs/satellites.md), replayed from
 * the recorded requests in test/fixtures/satellite-wire.
 */

type Satellite = Awaited<ReturnType<typeof pair>>;
let t: TestApp;
let root: Account;
let alice: Account;
let bob: Account;
let carol: Account;
let teamA: string;
let teamB: string;
let satA: Satellite;
let satB: Satellite;
let filesId: string;
let notionId: string;
let streamId: string;
const fixtures = loadWireFixtures();

const fixture = (kind: string) => {
  const found = fixtures.find((f) => f.kind === kind);
  if (!found) throw new Error(`no fixture ${kind}`);
  return found;
};

/** Sends a fixture variant to the app as the satellite would (placeholders filled). */
function replay(kind: string, values: WireValues, variant = 0) {
  const f = fixture(kind);
  const request = wireRequest(f, f.requests[variant]!, values);
  return t.app.inject({
    method: request.method as 'GET',
    url: request.url,
    headers: request.headers,
    payload: request.body,
  });
}

const valuesFor = (satellite: Satellite, extra: WireValues = {}): WireValues => ({
  satellite_id: satellite.id,
  api_key: satellite.key,
  team_id: teamA,
  user_id: alice.id,
  installation_id: filesId,
  ...extra,
});

const get = (url: string, headers: Record<string, string>) => t.app.inject({ url, headers });
const send = (method: string, url: string, headers: Record<string, string>, payload?: unknown) =>
  t.app.inject({
    method: method as 'POST',
    url,
    headers: payload === undefined ? headers : { ...json, ...headers },
    payload: payload as string,
  });

const poll = (satellite: Satellite, query = 'limit=100') =>
  get(`/api/satellites/${satellite.id}/commands?${query}`, satellite.headers);

/** Hands out whatever is waiting, so that a test sees only the commands it causes. */
async function drain(...satellites: Satellite[]) {
  for (const s of satellites) await poll(s);
}

beforeAll(async () => {
  t = await createTestApp({ env: UNLIMITED_ENV });
  root = await register(t.app, 'root');
  alice = await register(t.app, 'alice');
  bob = await register(t.app, 'bob');
  carol = await register(t.app, 'carol');
  teamA = (await send('POST', '/api/teams', alice.headers, { name: 'Acme' })).json().data.team.id;
  await send('POST', `/api/teams/${teamA}/members`, alice.headers, {
    login: 'bob',
    role: 'team_user',
  });
  teamB = (await get('/api/teams/me/default', carol.headers)).json().data.team.id;
  satA = await pair(t.app, alice.headers, { scope: 'team', team_id: teamA }, 'sat-acme');
  satB = await pair(t.app, carol.headers, { scope: 'team', team_id: teamB }, 'sat-carol');

  await createServer(t.app, root.headers, {
    name: 'Filesystem',
    slug: 'filesystem',
    command: 'npx',
    args: ['-y', '@modelcontextprotocol/server-filesystem'],
    config_schema: {
      template: {
        args: [{ name: 'root', default: '/data' }],
        env: [{ name: 'LOG_LEVEL', default: 'info' }],
      },
      team: {
        env: [
          { name: 'WORKSPACE', required: true },
          { name: 'TEAM_KEY', secret: true },
        ],
      },
      user: { env: [{ name: 'USER_TOKEN', required: true, secret: true }] },
    },
  });
  await createServer(t.app, root.headers, {
    name: 'Notion',
    slug: 'notion',
    transport: 'http',
    command: null,
    url: 'https://mcp.example.com/mcp',
    config_schema: {
      team: { headers: [{ name: 'X-Workspace', required: true }] },
      user: { headers: [{ name: 'Authorization', required: true, secret: true }] },
    },
  });
  await createServer(t.app, root.headers, {
    name: 'Stream',
    slug: 'stream',
    transport: 'sse',
    command: null,
    url: 'https://sse.example.com/region/events',
    config_schema: { template: { args: [{ name: 'region', default: 'eu west' }] } },
  });
  // A URL template, as servers imported from an MCP registry have (the catalogue API takes plain
  // URLs): {region} is filled from the field of that name.
  await t.database.db.query(
    `UPDATE mcp_servers SET url = 'https://sse.example.com/{region}/events' WHERE slug = 'stream'`,
  );
});
afterAll(async () => t?.close());

describe('command poll in the satellite’s shape', () => {
  it('accepts the captured query (last_poll, limit) and answers a configure command for a new installation', async () => {
    filesId = (
      await installServer(t.app, teamA, alice.headers, {
        server_id: 'filesystem',
        name: 'Files',
        team_config: { env: { WORKSPACE: 'acme', TEAM_KEY: 'team-secret' } },
      })
    ).id;
    // last_poll is the satellite's own clock at the start of this poll, here a date in the
    // future: it must not hide the command.
    const res = await replay('commands-query', valuesFor(satA));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.commands).toHaveLength(1);
    const [command] = body.commands;
    expect(command).toMatchObject({
      command_type: 'configure',
      priority: 'immediate',
      correlation_id: command.id,
      payload: {
        event: 'mcp_installation_created',
        installation_id: filesId,
        team_id: teamA,
      },
    });
    expect(body.polling_mode).toBe('immediate');
    expect(body.next_poll_interval).toBe(2);
    // Groundstation's own shape is still there.
    expect(body.data.commands.map((c: any) => [c.id, c.type])).toEqual([[command.id, 'configure']]);
    expect(body.data.next_poll_seconds).toBeTypeOf('number');
  });

  it('hands a command out once: the satellite has no duplicate detection', async () => {
    const res = await replay('commands-query', valuesFor(satA));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      commands: [],
      polling_mode: 'slow',
      next_poll_interval: 60,
      data: { commands: [] },
    });
  });

  it('accepts query parameters it does not know, and still checks limit', async () => {
    expect((await poll(satA, 'limit=10&last_poll=yesterday&shard=3')).statusCode).toBe(200);
    const bad = await poll(satA, 'limit=0');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toContain('limit must be between 1 and 100');
  });

  it('answers polling_mode immediate while any work waits, even less urgent commands', async () => {
    await t.database.db.orm.insert(satelliteCommands).values(
      ['a', 'b'].map(() => ({
        id: newId('cmd'),
        satelliteId: satA.id,
        type: 'health_check',
        priority: 2,
        payload: {},
        expiresAt: new Date(Date.now() + 300_000),
      })),
    );
    const res = await poll(satA, 'limit=1');
    expect(res.json()).toMatchObject({ polling_mode: 'immediate', next_poll_interval: 2 });
    expect(res.json().commands.map((c: any) => c.command_type)).toEqual(['health_check']);
    await drain(satA);
  });

  it('reconfigures the satellites when a catalogue change alters how an installed server runs', async () => {
    const server = await createServer(t.app, root.headers, { name: 'Ticker', slug: 'ticker' });
    const ticker = await installServer(t.app, teamA, alice.headers, {
      server_id: 'ticker',
      name: 'Ticker',
    });
    try {
      await drain(satA, satB);
      const change = (body: Record<string, unknown>) =>
        send('PUT', `/api/mcp/servers/global/${server.id}`, root.headers, body);
      expect((await change({ description: 'Ticks' })).statusCode).toBe(200);
      expect((await poll(satA)).json().commands).toEqual([]);
      expect((await change({ args: ['-y', 'ticker@2'] })).statusCode).toBe(200);
      const commands = (await poll(satA)).json().commands;
      expect(commands.map((c: any) => [c.command_type, c.payload.event])).toEqual([
        ['configure', 'mcp_installation_updated'],
      ]);
      expect(commands[0].payload).toMatchObject({ installation_id: ticker.id, team_id: teamA });
      // Another team's satellite runs nothing of it.
      expect((await poll(satB)).json().commands).toEqual([]);
    } finally {
      await send('DELETE', `/api/teams/${teamA}/mcp/installations/${ticker.id}`, alice.headers);
      await drain(satA);
    }
  });

  it('speaks only the satellite’s vocabulary: every change becomes configure, with its event', async () => {
    await drain(satA);
    await send('PATCH', `/api/teams/${teamA}/mcp/installations/${filesId}`, alice.headers, {
      settings: { request_logging_enabled: true },
    });
    await send(
      'PUT',
      `/api/teams/${teamA}/mcp/installations/${filesId}/user-config`,
      alice.headers,
      { values: { env: { USER_TOKEN: 'alice-secret' } } },
    );
    const dave = await register(t.app, 'dave');
    await send('POST', `/api/teams/${teamA}/members`, alice.headers, {
      login: 'dave',
      role: 'team_user',
    });
    await send('DELETE', `/api/teams/${teamA}/members/${dave.id}`, alice.headers);
    const scratch = await installServer(t.app, teamA, alice.headers, {
      server_id: 'stream',
      name: 'Scratch',
    });
    await send('DELETE', `/api/teams/${teamA}/mcp/installations/${scratch.id}`, alice.headers);
    const commands = (await poll(satA)).json().commands;
    expect(commands.map((c: any) => [c.command_type, c.priority, c.payload.event]).sort()).toEqual(
      [
        ['configure', 'immediate', 'mcp_installation_updated'],
        ['configure', 'immediate', 'mcp_user_config_updated'],
        ['configure', 'immediate', 'mcp_member_added'],
        ['configure', 'immediate', 'mcp_member_removed'],
        // A removed member's tokens end with their membership: the satellite forgets its cache.
        ['invalidate_user_token_cache', 'immediate', undefined],
        ['configure', 'immediate', 'mcp_installation_created'],
        ['configure', 'immediate', 'mcp_installation_deleted'],
      ].sort(),
    );
    expect(
      commands.find((c: any) => c.command_type === 'invalidate_user_token_cache').payload,
    ).toMatchObject({ user_id: dave.id, reason: 'member.removed' });
    const byEvent = Object.fromEntries(commands.map((c: any) => [c.payload.event, c.payload]));
    expect(byEvent.mcp_user_config_updated).toMatchObject({
      installation_id: filesId,
      team_id: teamA,
      user_id: alice.id,
    });
    expect(byEvent.mcp_member_removed).toMatchObject({ team_id: teamA, user_id: dave.id });
    expect(byEvent.mcp_installation_deleted).toMatchObject({ installation_id: scratch.id });
  });

  it('tells the serving satellites to forget a deleted or disabled user’s cached tokens, once each', async () => {
    const satG = await pair(t.app, root.headers, { scope: 'global' }, 'sat-global');
    const erin = await register(t.app, 'erin');
    const frank = await register(t.app, 'frank');
    for (const login of ['erin', 'frank']) {
      await send('POST', `/api/teams/${teamA}/members`, alice.headers, {
        login,
        role: 'team_user',
      });
    }
    await drain(satA, satG);

    const deleted = await send('DELETE', `/api/users/${erin.id}`, root.headers);
    expect(deleted.statusCode, deleted.body).toBe(200);
    const disabled = await send('PATCH', `/api/users/${frank.id}`, root.headers, {
      disabled: true,
    });
    expect(disabled.statusCode, disabled.body).toBe(200);

    // erin was in team A and her own default team: the global satellite serves both and hears
    // each command once; team A's satellite hears it for team A.
    for (const satellite of [satA, satG]) {
      const commands = (await poll(satellite)).json().commands;
      const about = (userId: string) =>
        commands
          .filter((c: any) => c.payload.user_id === userId)
          .map((c: any) => [c.command_type, c.payload.event ?? null])
          .sort();
      expect(about(erin.id), satellite.id).toEqual([
        ['configure', 'mcp_user_deleted'],
        ['invalidate_user_token_cache', null],
      ]);
      expect(about(frank.id), satellite.id).toEqual([['invalidate_user_token_cache', null]]);
    }
    await send('DELETE', `/api/satellites/${satG.id}`, root.headers);
  });
});

describe('command results', () => {
  async function deliveredCommand(satellite: Satellite) {
    const id = newId('cmd');
    await t.database.db.orm.insert(satelliteCommands).values({
      id,
      satelliteId: satellite.id,
      type: 'configure',
      priority: 0,
      payload: { event: 'mcp_installation_updated' },
      status: 'delivered',
      expiresAt: new Date(Date.now() + 300_000),
    });
    return id;
  }

  async function stored(id: string) {
    const [row] = await t.database.db.query<any>(
      'SELECT status, result, error FROM satellite_commands WHERE id = $1',
      [id],
    );
    return row;
  }

  it.each(fixture('command-result').requests.map((r, i) => [r.name, i] as const))(
    'records the result “%s” sent to /command-result',
    async (_name, variant) => {
      const commandId = await deliveredCommand(satA);
      const values = valuesFor(satA, {
        command_id: commandId,
        server_key: `filesystem-acme-${alice.id}-${filesId}`,
      });
      const res = await replay('command-result', values, variant);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ id: commandId });
      const sent = JSON.parse(
        wireRequest(fixture('command-result'), fixture('command-result').requests[variant]!, values)
          .body!,
      );
      expect(await stored(commandId)).toEqual({
        status: sent.status,
        result: sent.result ?? null,
        error: sent.error ?? null,
      });
    },
  );

  it('keeps POST …/commands/{commandId}/result working, unknown fields included', async () => {
    const commandId = await deliveredCommand(satA);
    const res = await send(
      'POST',
      `/api/satellites/${satA.id}/commands/${commandId}/result`,
      satA.headers,
      { status: 'failed', error: 'boom', result: { exit_code: 1 }, command_id: commandId, x: 1 },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ id: commandId, status: 'failed' });
    expect(await stored(commandId)).toEqual({
      status: 'failed',
      result: { exit_code: 1 },
      error: 'boom',
    });
  });

  it('answers 404 for an unknown command or another satellite’s, 400 without command_id', async () => {
    const mine = await deliveredCommand(satA);
    const unknown = await send('POST', `/api/satellites/${satA.id}/command-result`, satA.headers, {
      command_id: 'cmd_doesnotexist',
      status: 'completed',
    });
    expect(unknown.statusCode).toBe(404);
    const foreign = await send('POST', `/api/satellites/${satB.id}/command-result`, satB.headers, {
      command_id: mine,
      status: 'completed',
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error).toBe('Command not found');
    expect((await stored(mine)).status).toBe('delivered');
    const missing = await send('POST', `/api/satellites/${satA.id}/command-result`, satA.headers, {
      status: 'completed',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toContain('command_id');
  });
});

describe('configuration map', () => {
  beforeAll(async () => {
    notionId = (
      await installServer(t.app, teamA, alice.headers, {
        server_id: 'notion',
        name: 'Notion',
        team_config: { headers: { 'X-Workspace': 'acme' } },
      })
    ).id;
    await send(
      'PUT',
      `/api/teams/${teamA}/mcp/installations/${notionId}/user-config`,
      alice.headers,
      { values: { headers: { Authorization: 'Bearer alice-notion' } } },
    );
    streamId = (
      await installServer(t.app, teamA, alice.headers, { server_id: 'stream', name: 'Stream' })
    ).id;
  });

  const config = (satellite: Satellite) => replay('config-query', valuesFor(satellite));
  const entries = async () => (await config(satA)).json().mcp_servers as Record<string, any>;
  const entryOf = (servers: Record<string, any>, userId: string, installationId: string) =>
    Object.entries(servers).find(
      ([, e]) => e.user_id === userId && e.installation_id === installationId,
    );

  it('serves a stdio entry with merged, decrypted values and the names of its secrets', async () => {
    const res = await config(satA);
    expect(res.statusCode, res.body).toBe(200);
    const found = entryOf(res.json().mcp_servers, alice.id, filesId);
    expect(found).toBeDefined();
    const [key, entry] = found!;
    expect(parseServerKey(key)).toEqual({ userId: alice.id, installationId: filesId });
    expect(key.startsWith('filesystem-acme-')).toBe(true);
    expect(entry).toEqual({
      installation_id: filesId,
      instance_id: expect.stringMatching(/^ins_/),
      installation_name: 'Files',
      team_id: teamA,
      team_slug: 'acme',
      user_id: alice.id,
      user_slug: alice.id,
      server_name: 'Filesystem',
      server_slug: 'filesystem',
      transport_type: 'stdio',
      command: 'npx',
      args: ['-y', '@modelcontextprotocol/server-filesystem', '/data'],
      env: {
        LOG_LEVEL: 'info',
        WORKSPACE: 'acme',
        TEAM_KEY: 'team-secret',
        USER_TOKEN: 'alice-secret',
      },
      enabled: true,
      requires_oauth: false,
      runtime: 'node',
      source: 'manual',
      settings: { request_logging_enabled: true, disabled_tools: [] },
      secret_metadata: { env: ['TEAM_KEY', 'USER_TOKEN'], headers: [], query_params: [] },
    });
    // The envelope's own shape is still there.
    expect(
      res.json().data.instances.find((i: any) => i.instance_id === entry.instance_id),
    ).toMatchObject({ installation_id: filesId, user_id: alice.id });
    expect(res.json().polling_intervals).toEqual({
      normal: 60,
      immediate: 2,
      error_backoff_max: 300,
    });
  });

  it('serves http and sse entries with url, merged headers and query parameters', async () => {
    const servers = await entries();
    const [notionKey, notion] = entryOf(servers, alice.id, notionId)!;
    expect(parseServerKey(notionKey)).toEqual({ userId: alice.id, installationId: notionId });
    expect(notion).toMatchObject({
      transport_type: 'http',
      url: 'https://mcp.example.com/mcp',
      headers: { 'X-Workspace': 'acme', Authorization: 'Bearer alice-notion' },
      url_query_params: {},
      enabled: true,
      requires_oauth: false,
      server_slug: 'notion',
      secret_metadata: { env: [], headers: ['Authorization'], query_params: [] },
    });
    expect(notion).not.toHaveProperty('command');
    expect(notion).not.toHaveProperty('env');
    expect(entryOf(servers, alice.id, streamId)![1]).toMatchObject({
      transport_type: 'sse',
      url: 'https://sse.example.com/eu%20west/events',
    });
  });

  it('leaves out instances awaiting their member’s configuration, one entry per member otherwise', async () => {
    const servers = await entries();
    // bob filled in nothing: his Files and Notion instances wait for him; Stream needs nothing.
    expect(entryOf(servers, bob.id, filesId)).toBeUndefined();
    expect(entryOf(servers, bob.id, notionId)).toBeUndefined();
    expect(entryOf(servers, bob.id, streamId)).toBeDefined();
    expect(
      Object.values(servers)
        .filter((e: any) => [alice.id, bob.id].includes(e.user_id))
        .map((e: any) => `${e.installation_id} ${e.user_id}`)
        .sort(),
    ).toEqual(
      [
        `${filesId} ${alice.id}`,
        `${notionId} ${alice.id}`,
        `${streamId} ${alice.id}`,
        `${streamId} ${bob.id}`,
      ].sort(),
    );
  });

  it('keeps the entries byte-identical while nothing that runs them changed, live status included', async () => {
    const first = await config(satA);
    const second = await config(satA);
    expect(second.body).toBe(first.body);
    // The instance's live status changes: the satellite reports it.
    const reported = await postEvents(t.app, satA, [
      event('mcp.server.status_changed', {
        installation_id: filesId,
        team_id: teamA,
        user_id: alice.id,
        status: 'online',
        timestamp: new Date().toISOString(),
      }),
    ]);
    expect(reported.json().failures).toBeUndefined();
    const third = await config(satA);
    expect(JSON.stringify(third.json().mcp_servers)).toBe(JSON.stringify(first.json().mcp_servers));
    const files = third.json().data.instances.find((i: any) => i.installation_id === filesId);
    expect(files.status).toBe('online');
    const [, entry] = entryOf(third.json().mcp_servers, alice.id, filesId)!;
    expect(Object.keys(entry)).toEqual([
      'installation_id',
      'instance_id',
      'installation_name',
      'team_id',
      'team_slug',
      'user_id',
      'user_slug',
      'server_name',
      'server_slug',
      'transport_type',
      'enabled',
      'requires_oauth',
      'source',
      'settings',
      'secret_metadata',
      'command',
      'args',
      'env',
      'runtime',
    ]);
  });

  it('answers 304 only to an If-None-Match that matches, never without one', async () => {
    const res = await config(satA);
    expect(res.statusCode).toBe(200);
    const etag = res.headers.etag as string;
    expect(etag).toBeTruthy();
    const cached = await get(`/api/satellites/${satA.id}/config`, {
      ...satA.headers,
      'if-none-match': etag,
    });
    expect(cached.statusCode).toBe(304);
    expect((await config(satA)).statusCode).toBe(200);
  });

  it('gives another team’s satellite none of these entries', async () => {
    const res = await config(satB);
    expect(res.statusCode).toBe(200);
    expect(res.json().mcp_servers).toEqual({});
  });
});

describe('OAuth and GitHub tokens for the satellite', () => {
  it('answers token status “none stored yet” for a member instance it serves', async () => {
    const res = await replay('oauth-token-status', valuesFor(satA, { installation_id: notionId }));
    expect(res.statusCode, res.body).toBe(200);
    const none = { exists: false, expired: null, expires_at: null, can_refresh: false };
    expect(res.json()).toEqual({ success: true, ...none, data: none });
  });

  it('answers 404 to a token retrieval, with a clear reason', async () => {
    const res = await replay(
      'oauth-token-retrieve',
      valuesFor(satA, { installation_id: notionId }),
    );
    expect(res.statusCode).toBe(404);
    // The member never signed in to the server (src/modules/upstream-oauth).
    expect(res.json().error).toMatch(/^No OAuth token is stored .*the member must sign in/);
  });

  it('answers 404 “no GitHub token” so that the satellite downloads anonymously', async () => {
    const res = await replay('github-token', valuesFor(satA));
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toMatch(/^No GitHub token/);
  });

  it('refuses another team’s installation or member, and another satellite’s path', async () => {
    const body = { installation_id: notionId, user_id: alice.id, team_id: teamA };
    for (const route of ['tokens/status', 'tokens/retrieve']) {
      const other = await send('POST', `/api/satellites/${satB.id}/${route}`, satB.headers, body);
      expect(other.statusCode, route).toBe(404);
      expect(other.json().error).toBe('Installation not found');
      const wrongTeam = await send('POST', `/api/satellites/${satA.id}/${route}`, satA.headers, {
        ...body,
        team_id: teamB,
      });
      expect(wrongTeam.statusCode).toBe(404);
      const notMember = await send('POST', `/api/satellites/${satA.id}/${route}`, satA.headers, {
        ...body,
        user_id: carol.id,
      });
      expect(notMember.statusCode).toBe(404);
      const foreignPath = await send(
        'POST',
        `/api/satellites/${satA.id}/${route}`,
        satB.headers,
        body,
      );
      expect(foreignPath.statusCode).toBe(403);
    }
    const github = await get(`/api/satellites/${satB.id}/github-token/${filesId}`, satB.headers);
    expect(github.statusCode).toBe(404);
    expect(github.json().error).toBe('Installation not found');
  });

  it('accepts fields it does not know and still checks the ones it does', async () => {
    const url = `/api/satellites/${satA.id}/tokens/status`;
    const extra = await send('POST', url, satA.headers, {
      installation_id: notionId,
      user_id: alice.id,
      team_id: teamA,
      provider: 'notion',
    });
    expect(extra.statusCode).toBe(200);
    const missing = await send('POST', url, satA.headers, { installation_id: notionId });
    expect(missing.statusCode).toBe(400);
  });
});
