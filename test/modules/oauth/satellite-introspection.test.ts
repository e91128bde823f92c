import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { json, register, type Account } from '../../helpers/accounts.js';
import { createServer, installServer } from '../../helpers/catalogue.js';
import { manualClock } from '../../helpers/clock.js';
import {
  approveThroughConsent,
  authorizeQuery,
  CLIENT_ID,
  pkce,
  REDIRECT_URI,
  tokenRequest,
} from '../../helpers/oauth.js';
import { pair } from '../../helpers/satellites.js';
import { UNLIMITED_ENV } from '../../helpers/world.js';

type Satellite = Awaited<ReturnType<typeof pair>>;

const clock = manualClock(new Date());
let t: TestApp;
let root: Account;
let alice: Account;
let bob: Account;
let carol: Account;
let dave: Account;
let teamT: string;
let teamV: string;
let serverId: string;
let satG: Satellite;
let satT: Satellite;
let satOther: Satellite;

async function call(method: string, url: string, headers: Record<string, string>, body?: unknown) {
  const res = await t.app.inject({
    method: method as 'POST',
    url,
    headers: body === undefined ? headers : { ...json, ...headers },
    payload: body as string,
  });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return res.json();
}

/**
 * An access token of `account` from the real flow: consent (for `team`, by default the user's
 * own default team), then the code exchange.
 */
async function tokensFor(account: Account, team?: string, scope = 'mcp:read offline_access') {
  const { verifier, challenge } = pkce();
  const callback = await approveThroughConsent(
    t.app,
    account.cookie,
    authorizeQuery({ scope }, challenge),
    'approve',
    team ? { team_id: team } : {},
  );
  const res = await tokenRequest(t.app, {
    grant_type: 'authorization_code',
    code: callback.searchParams.get('code')!,
    redirect_uri: REDIRECT_URI,
    client_id: CLIENT_ID,
    code_verifier: verifier,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { access_token: string; refresh_token: string; scope: string };
}

/** The satellite's own request: its key as bearer, a JSON body, no token_type_hint. */
const introspect = (satellite: { headers: Record<string, string> }, token: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/oauth2/introspect',
    headers: { ...json, ...satellite.headers },
    payload: { token } as unknown as string,
  });

async function teamOf(owner: Account, name: string, members: Account[] = []) {
  const body = await call('POST', '/api/teams', owner.headers, { name });
  const id = body.data.team.id as string;
  for (const m of members)
    await call('POST', `/api/teams/${id}/members`, owner.headers, {
      login: m.username,
      role: 'team_user',
    });
  return id;
}

async function defaultTeamOf(account: Account) {
  return (await call('GET', '/api/teams/me/default', account.headers)).data.team as {
    id: string;
    name: string;
  };
}

beforeAll(async () => {
  t = await createTestApp({ clock, env: UNLIMITED_ENV });
  root = await register(t.app, 'root');
  alice = await register(t.app, 'alice');
  bob = await register(t.app, 'bob');
  carol = await register(t.app, 'carol');
  dave = await register(t.app, 'dave');
  serverId = (await createServer(t.app, root.headers, { name: 'Clock', slug: 'clock' })).id;
  // T: alice (team_admin) and bob (team_user), one installation any satellite may run.
  teamT = await teamOf(alice, 'Team T', [bob]);
  await installServer(t.app, teamT, alice.headers, { server_id: serverId, name: 'Clock T' });
  satG = await pair(t.app, root.headers, { scope: 'global' }, 'sat-global-1');
  satT = await pair(t.app, alice.headers, { scope: 'team', team_id: teamT }, 'sat-team-t');
  satOther = await pair(t.app, root.headers, { scope: 'global' }, 'sat-global-2');
  // V: root and dave, whose only installation is assigned to satOther.
  teamV = await teamOf(root, 'Team V', [dave]);
  await installServer(t.app, teamV, root.headers, {
    server_id: serverId,
    name: 'Clock V',
    satellite_id: satOther.id,
  });
});
afterAll(async () => t?.close());

describe('satellite introspection: active tokens', () => {
  it('reports a member’s access token with the team it was granted for', async () => {
    const tokens = await tokensFor(bob, teamT);
    const res = await introspect(satG, tokens.access_token);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      success: true,
      active: true,
      sub: bob.id,
      username: 'bob',
      scope: 'mcp:read offline_access',
      client_id: CLIENT_ID,
      token_type: 'Bearer',
      team_id: teamT,
      team_name: 'Team T',
      team_role: 'team_user',
      team_permissions: ['team.members.view', 'mcp.installations.view'],
    });
    expect(body.exp - body.iat).toBe(3600);
    expect(body.iat).toBe(Math.floor(clock().getTime() / 1000));
  });

  it('binds a token to the user’s default team when the form names none', async () => {
    const own = await defaultTeamOf(alice);
    await installServer(t.app, own.id, alice.headers, { server_id: serverId, name: 'Own clock' });
    const { access_token } = await tokensFor(alice);
    expect((await introspect(satG, access_token)).json()).toMatchObject({
      active: true,
      team_id: own.id,
      team_name: own.name,
      team_role: 'team_admin',
    });
    // Another team's satellite does not see it, although alice administers team T too.
    expect((await introspect(satT, access_token)).json()).toEqual({
      success: true,
      active: false,
    });
    // An approval is remembered with its team: choosing another means revoking the client first.
    await call('DELETE', `/api/oauth2/authorized-clients/${CLIENT_ID}`, alice.headers);
    expect((await introspect(satG, access_token)).json().active).toBe(false);
    const forT = await tokensFor(alice, teamT);
    expect((await introspect(satT, forT.access_token)).json()).toMatchObject({
      active: true,
      sub: alice.id,
      team_id: teamT,
      team_role: 'team_admin',
      team_permissions: expect.arrayContaining(['mcp.installations.create', 'team.edit']),
    });
  });

  it('answers {active:false} for a token of another team, even to a satellite serving the user', async () => {
    // gina's token is bound to her default team; satT serves only team T, of which she is a
    // member too. The token is reported for its own team or not at all.
    const gina = await register(t.app, 'gina');
    await call('POST', `/api/teams/${teamT}/members`, alice.headers, {
      login: 'gina',
      role: 'team_user',
    });
    const { access_token } = await tokensFor(gina);
    expect((await introspect(satT, access_token)).json()).toEqual({
      success: true,
      active: false,
    });
  });

  it('accepts the RFC 7662 form body from a satellite too', async () => {
    const { access_token } = await tokensFor(bob, teamT);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/oauth2/introspect',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...satT.headers },
      payload: new URLSearchParams({
        token: access_token,
        token_type_hint: 'access_token',
      }).toString(),
    });
    expect(res.json()).toMatchObject({ active: true, sub: bob.id, team_id: teamT });
  });
});

describe('satellite introspection: only for teams the satellite serves', () => {
  it('answers {active:false} for a user of no served team, without their details', async () => {
    // carol is a member of her default team only: a team satellite serves its own team alone.
    // (A global satellite serves every team, carol's included.)
    const { access_token } = await tokensFor(carol);
    const res = await introspect(satT, access_token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, active: false });
  });

  it('serves at a global satellite teams whose installations are all assigned to another one', async () => {
    // A global satellite serves every team, whatever satellites its installations are assigned
    // to: which servers a client sees is the configuration's business, not introspection's.
    const { access_token } = await tokensFor(dave, teamV);
    for (const satellite of [satG, satOther])
      expect((await introspect(satellite, access_token)).json()).toMatchObject({
        active: true,
        sub: dave.id,
        team_id: teamV,
        team_role: 'team_user',
      });
  });

  it('stops serving a member who leaves the team', async () => {
    const erin = await register(t.app, 'erin');
    const team = await teamOf(alice, 'Team E', [erin]);
    await installServer(t.app, team, alice.headers, { server_id: serverId, name: 'Clock E' });
    const { access_token } = await tokensFor(erin, team);
    expect((await introspect(satG, access_token)).json().active).toBe(true);
    await call('DELETE', `/api/teams/${team}/members/${erin.id}`, alice.headers);
    expect((await introspect(satG, access_token)).json()).toEqual({
      success: true,
      active: false,
    });
  });
});

describe('satellite introspection: tokens that are not active', () => {
  it('reports revoked, expired and refresh tokens as inactive', async () => {
    const revoked = await tokensFor(bob, teamT);
    await t.app.inject({
      method: 'POST',
      url: '/api/oauth2/revoke',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        token: revoked.access_token,
        client_id: CLIENT_ID,
      }).toString(),
    });
    const inactive = { success: true, active: false };
    expect((await introspect(satG, revoked.access_token)).json()).toEqual(inactive);
    // A refresh token is not a credential an MCP client presents.
    const fresh = await tokensFor(bob, teamT);
    expect((await introspect(satG, fresh.refresh_token)).json()).toEqual(inactive);
    expect((await introspect(satG, fresh.access_token)).json().active).toBe(true);
    clock.advance(3601);
    expect((await introspect(satG, fresh.access_token)).json()).toEqual(inactive);
  });

  it('reports the token of a disabled account as inactive', async () => {
    const frank = await register(t.app, 'frank');
    await call('POST', `/api/teams/${teamT}/members`, alice.headers, {
      login: 'frank',
      role: 'team_user',
    });
    const { access_token } = await tokensFor(frank, teamT);
    expect((await introspect(satG, access_token)).json().active).toBe(true);
    await call('PATCH', `/api/users/${frank.id}`, root.headers, { disabled: true });
    expect((await introspect(satG, access_token)).json()).toEqual({
      success: true,
      active: false,
    });
  });

  it.each([
    ['an unknown token', 'oat_AAAAAAAAAAAAAAAAAAAAAAAA.' + 'A'.repeat(43)],
    ['text that is no token', 'not a token'],
    ['a satellite key', 'ssk_x'],
  ])('answers 200 {active:false} for %s', async (_, token) => {
    const res = await introspect(satG, token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, active: false });
  });
});

describe('satellite introspection: callers and bad input', () => {
  it('refuses an invalid satellite key with 401 and a disabled satellite with 403', async () => {
    const forged = await introspect(
      { headers: { authorization: `Bearer ssk_${'a'.repeat(16)}_x` } },
      'x',
    );
    expect(forged.statusCode).toBe(401);
    const sat = await pair(t.app, root.headers, { scope: 'global' }, 'sat-disabled');
    await call('PATCH', `/api/satellites/${sat.id}`, root.headers, { disabled: true });
    const disabled = await introspect(sat, 'x');
    expect(disabled.statusCode).toBe(403);
    expect(disabled.json().success).toBe(false);
  });

  it.each([
    ['no token', {}],
    ['an empty token', { token: '' }],
    ['a number', { token: 42 }],
    ['an over-long token', { token: 'x'.repeat(5000) }],
  ])('answers 400, never 5xx, for %s', async (_, body) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/oauth2/introspect',
      headers: { ...json, ...satG.headers },
      payload: body,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false });
  });

  it('still reports only the caller’s own tokens to signed-in users', async () => {
    const { access_token } = await tokensFor(bob);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/oauth2/introspect',
      headers: { ...json, ...carol.headers },
      payload: { token: access_token },
    });
    expect(res.json()).toEqual({ success: true, active: false });
  });
});

describe('satellite introspection: rate limits', () => {
  let limited: TestApp;
  afterAll(async () => limited?.close());

  it('counts a satellite’s introspections against its own limit, not the OAuth address limit', async () => {
    limited = await createTestApp({
      env: {
        ...UNLIMITED_ENV,
        OAUTH_LIMIT_PER_ADDRESS: '1',
        SATELLITE_LIMIT_PER_SATELLITE: '2',
      },
    });
    const admin = await register(limited.app, 'admin');
    const sat = await pair(limited.app, admin.headers, { scope: 'global' }, 'sat-limited');
    const ask = () =>
      limited.app.inject({
        method: 'POST',
        url: '/api/oauth2/introspect',
        headers: { ...json, ...sat.headers },
        payload: { token: 'x' },
      });
    // A burst of twice the per-second rate passes; the OAuth address limit (1) does not apply.
    for (let i = 0; i < 4; i++) expect((await ask()).statusCode).toBe(200);
    const refused = await ask();
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});
