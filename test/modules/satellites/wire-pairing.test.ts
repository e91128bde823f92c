import type { RouteOptions } from 'fastify';
import { createHash } from 'node:crypto';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config.js';
import { json, register, type Account } from '../../helpers/accounts.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { manualClock } from '../../helpers/clock.js';
import { createToken } from '../../helpers/satellites.js';
import { fillValue, loadWireFixtures, type WireFixture } from '../../helpers/satellite-wire.js';

// The DeployStack satellite's own requests (test/fixtures/satellite-wire), sent as it sends them.
const fixtures = loadWireFixtures();
const fixture = (kind: string) => fixtures.find((f) => f.kind === kind) as WireFixture;
const USER_AGENT = 'DeployStack-Satellite/0.22.0 (Node.js)';

const clock = manualClock(new Date());
let t: TestApp;
let root: Account;
let teamAdmin: Account;
let teamId: string;

beforeAll(async () => {
  // Limits off, as in the conformance test; the limits have their own app below.
  t = await createTestApp({
    clock,
    env: {
      SATELLITE_TOKEN_PREFIX: 'deploystack_',
      SATELLITE_LIMIT_PER_SATELLITE: '0',
      SATELLITE_LIMIT_PER_ADDRESS: '0',
    },
  });
  root = await register(t.app, 'root');
  teamAdmin = await register(t.app, 'tess');
  teamId = (await t.app.inject({ url: '/api/teams/me/default', headers: teamAdmin.headers })).json()
    .data.team.id;
});
afterAll(async () => t?.close());

const registerWith = (token: string | null, body: unknown, app = () => t.app) =>
  app().inject({
    method: 'POST',
    url: '/api/satellites/register',
    headers: {
      ...json,
      'user-agent': USER_AGENT,
      ...(token === null ? {} : { authorization: `Bearer ${token}` }),
    },
    payload: body as string,
  });

/** The body of one variant of register.json, by position. */
const registerBody = (i: number) =>
  fillValue(fixture('register').requests[i]!.body, {}) as Record<string, unknown>;

const jwtOf = (token: string) => token.replace(/^deploystack_satellite_(global|team)_/, '');

describe('pairing: tokens carry their scope after SATELLITE_TOKEN_PREFIX', () => {
  it('reads the prefix once: service_ by default, letters, digits, - and _ only', () => {
    expect(loadConfig({}).satellites.tokenPrefix).toBe('service_');
    expect(loadConfig({ SATELLITE_TOKEN_PREFIX: 'deploystack_' }).satellites.tokenPrefix).toBe(
      'deploystack_',
    );
    expect(() => loadConfig({ SATELLITE_TOKEN_PREFIX: 'deploy stack' })).toThrow(
      /SATELLITE_TOKEN_PREFIX must be/,
    );
  });

  it('issues deploystack_satellite_global_<JWT> and deploystack_satellite_team_<JWT>', async () => {
    const global = await createToken(t.app, root.headers, { scope: 'global' });
    expect(global.token).toMatch(/^deploystack_satellite_global_[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(decodeJwt(jwtOf(global.token))).toMatchObject({ scope: 'global', jti: global.id });
    const team = await createToken(t.app, teamAdmin.headers, { scope: 'team', team_id: teamId });
    expect(team.token).toMatch(/^deploystack_satellite_team_[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(decodeJwt(jwtOf(team.token))).toMatchObject({ scope: 'team', team_id: teamId });
  });

  it.each([
    ['global', 0],
    ['team', 1],
  ] as const)(
    'registers with the satellite’s own body and a %s token, answering satellite.{id,name,api_key} at the top level',
    async (scope, variant) => {
      const { token } =
        scope === 'global'
          ? await createToken(t.app, root.headers, { scope })
          : await createToken(t.app, teamAdmin.headers, { scope, team_id: teamId });
      const body = registerBody(variant);
      const res = await registerWith(token, body);
      expect(res.statusCode, res.body).toBe(201);
      const answer = res.json();
      expect(answer).toMatchObject({
        success: true,
        satellite: {
          id: expect.stringMatching(/^sat_/),
          name: body.name,
          api_key: expect.stringMatching(/^ssk_/),
          type: scope,
          team_id: scope === 'team' ? teamId : null,
          status: 'registered',
        },
        data: { satellite: { name: body.name, type: scope }, api_key: answer.satellite.api_key },
      });
      expect(answer.data.satellite.id).toBe(answer.satellite.id);
      // What it sent is kept as sent: a list of capabilities, its system, its URL.
      const [row] = await t.database.db.query<Record<string, unknown>>(
        'SELECT capabilities, system_info, satellite_url FROM satellites WHERE id = $1',
        [answer.satellite.id],
      );
      expect(row).toEqual({
        capabilities: ['stdio', 'http', 'sse'],
        system_info: body.system_info,
        satellite_url: body.satellite_url ?? null,
      });
      // The key works at once.
      const beat = await t.app.inject({
        method: 'POST',
        url: `/api/satellites/${answer.satellite.id}/heartbeat`,
        headers: { ...json, authorization: `Bearer ${answer.satellite.api_key}` },
        payload: { status: 'active' },
      });
      expect(beat.statusCode, beat.body).toBe(200);
    },
  );

  it('still accepts the older service_satellite_<JWT> form, for new tokens and ones stored before', async () => {
    const fresh = await createToken(t.app, root.headers, { scope: 'global' });
    const res = await registerWith(`service_satellite_${jwtOf(fresh.token)}`, { name: 'old-form' });
    expect(res.statusCode, res.body).toBe(201);

    // A token issued before this change was stored as the digest of its whole old-form text.
    const before = await createToken(t.app, root.headers, { scope: 'global' });
    const oldText = `service_satellite_${jwtOf(before.token)}`;
    await t.database.db.query(
      'UPDATE satellite_registration_tokens SET token_hash = $1 WHERE id = $2',
      [createHash('sha256').update(oldText).digest('hex'), before.id],
    );
    const again = await registerWith(oldText, { name: 'old-token' });
    expect(again.statusCode, again.body).toBe(201);
  });

  it('refuses a token whose scope segment disagrees with its signed scope (token_invalid_scope)', async () => {
    const { token } = await createToken(t.app, root.headers, { scope: 'global' });
    const relabelled = `deploystack_satellite_team_${jwtOf(token)}`;
    const res = await registerWith(relabelled, registerBody(0));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({
      success: false,
      error: 'token_invalid_scope',
      error_description: expect.stringContaining('scope global'),
    });
    // Refused before use: the token as issued still pairs.
    expect((await registerWith(token, registerBody(0))).statusCode).toBe(201);
  });

  it('refuses a second use with token_already_used', async () => {
    const { token } = await createToken(t.app, root.headers, { scope: 'global' });
    expect((await registerWith(token, registerBody(0))).statusCode).toBe(201);
    const second = await registerWith(token, registerBody(0));
    expect(second.statusCode).toBe(401);
    expect(second.json()).toMatchObject({
      success: false,
      error: 'token_already_used',
      error_description: expect.stringContaining('already used'),
      code: 'AUTHENTICATION_REQUIRED',
    });
  });

  it('answers the other refusals with the codes the satellite explains', async () => {
    const refusal = async (token: string | null) => {
      const res = await registerWith(token, registerBody(0));
      expect(res.statusCode).toBe(401);
      expect(res.json().error_description).toEqual(expect.any(String));
      return res.json().error;
    };
    expect(await refusal(null)).toBe('registration_token_required');
    expect(await refusal('deploystack_satellite_global_not-a-jwt')).toBe(
      'invalid_registration_token',
    );
    // Another prefix than the configured one (the default service_ with a scope) is not ours.
    const { token } = await createToken(t.app, root.headers, { scope: 'global' });
    expect(await refusal(`service_satellite_global_${jwtOf(token)}`)).toBe(
      'invalid_registration_token',
    );
    const expiring = await createToken(t.app, root.headers, {
      scope: 'global',
      expires_in_seconds: 60,
    });
    clock.advance(61);
    expect(await refusal(expiring.token)).toBe('token_expired');
  });

  it('accepts a satellite_url without a scheme and the older capabilities object; checks lengths', async () => {
    const pairWith = async (body: Record<string, unknown>) =>
      registerWith((await createToken(t.app, root.headers, { scope: 'global' })).token, body);
    const bare = await pairWith({ name: 'bare-url-01', satellite_url: 'satellite-eu:3001' });
    expect(bare.statusCode, bare.body).toBe(201);
    const [row] = await t.database.db.query<{ satellite_url: string }>(
      'SELECT satellite_url FROM satellites WHERE id = $1',
      [bare.json().satellite.id],
    );
    expect(row!.satellite_url).toBe('satellite-eu:3001');
    expect(
      (await pairWith({ name: 'object-caps', capabilities: { stdio: true } })).statusCode,
    ).toBe(201);
    const long = await pairWith({ name: 'long-url', satellite_url: `h${'x'.repeat(2048)}` });
    expect(long.statusCode).toBe(400);
    expect(long.json().error).toBe('body.satellite_url must NOT have more than 2048 characters');
    expect((await pairWith({ name: 'n'.repeat(101) })).statusCode).toBe(400);
    expect((await pairWith({ name: 'caps-wrong', capabilities: 'stdio' })).statusCode).toBe(400);
  });
});

/** A global satellite paired with the satellite's own registration body. */
async function pairSatellite(app: TestApp['app'], admin: Account, name: string) {
  const { token } = await createToken(app, admin.headers, { scope: 'global' });
  const res = await app.inject({
    method: 'POST',
    url: '/api/satellites/register',
    headers: { ...json, authorization: `Bearer ${token}` },
    payload: { ...registerBody(0), name },
  });
  expect(res.statusCode, res.body).toBe(201);
  const { id, api_key } = res.json().satellite;
  return { id: id as string, headers: { authorization: `Bearer ${api_key}` } };
}

type Sat = Awaited<ReturnType<typeof pairSatellite>>;

const heartbeat = (app: TestApp['app'], sat: Sat, body: unknown, url = '') =>
  app.inject({
    method: 'POST',
    url: `/api/satellites/${sat.id}/heartbeat${url}`,
    headers: { ...json, 'user-agent': USER_AGENT, ...sat.headers },
    payload: body as string,
  });

const heartbeatBodies = (sat: Sat) =>
  fixture('heartbeat').requests.map((r) => ({
    name: r.name,
    body: fillValue(r.body, {
      satellite_id: sat.id,
      team_id: teamId,
      installation_id: 'inst_1',
      server_key: 'filesystem-acme-usr_1-inst_1',
      instance_id: 'ins_1',
      user_id: 'usr_1',
    }) as Record<string, unknown>,
  }));

const newestMetric = async (sat: Sat) => {
  const res = await t.app.inject({
    url: `/api/satellites/${sat.id}/metrics?limit=1`,
    headers: root.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.metrics[0];
};

describe('heartbeat: the DeployStack satellite’s shape beside Groundstation’s', () => {
  let sat: Sat;
  beforeAll(async () => {
    sat = await pairSatellite(t.app, root, 'beating-satellite');
  });

  it.each(fixture('heartbeat').requests.map((r, i) => [r.name, i] as const))(
    'answers 2xx and stores a metrics row for the variant "%s"',
    async (_, i) => {
      clock.advance(30);
      const { body } = heartbeatBodies(sat)[i]!;
      const res = await heartbeat(t.app, sat, body);
      expect(res.statusCode, res.body).toBe(200);
      const metric = await newestMetric(sat);
      const sent = body.system_metrics as Record<string, number>;
      expect(metric).toMatchObject({
        status: 'healthy',
        cpu_percent: 0,
        memory_percent: null,
        uptime_seconds: sent.uptime_seconds,
        system: {
          cpu_percent: 0,
          memory_used_mb: sent.memory_usage_mb,
          disk_percent: 0,
        },
        created_at: clock().toISOString(),
      });
    },
  );

  it('counts running, stopped and failed processes from processes_by_team and the process list', async () => {
    const [, , oneStdio, httpProxy] = heartbeatBodies(sat);
    clock.advance(30);
    await heartbeat(t.app, sat, oneStdio!.body);
    expect(await newestMetric(sat)).toMatchObject({
      process_count: 1,
      processes: { running: 1, stopped: 0, failed: 0 },
    });
    clock.advance(30);
    await heartbeat(t.app, sat, httpProxy!.body);
    expect(await newestMetric(sat)).toMatchObject({
      process_count: 1,
      processes: { running: 1, stopped: 0, failed: 0 },
    });
    const entry = (status: string) => ({ installation_id: 'i', installation_name: 'k', status });
    clock.advance(30);
    await heartbeat(t.app, sat, {
      status: 'degraded',
      processes: [{ id: 'p', server_name: 'k', status: 'stopping', health_status: 'unknown' }],
      processes_by_team: {
        [teamId]: [entry('running'), entry('terminated'), entry('permanently_failed')],
        team_other: [entry('failed'), entry('starting')],
      },
      error_count: 2,
      version: '0.1.0',
    });
    expect(await newestMetric(sat)).toMatchObject({
      status: 'degraded',
      process_count: 6,
      processes: { running: 2, stopped: 2, failed: 2 },
    });
  });

  it('keeps the release from the User-Agent as the satellite’s version, and remembers a satellite_url', async () => {
    const [wire] = heartbeatBodies(sat);
    clock.advance(30);
    await heartbeat(t.app, sat, { ...wire!.body, satellite_url: 'satellite-eu:3001' });
    const got = await t.app.inject({ url: `/api/satellites/${sat.id}`, headers: root.headers });
    expect(got.json().data.satellite).toMatchObject({ status: 'online', version: '0.22.0' });
    const [row] = await t.database.db.query<{ satellite_url: string; last_state: any }>(
      'SELECT satellite_url, last_state FROM satellites WHERE id = $1',
      [sat.id],
    );
    expect(row!.satellite_url).toBe('satellite-eu:3001');
    expect(row!.last_state).toMatchObject({
      reported_status: 'active',
      error_count: 0,
      reported_version: '0.1.0',
    });
  });

  it('answers 2xx to the start-up check and the first heartbeat sent at the same moment', async () => {
    clock.advance(30);
    const variants = heartbeatBodies(sat);
    const startUp = variants.find((v) => v.name.startsWith('start-up'))!.body;
    const answers = await Promise.all(
      [startUp, variants[1]!.body, startUp, variants[2]!.body].map((body) =>
        heartbeat(t.app, sat, body),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
  });

  it('maps status error to unhealthy', async () => {
    clock.advance(30);
    expect((await heartbeat(t.app, sat, { status: 'error' })).statusCode).toBe(200);
    expect((await newestMetric(sat)).status).toBe('unhealthy');
  });

  it('answers 2xx to odd optional fields, leaving them out of the metrics', async () => {
    clock.advance(30);
    const odd = await heartbeat(t.app, sat, {
      status: 'active',
      system_metrics: {
        cpu_usage_percent: 'lots',
        memory_usage_mb: -5,
        uptime_seconds: Number.MAX_VALUE,
      },
      system: 'fast',
      processes: 7,
      processes_by_team: { a: 'none', b: [null, 3, { status: 42 }] },
      normalized_data: [],
      mcp_status: { summary: { total_instances: 'x', 'bad\u0000key': 1, online: 2 } },
      error_count: -1,
      version: { major: 1 },
      satellite_url: 'x\u0000y',
      uptime_seconds: 'long',
    });
    expect(odd.statusCode, odd.body).toBe(200);
    expect(await newestMetric(sat)).toMatchObject({
      status: 'healthy',
      cpu_percent: null,
      uptime_seconds: null,
      system: {},
      processes: { running: 0, stopped: 0, failed: 0, other: 3 },
    });
  });

  it('still refuses a heartbeat without a known status (the one required field)', async () => {
    const missing = await heartbeat(t.app, sat, { system_metrics: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe('body.status is required');
    const unknown = await heartbeat(t.app, sat, { status: 'sleepy' });
    expect(unknown.statusCode).toBe(400);
  });
});

describe('rate limits: a valid key’s heartbeat is never refused for other traffic', () => {
  let strict: TestApp;
  let admin: Account;
  let sat: Sat;
  const strictClock = manualClock(new Date());

  beforeAll(async () => {
    strict = await createTestApp({
      clock: strictClock,
      env: {
        SATELLITE_TOKEN_PREFIX: 'deploystack_',
        SATELLITE_LIMIT_PER_SATELLITE: '1',
        SATELLITE_LIMIT_PER_ADDRESS: '2',
        SATELLITE_REGISTER_LIMIT_PER_ADDRESS: '3',
      },
    });
    admin = await register(strict.app, 'root');
    sat = await pairSatellite(strict.app, admin, 'limited-satellite');
  });
  afterAll(async () => strict?.close());

  it('answers the start-up heartbeat 2xx after the satellite’s and its address’s limits are spent', async () => {
    const poll = () =>
      strict.app.inject({
        url: `/api/satellites/${sat.id}/commands?limit=10`,
        headers: sat.headers,
      });
    let refused;
    for (let i = 0; i < 10 && !refused; i++) {
      const res = await poll();
      if (res.statusCode === 429) refused = res;
    }
    expect(refused?.statusCode).toBe(429);
    expect(refused!.json().error).toContain('rate limit');
    // Then the address: a forged key is refused before it is looked at.
    const forged = () =>
      strict.app.inject({
        url: `/api/satellites/${sat.id}/commands`,
        headers: { authorization: 'Bearer ssk_forged' },
      });
    let spent;
    for (let i = 0; i < 10 && !spent; i++) {
      const res = await forged();
      if (res.statusCode === 429) spent = res;
    }
    expect(spent?.json().error).toContain('rate limit');

    // With saved credentials the satellite sends the start-up check and, at once, its first beat.
    const startUp = heartbeatBodies(sat).find((v) => v.name.startsWith('start-up'))!.body;
    expect((await heartbeat(strict.app, sat, startUp)).statusCode).toBe(200);
    expect((await heartbeat(strict.app, sat, heartbeatBodies(sat)[0]!.body)).statusCode).toBe(200);
    expect((await poll()).statusCode).toBe(429);
  });

  it('gives heartbeats a bucket of their own, which only a satellite beating in a loop empties', async () => {
    strictClock.advance(60);
    const codes: number[] = [];
    for (let i = 0; i < 11; i++)
      codes.push((await heartbeat(strict.app, sat, { status: 'active' })).statusCode);
    expect(codes.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(codes[10]).toBe(429);
    const limited = await heartbeat(strict.app, sat, { status: 'active' });
    expect(limited.json().error).toContain('rate limit');
    strictClock.advance(1);
    expect((await heartbeat(strict.app, sat, { status: 'active' })).statusCode).toBe(200);
  });

  it('says rate limit in the 429 of the registration route too', async () => {
    let last;
    for (let i = 0; i < 5; i++)
      last = await registerWith('deploystack_satellite_global_x', {}, () => strict.app);
    expect(last!.statusCode).toBe(429);
    expect(last!.json().error).toContain('rate limit');
  });
});

describe('forward compatibility: satellite routes ignore fields and query parameters they do not know', () => {
  const routes: RouteOptions[] = [];
  let probe: TestApp;
  let admin: Account;
  let sat: Sat;

  beforeAll(async () => {
    probe = await createTestApp({
      env: { SATELLITE_LIMIT_PER_SATELLITE: '0', SATELLITE_LIMIT_PER_ADDRESS: '0' },
      extend: (app) => app.addHook('onRoute', (route) => void routes.push(route)),
    });
    admin = await register(probe.app, 'root');
    sat = await pairSatellite(probe.app, admin, 'future-satellite');
  });
  afterAll(async () => probe?.close());

  it('declares every satellite route’s query and body open to unknown properties', () => {
    const satelliteRoutes = routes.filter(
      (r) =>
        r.method !== 'HEAD' &&
        ['satellite', 'registration-token'].includes((r.config?.auth as { mode: string })?.mode),
    );
    expect(satelliteRoutes.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining([
        'POST /api/satellites/register',
        'POST /api/satellites/:satelliteId/heartbeat',
        'GET /api/satellites/:satelliteId/commands',
        'POST /api/satellites/:satelliteId/command-result',
        'GET /api/satellites/:satelliteId/config',
        'POST /api/satellites/:satelliteId/events',
        'POST /api/satellites/:satelliteId/tokens/status',
        'POST /api/satellites/:satelliteId/tokens/retrieve',
        'GET /api/satellites/:satelliteId/github-token/:installationId',
      ]),
    );
    for (const route of satelliteRoutes) {
      const schema = route.schema as Record<string, { additionalProperties?: unknown }>;
      const where = `${route.method} ${route.url}`;
      expect(schema.querystring?.additionalProperties, where).toBe(true);
      if (schema.body) expect(schema.body.additionalProperties, where).not.toBe(false);
    }
  });

  const extra = { from_a_newer_satellite: { nested: [1, 2] } };
  const send = (method: 'GET' | 'POST', url: string, body?: Record<string, unknown>) =>
    probe.app.inject({
      method,
      url,
      // The satellite sends Content-Type: application/json on every request, GETs included.
      headers: { ...json, ...sat.headers },
      payload: body as unknown as string,
    });

  it.each([
    ['POST', 'heartbeat', { status: 'active' }],
    ['POST', 'command-result', { command_id: 'cmd_missing', status: 'completed' }],
    [
      'POST',
      'events',
      {
        events: [
          { type: 'mcp.server.status_changed', timestamp: new Date().toISOString(), data: {} },
        ],
      },
    ],
    ['POST', 'tokens/status', { installation_id: 'inst_x', user_id: 'usr_x', team_id: 'team_x' }],
    ['POST', 'tokens/retrieve', { installation_id: 'inst_x', user_id: 'usr_x', team_id: 'team_x' }],
    ['GET', 'commands?limit=10', undefined],
    ['GET', 'config', undefined],
    ['GET', 'github-token/inst_x', undefined],
  ] as const)(
    '%s …/%s answers the same with unknown fields and parameters as without',
    async (method, path, body) => {
      const url = `/api/satellites/${sat.id}/${path}`;
      const plain = await send(method, url, body);
      const joiner = url.includes('?') ? '&' : '?';
      const extended = await send(
        method,
        `${url}${joiner}future_param=1`,
        body && { ...body, ...extra },
      );
      expect(plain.statusCode, plain.body).toBeLessThan(500);
      expect(plain.statusCode, plain.body).not.toBe(400);
      expect(extended.statusCode, extended.body).toBe(plain.statusCode);
    },
  );

  it('registers with unknown fields and query parameters', async () => {
    const { token } = await createToken(probe.app, admin.headers, { scope: 'global' });
    const res = await probe.app.inject({
      method: 'POST',
      url: '/api/satellites/register?future_param=1',
      headers: { ...json, authorization: `Bearer ${token}` },
      payload: { ...registerBody(0), name: 'newer-satellite', ...extra },
    });
    expect(res.statusCode, res.body).toBe(201);
  });

  it('accepts GETs that carry Content-Type: application/json and no body', async () => {
    for (const url of [
      '/api/health',
      `/api/satellites/${sat.id}/commands?limit=10&last_poll=${encodeURIComponent(new Date().toISOString())}`,
      `/api/satellites/${sat.id}/config`,
    ]) {
      const res = await probe.app.inject({
        method: 'GET',
        url,
        headers: { ...json, ...sat.headers },
      });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    }
  });
});
