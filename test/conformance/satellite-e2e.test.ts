import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account } from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import {
  apiCall,
  buildTeam,
  credentialsOf,
  install,
  instanceOf,
  memberAccessToken,
  registrationToken,
  replay,
  SATELLITE_WIRE_ENV,
  serverKeyOf,
} from '../helpers/satellite-world.js';
import {
  loadWireFixtures,
  sendWire,
  wireRequest,
  type WireAnswer,
  type WireValues,
} from '../helpers/satellite-wire.js';
import { listen } from '../helpers/sse.js';

/**
 * One satellite's life against a running service, every satellite call sent as the real
 * DeployStack satellite sends it (its recorded requests, real fetch): pairing, heartbeats, a new
 * installation reaching it as a command and a configuration entry, the command's result, the
 * introspection of a member's token, and one event of every type. Then the effects are read
 * back through the team and administrator APIs.
 */
const fixtures = loadWireFixtures();
const ALL_TYPES_BATCH = 'one event of every type';

interface WireEvent {
  type: string;
  timestamp: string;
  data: Record<string, unknown>;
}
/** The fixture's batch of all 21 types, placeholders unfilled. */
const allTypes = () =>
  (fixtures.find((f) => f.kind === 'events')!.requests[0]!.body as { events: WireEvent[] }).events;

let t: TestApp;
let origin: string;
let admin: Account;
let member: Account;
let teamId: string;
let satelliteId: string;
let installationId: string;
let values: WireValues;
const answers: Record<string, WireAnswer> = {};
let command: { id: string; command_type: string; payload: Record<string, unknown> } | undefined;
let entry: Record<string, unknown> | undefined;

const installationPath = () => `/api/teams/${teamId}/mcp/installations/${installationId}`;
const expect2xx = (answer: WireAnswer | undefined, what: string) => {
  expect(answer, `${what} was not sent (an earlier step failed)`).toBeDefined();
  expect(answer!.status, `${what}: ${answer!.text}`).toBeGreaterThanOrEqual(200);
  expect(answer!.status, `${what}: ${answer!.text}`).toBeLessThan(300);
};

beforeAll(async () => {
  t = await createTestApp({ env: SATELLITE_WIRE_ENV });
  origin = await listen(t.app);
  const world = await buildTeam(t.app);
  admin = world.root;
  member = world.member;
  teamId = world.teamId;

  // Start-up: health, registration, then (as after a restart) the credential check heartbeat.
  answers.health = await replay(origin, fixtures, 'health', {});
  const token = await registrationToken(t.app, admin);
  answers.register = await replay(origin, fixtures, 'register', { registration_token: token });
  const satellite = credentialsOf(answers.register);
  satelliteId = satellite.id;
  values = {
    satellite_id: satellite.id,
    api_key: satellite.key,
    team_id: teamId,
    user_id: member.id,
  };
  answers.startupHeartbeat = await replay(
    origin,
    fixtures,
    'heartbeat',
    values,
    'start-up credential check',
  );
  answers.heartbeat = await replay(origin, fixtures, 'heartbeat', values, 'captured on the wire');
  answers.firstConfig = await replay(origin, fixtures, 'config-query', values);
  answers.firstPoll = await replay(origin, fixtures, 'commands-query', values);

  // A team administrator installs a stdio server; the member gets an instance of it.
  installationId = (await install(t.app, admin, teamId, world.stdioServer.id, 'Files')).id;
  values.installation_id = installationId;
  values.instance_id = (await instanceOf(t.app, member, teamId, installationId)).id;

  answers.poll = await replay(origin, fixtures, 'commands-query', values);
  const commands = (answers.poll.json?.commands ?? []) as Array<NonNullable<typeof command>>;
  command = commands.find(
    (c) =>
      ['configure', 'spawn'].includes(c.command_type) &&
      c.payload.installation_id === installationId,
  );
  if (!command) return;
  values.command_id = command.id;

  answers.config = await replay(origin, fixtures, 'config-query', values);
  values.server_key = serverKeyOf(answers.config, member.id, installationId);
  entry = (answers.config.json!.mcp_servers as Record<string, Record<string, unknown>>)[
    values.server_key
  ];
  answers.result = await replay(origin, fixtures, 'command-result', values, 'configure (default');
  answers.pollAfter = await replay(origin, fixtures, 'commands-query', values);

  // An MCP client of the member calls the satellite, which introspects the client's token.
  const oauth = await memberAccessToken(t.app, member, teamId);
  values.access_token = oauth.accessToken;
  values.oauth_client_id = oauth.clientId;
  answers.introspect = await replay(origin, fixtures, 'introspect', values);

  answers.events = await replay(origin, fixtures, 'events', values, ALL_TYPES_BATCH);
  answers.runningHeartbeat = await replay(
    origin,
    fixtures,
    'heartbeat',
    values,
    'one running stdio instance',
  );
});
afterAll(async () => t?.close());

const get = (url: string, account: Account = admin) => apiCall(t.app, 'GET', url, account.headers);

describe('end to end: what the satellite sends', () => {
  it('passes the health check and pairs with a deploystack_ registration token', async () => {
    expect2xx(answers.health, 'health');
    expect2xx(answers.register, 'registration');
    expect(answers.register!.json).toMatchObject({
      success: true,
      satellite: { id: expect.any(String), api_key: expect.any(String) },
    });
  });

  it('answers the start-up credential check and the regular heartbeats with 2xx', () => {
    expect2xx(answers.startupHeartbeat, 'start-up heartbeat');
    expect2xx(answers.heartbeat, 'heartbeat');
    expect2xx(answers.runningHeartbeat, 'heartbeat with a running process');
  });

  it('starts with an empty configuration and no commands', () => {
    expect2xx(answers.firstConfig, 'first configuration');
    expect(answers.firstConfig!.json?.mcp_servers).toEqual({});
    expect2xx(answers.firstPoll, 'first poll');
    expect(answers.firstPoll!.json?.commands).toEqual([]);
  });

  it('delivers a configure (or spawn) command for the new installation, once', () => {
    expect2xx(answers.poll, 'poll');
    expect(command, `no configure/spawn command for it: ${answers.poll!.text}`).toBeDefined();
    expect(command!.payload).toMatchObject({ installation_id: installationId });
    expect2xx(answers.pollAfter, 'second poll');
    const again = answers.pollAfter!.json!.commands as Array<{ id: string }>;
    expect(again.map((c) => c.id)).not.toContain(command!.id);
  });

  it('lists the member’s instance in the configuration, ready to spawn', () => {
    expect2xx(answers.config, 'configuration');
    expect(entry).toMatchObject({
      transport_type: 'stdio',
      command: 'npx',
      args: ['-y', '@modelcontextprotocol/server-filesystem', '/tmp'],
      installation_id: installationId,
      instance_id: values.instance_id,
      team_id: teamId,
      user_id: member.id,
    });
  });

  it('records the command result', () => {
    expect2xx(answers.result, 'command result');
  });

  it('reports the member’s access token active, in the team the satellite serves them in', () => {
    expect(answers.introspect?.json).toMatchObject({
      active: true,
      sub: member.id,
      username: member.username,
      team_id: teamId,
      team_role: 'team_user',
      client_id: values.oauth_client_id,
    });
  });

  it('accepts one event of every type (21), none failing', () => {
    expect(answers.events?.status, answers.events?.text).toBe(200);
    const body = answers.events!.json as { processed: number; failed: number; failures?: unknown };
    expect(body.failed, JSON.stringify(body.failures)).toBe(0);
    expect(body.processed).toBe(21);
  });
});

describe('end to end: the effects, read through the team and administrator APIs', () => {
  it('shows the instance online after the last status change', async () => {
    const instance = await instanceOf(t.app, member, teamId, installationId);
    expect(instance.status).toBe('online');
  });

  it('shows the satellite’s process for the instance', async () => {
    const body = await get(`/api/satellites/${satelliteId}/processes`);
    const processes = body.data.processes as Array<Record<string, unknown>>;
    expect(
      processes.some((p) => p.installation_id === installationId),
      JSON.stringify(body),
    ).toBe(true);
  });

  it('keeps the server’s log lines and the member’s tool requests', async () => {
    const logs = await get(`${installationPath()}/logs`);
    expect(logs.data.logs.map((l: { message: string }) => l.message)).toContain(
      'stderr: listening on stdio',
    );
    const requests = await get(`${installationPath()}/requests`);
    expect(
      requests.data.requests.some(
        (r: { tool_name: string; user_id: string }) =>
          r.tool_name.endsWith('read_file') && r.user_id === member.id,
      ),
      JSON.stringify(requests.data),
    ).toBe(true);
  });

  it('derives the member’s usage and client activity from what the satellite sends', async () => {
    const usage = await get(`${installationPath()}/usage`);
    expect(
      usage.data.usage.some((u: { user_id: string | null }) => u.user_id === member.id),
      JSON.stringify(usage.data),
    ).toBe(true);
    const activity = await get('/api/users/me/mcp/client-activity', member);
    expect(activity.data.activity.length).toBeGreaterThan(0);
  });

  it('keeps the tools the satellite discovered', async () => {
    const tools = await get(`${installationPath()}/tools`);
    expect(tools.data.tools.map((tool: { name: string }) => tool.name)).toContain('read_file');
  });

  it('keeps every event type in the satellite’s event history for administrators', async () => {
    const body = await get(`/api/satellites/${satelliteId}/event-history?limit=100`);
    const kept = new Set(body.data.events.map((e: { type: string }) => e.type));
    for (const { type } of allTypes()) expect(kept, type).toContain(type);
  });

  it('stores the heartbeats as metrics', async () => {
    const body = await get(`/api/satellites/${satelliteId}/metrics`);
    const metrics = body.data.metrics as Array<{ processes: Record<string, number> }>;
    expect(metrics.length).toBeGreaterThanOrEqual(3);
    expect(
      metrics.some((m) => m.processes.running === 1),
      JSON.stringify(metrics),
    ).toBe(true);
  });

  // Last: it changes the instance the tests above read.
  it('tells the team when the satellite gives up on an instance', async () => {
    // What the satellite sends in one tick after a 4th crash (protocol §11.4), a minute later.
    const later = new Date(Date.now() + 60_000).toISOString();
    const chosen = allTypes().filter((e) =>
      ['mcp.server.permanently_failed', 'mcp.server.status_changed'].includes(e.type),
    );
    const events = chosen.map((e) => ({
      ...e,
      timestamp: later,
      data:
        e.type === 'mcp.server.status_changed'
          ? {
              ...e.data,
              status: 'permanently_failed',
              status_message: 'Crashed 4 times',
              timestamp: later,
            }
          : { ...e.data, failed_at: later },
    }));
    const fixture = fixtures.find((f) => f.kind === 'events')!;
    const answer = await sendWire(
      origin,
      wireRequest(fixture, { name: 'permanent failure', source: 'test', body: { events } }, values),
    );
    expect2xx(answer, 'events');
    expect(answer.json).toMatchObject({ processed: 2, failed: 0 });
    expect((await instanceOf(t.app, member, teamId, installationId)).status).toBe(
      'permanently_failed',
    );
    const body = await get(`/api/teams/${teamId}/notifications`);
    const types = body.data.notifications.map((n: { type: string }) => n.type);
    expect(types).toContain('instance.permanently_failed');
  });
});
