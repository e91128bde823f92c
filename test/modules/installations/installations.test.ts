import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { bearerFor, json, register, type Account } from '../../helpers/accounts.js';
import { createServer } from '../../helpers/catalogue.js';
import { pair } from '../../helpers/satellites.js';

let t: TestApp;
let root: Account;
let admin: Account;
let member: Account;
let outsider: Account;
let teamId: string;
let slack: { id: string; slug: string };
let plain: { id: string; slug: string };

beforeAll(async () => {
  t = await createTestApp();
  root = await register(t.app, 'root');
  admin = await register(t.app, 'tina');
  member = await register(t.app, 'mike');
  outsider = await register(t.app, 'olga');
  const team = await t.app.inject({
    method: 'POST',
    url: '/api/teams',
    headers: { ...json, ...admin.headers },
    payload: { name: 'Ops' },
  });
  teamId = team.json().data.team.id;
  await t.app.inject({
    method: 'POST',
    url: `/api/teams/${teamId}/members`,
    headers: { ...json, ...admin.headers },
    payload: { login: 'mike' },
  });
  slack = await createServer(t.app, root.headers, {
    name: 'Slack',
    config_schema: {
      team: {
        env: [
          { name: 'SLACK_TEAM_ID', required: true },
          { name: 'SLACK_BOT_TOKEN', secret: true },
        ],
      },
      user: {
        env: [{ name: 'SLACK_USER_TOKEN', required: true, secret: true }],
        headers: [{ name: 'X-Locale', default: 'en' }],
      },
    },
  });
  plain = await createServer(t.app, root.headers, { name: 'Clock' });
});
afterAll(async () => t?.close());

const base = () => `/api/teams/${teamId}/mcp/installations`;
const send = (method: string, url: string, headers: Record<string, string>, payload?: unknown) =>
  t.app.inject({
    method: method as 'GET',
    url,
    headers: payload === undefined ? headers : { ...json, ...headers },
    payload: payload as string,
  });

async function install(body: Record<string, unknown>) {
  const res = await send('POST', base(), admin.headers, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.installation;
}

describe('installations', () => {
  let slackInstall: any;

  it('installs a server with team values, secrets encrypted and masked, and an instance per member', async () => {
    slackInstall = await install({
      server_id: 'slack',
      team_config: { env: { SLACK_TEAM_ID: 'T123', SLACK_BOT_TOKEN: 'xoxb-secret' } },
    });
    expect(slackInstall).toMatchObject({
      name: 'Slack',
      server: { id: slack.id, slug: 'slack' },
      team_config: { env: { SLACK_TEAM_ID: 'T123', SLACK_BOT_TOKEN: '********' } },
      settings: { request_logging_enabled: false },
      my_instance: { status: 'awaiting_user_config' },
    });
    const stored = await t.database.db.query<{ team_config: unknown }>(
      'SELECT team_config FROM mcp_server_installations WHERE id = $1',
      [slackInstall.id],
    );
    expect(JSON.stringify(stored[0]!.team_config)).not.toContain('xoxb-secret');
    const instances = await send('GET', `${base()}/${slackInstall.id}/instances`, admin.headers);
    expect(instances.json().data.instances.map((i: any) => i.status)).toEqual([
      'awaiting_user_config',
      'awaiting_user_config',
    ]);
    expect(instances.json().data.pagination.total).toBe(2);
  });

  it('starts instances in provisioning when no personal value is required', async () => {
    const clock = await install({
      server_id: plain.id,
      name: 'Clock A',
      settings: { request_logging_enabled: true },
    });
    expect(clock.my_instance.status).toBe('provisioning');
    expect(clock.settings.request_logging_enabled).toBe(true);
  });

  it('records pending work for satellites in the same transaction', async () => {
    const rows = await t.database.db.query<{ kind: string; installation_id: string }>(
      "SELECT kind, installation_id FROM satellite_pending_work WHERE kind = 'installation.created'",
    );
    expect(rows.map((r) => r.installation_id)).toContain(slackInstall.id);
  });

  it.each([
    [{ server_id: 'nope' }, 'body.server_id nope does not name a catalogue server'],
    [
      { server_id: 'slack', name: 'Slack 2' },
      'body.team_config is missing required env.SLACK_TEAM_ID',
    ],
    [
      { server_id: 'slack', name: 'S3', team_config: { env: { SLACK_TEAM_ID: 'T', OTHER: 'x' } } },
      'body.team_config.env.OTHER is not a field of this server’s configuration',
    ],
    [
      {
        server_id: 'slack',
        name: 'S4',
        version_id: 'ver_x',
        team_config: { env: { SLACK_TEAM_ID: 'T' } },
      },
      'body.version_id ver_x is not a version of slack',
    ],
    [
      { server_id: 'slack', team_config: { env: { SLACK_TEAM_ID: 5 } } },
      'body.team_config.env.SLACK_TEAM_ID must be string',
    ],
    [{ server_id: 'slack', status: 'online' }, 'body.status is not an allowed property'],
  ])('rejects %j with 400', async (payload, message) => {
    const res = await send('POST', base(), admin.headers, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(message);
  });

  it('answers 409 for a name already used in the team', async () => {
    const res = await send('POST', base(), admin.headers, { server_id: 'clock', name: 'clock a' });
    expect(res.statusCode).toBe(409);
  });

  it('lets members read but not change; other teams get 404 even with a bad body', async () => {
    const list = await send('GET', base(), member.headers);
    expect(list.json().data.installations.map((i: any) => i.name)).toEqual(['Clock A', 'Slack']);
    expect((await send('POST', base(), member.headers, { nonsense: 1 })).statusCode).toBe(403);
    expect(
      (await send('PATCH', `${base()}/${slackInstall.id}`, member.headers, { name: 'x' }))
        .statusCode,
    ).toBe(403);
    expect((await send('DELETE', `${base()}/${slackInstall.id}`, member.headers)).statusCode).toBe(
      403,
    );
    expect((await send('GET', base(), outsider.headers)).statusCode).toBe(404);
    expect((await send('POST', base(), outsider.headers, { nonsense: 1 })).statusCode).toBe(404);
    expect(
      (await send('GET', `${base()}/${slackInstall.id}/user-config`, outsider.headers)).statusCode,
    ).toBe(404);
    const outsiderTeam = (await send('GET', '/api/teams/me/default', outsider.headers)).json().data
      .team.id;
    expect(
      (
        await send(
          'GET',
          `/api/teams/${outsiderTeam}/mcp/installations/${slackInstall.id}`,
          outsider.headers,
        )
      ).statusCode,
    ).toBe(404);
  });

  it('lets members see only their own instance', async () => {
    const res = await send('GET', `${base()}/${slackInstall.id}/instances`, member.headers);
    expect(res.json().data.instances.map((i: any) => i.user_id)).toEqual([member.id]);
  });

  it('lists each caller’s own instance beside every installation, with the total on every page', async () => {
    const instancesOf = async (headers: Record<string, string>) =>
      (await send('GET', `${base()}/${slackInstall.id}/instances`, headers)).json().data.instances;
    // A member sees only their own instance there; an admin sees every member's.
    const [mine] = await instancesOf(member.headers);
    const tinas = (await instancesOf(admin.headers)).find((i: any) => i.user_id === admin.id);
    const list = async (headers: Record<string, string>, query = '') =>
      (await send('GET', `${base()}${query}`, headers)).json().data;
    const slackOf = (page: any) => page.installations.find((i: any) => i.name === 'Slack');
    expect(slackOf(await list(member.headers)).my_instance.id).toBe(mine.id);
    expect(slackOf(await list(admin.headers)).my_instance.id).toBe(tinas.id);
    expect(mine.id).not.toBe(tinas.id);

    const second = await list(member.headers, '?limit=1&offset=1');
    expect(second.installations.map((i: any) => i.name)).toEqual(['Slack']);
    expect(second.pagination).toMatchObject({ total: 2, limit: 1, offset: 1 });
    const pastTheEnd = await list(member.headers, '?limit=1&offset=5');
    expect(pastTheEnd.installations).toEqual([]);
    expect(pastTheEnd.pagination.total).toBe(2);
  });

  it('updates team values, keeping a masked secret', async () => {
    const res = await send('PATCH', `${base()}/${slackInstall.id}`, admin.headers, {
      team_config: { env: { SLACK_TEAM_ID: 'T999', SLACK_BOT_TOKEN: '********' } },
      settings: { request_logging_enabled: true },
    });
    expect(res.json().data.installation).toMatchObject({
      team_config: { env: { SLACK_TEAM_ID: 'T999', SLACK_BOT_TOKEN: '********' } },
      settings: { request_logging_enabled: true },
    });
    const rows = await t.database.db.query<{ team_config: any }>(
      'SELECT team_config FROM mcp_server_installations WHERE id = $1',
      [slackInstall.id],
    );
    expect(rows[0]!.team_config.env.SLACK_BOT_TOKEN).toMatch(/^enc:v2:[0-9a-f]{12}:/);
  });

  it('lets bearer tokens with mcp:read read installations and the caller’s own configuration', async () => {
    const token = await bearerFor(t.database.db, member.id, ['mcp:read']);
    expect((await send('GET', base(), token)).statusCode).toBe(200);
    expect((await send('GET', `${base()}/${slackInstall.id}/user-config`, token)).statusCode).toBe(
      200,
    );
    expect((await send('GET', `${base()}/${slackInstall.id}/status`, token)).statusCode).toBe(200);
    expect(
      (await send('PUT', `${base()}/${slackInstall.id}/user-config`, token, { values: {} }))
        .statusCode,
    ).toBe(401);
    expect(
      (await send('GET', base(), await bearerFor(t.database.db, member.id, ['teams:read'])))
        .statusCode,
    ).toBe(403);
  });
});

describe('personal configuration', () => {
  let id: string;
  beforeAll(async () => {
    id = (await send('GET', base(), member.headers))
      .json()
      .data.installations.find((i: any) => i.name === 'Slack').id;
  });

  it('moves the instance from awaiting_user_config to provisioning once required values are saved', async () => {
    const before = await send('GET', `${base()}/${id}/user-config`, member.headers);
    expect(before.json().data.user_config).toMatchObject({
      missing_required: ['env.SLACK_USER_TOKEN'],
      status: 'awaiting_user_config',
      values: { args: {}, env: {}, headers: {} },
    });
    const saved = await send('PUT', `${base()}/${id}/user-config`, member.headers, {
      values: { env: { SLACK_USER_TOKEN: 'xoxp-mine' } },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.user_config).toMatchObject({
      missing_required: [],
      status: 'provisioning',
      values: { env: { SLACK_USER_TOKEN: '********' } },
    });
    expect(saved.body).not.toContain('xoxp-mine');
    const status = await send('GET', `${base()}/${id}/status`, member.headers);
    expect(status.json().data.instance).toMatchObject({
      user_id: member.id,
      status: 'provisioning',
    });
    const adminStatus = await send('GET', `${base()}/${id}/status`, admin.headers);
    expect(adminStatus.json().data.instance.status).toBe('awaiting_user_config');
    const stored = await t.database.db.query<{ values: unknown }>(
      'SELECT values FROM mcp_user_configs WHERE user_id = $1',
      [member.id],
    );
    expect(JSON.stringify(stored[0]!.values)).not.toContain('xoxp-mine');
  });

  it('goes back to awaiting_user_config when a required value is removed', async () => {
    const res = await send('PUT', `${base()}/${id}/user-config`, member.headers, {
      values: { env: { SLACK_USER_TOKEN: null } },
    });
    expect(res.json().data.user_config.status).toBe('awaiting_user_config');
  });

  it('rejects fields that are not personal', async () => {
    const res = await send('PUT', `${base()}/${id}/user-config`, member.headers, {
      values: { env: { SLACK_TEAM_ID: 'x' } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(
      'body.values.env.SLACK_TEAM_ID is not a field of this server’s configuration',
    );
  });
});

describe('instances follow membership', () => {
  it('creates instances when a member joins and removes them when they leave', async () => {
    const newcomer = await register(t.app, 'nina');
    await send('POST', `/api/teams/${teamId}/members`, admin.headers, { login: 'nina' });
    const mine = await send('GET', base(), newcomer.headers);
    expect(mine.json().data.installations.map((i: any) => i.my_instance?.status)).toEqual([
      'provisioning',
      'awaiting_user_config',
    ]);
    await send('DELETE', `/api/teams/${teamId}/members/${newcomer.id}`, admin.headers);
    const rows = await t.database.db.query(
      'SELECT id FROM mcp_server_instances WHERE user_id = $1',
      [newcomer.id],
    );
    expect(rows).toEqual([]);
    const work = await t.database.db.query<{ kind: string }>(
      'SELECT kind FROM satellite_pending_work WHERE user_id = $1 ORDER BY created_at',
      [newcomer.id],
    );
    expect(work.map((w) => w.kind)).toEqual(['member.added', 'member.removed']);
  });

  it('deleting an installation removes its instances', async () => {
    const temp = await install({ server_id: plain.id, name: 'Temp' });
    expect((await send('DELETE', `${base()}/${temp.id}`, admin.headers)).statusCode).toBe(200);
    expect(
      await t.database.db.query('SELECT id FROM mcp_server_instances WHERE installation_id = $1', [
        temp.id,
      ]),
    ).toEqual([]);
    expect((await send('GET', `${base()}/${temp.id}`, admin.headers)).statusCode).toBe(404);
  });
});

describe('deleting an installed catalogue server', () => {
  it('answers 409 with the count unless forced', async () => {
    const res = await send('DELETE', `/api/mcp/servers/global/${plain.id}`, root.headers);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatch(/^1 team installation\(s\) use this server/);
    const forced = await send(
      'DELETE',
      `/api/mcp/servers/global/${plain.id}?force=true`,
      root.headers,
    );
    expect(forced.statusCode).toBe(200);
    expect(
      (await send('GET', base(), admin.headers)).json().data.installations.map((i: any) => i.name),
    ).toEqual(['Slack']);
  });
});

describe('security: configuration fields named like object built-ins', () => {
  let server: { id: string; slug: string };
  beforeAll(async () => {
    server = await createServer(t.app, root.headers, {
      name: 'Builtins',
      config_schema: {
        template: { env: [{ name: '__proto__', default: 'from-template' }] },
        team: {
          env: [
            { name: 'constructor', required: true },
            { name: 'toString', required: true },
          ],
        },
        user: { args: [{ name: 'hasOwnProperty', required: true }] },
      },
    });
  });

  it('reports required fields named constructor or toString as missing until they have values', async () => {
    const refused = await send('POST', base(), admin.headers, { server_id: server.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe(
      'body.team_config is missing required env.constructor, env.toString',
    );
    const installed = await install({
      server_id: server.id,
      team_config: { env: { constructor: 'c', toString: 't' } },
    });
    expect(installed.my_instance.status).toBe('awaiting_user_config');
    const url = `${base()}/${installed.id}/user-config`;
    const before = await send('GET', url, admin.headers);
    expect(before.json().data.user_config.missing_required).toEqual(['args.hasOwnProperty']);
    const saved = await send('PUT', url, admin.headers, {
      values: { args: { hasOwnProperty: 'yes' } },
    });
    expect(saved.json().data.user_config).toMatchObject({
      missing_required: [],
      status: 'provisioning',
      values: { args: { hasOwnProperty: 'yes' } },
    });
  });

  it('hands a satellite a value whose field is named __proto__', async () => {
    const sat = await pair(t.app, admin.headers, { scope: 'team', team_id: teamId });
    const config = await t.app.inject({
      url: `/api/satellites/${sat.id}/config`,
      headers: sat.headers,
    });
    const mine = config
      .json()
      .data.instances.find(
        (i: any) => i.installation_name === 'Builtins' && i.user_id === admin.id,
      );
    expect(Object.hasOwn(mine.env, '__proto__')).toBe(true);
    expect(mine.env).toMatchObject({ constructor: 'c', toString: 't' });
    expect(Object.getOwnPropertyDescriptor(mine.env, '__proto__')?.value).toBe('from-template');
  });
});
