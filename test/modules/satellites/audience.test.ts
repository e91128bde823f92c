import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { json, register, type Account } from '../../helpers/accounts.js';
import { auditEntries, lastOf } from '../../helpers/audit.js';
import { manualClock } from '../../helpers/clock.js';
import {
  approveThroughConsent,
  authorizeQuery,
  CLIENT_ID,
  pkce,
  REDIRECT_URI,
  tokenRequest,
} from '../../helpers/oauth.js';
import { introspectAs, registerClient, satelliteAt } from '../../helpers/oauth-mcp.js';
import { UNLIMITED_ENV } from '../../helpers/world.js';

// A satellite's URL is the audience its MCP clients' tokens must name (RFC 8707). It is given at
// pairing or set by an administrator (audited); a heartbeat that reports another URL is answered
// as usual and moves nothing. And a token without any `mcp:` scope is no credential at a
// satellite at all.

type Sat = Awaited<ReturnType<typeof satelliteAt>>;

const clock = manualClock(new Date());
const CLIENT_REDIRECT = 'http://127.0.0.1:7777/callback';
const SAT_A = 'https://sat-a.example.com';
const SAT_B = 'https://sat-b.example.com';
const SAT_C = 'https://sat-c.example.com';

let t: TestApp;
let root: Account;
let alice: Account;
let bob: Account;
let teamT: string;
let clientId: string;

const inactive = { success: true, active: false };

async function call(method: string, url: string, headers: Record<string, string>, body?: unknown) {
  return t.app.inject({
    method: method as 'POST',
    url,
    headers: body === undefined ? headers : { ...json, ...headers },
    payload: body as string,
  });
}

/** bob's access token for team T from the whole browser flow, bound to `resource` if given. */
async function tokenFor(options: { resource?: string; scope?: string; client?: string }) {
  const client = options.client ?? clientId;
  const redirectUri = client === CLIENT_ID ? REDIRECT_URI : CLIENT_REDIRECT;
  const { verifier, challenge } = pkce();
  const callback = await approveThroughConsent(
    t.app,
    bob.cookie,
    authorizeQuery(
      {
        client_id: client,
        redirect_uri: redirectUri,
        scope: options.scope ?? 'mcp:tools:execute offline_access',
        resource: options.resource,
      },
      challenge,
    ),
    'approve',
    { team_id: teamT },
  );
  const res = await tokenRequest(t.app, {
    grant_type: 'authorization_code',
    code: callback.searchParams.get('code')!,
    redirect_uri: redirectUri,
    client_id: client,
    code_verifier: verifier,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().access_token as string;
}

const activeAt = async (satellite: Sat, token: string) =>
  (await introspectAs(t.app, satellite, token)).json().active as boolean;

async function heartbeat(satellite: Sat, body: Record<string, unknown>) {
  clock.advance(30);
  const res = await call(
    'POST',
    `/api/satellites/${satellite.id}/heartbeat`,
    satellite.headers,
    body,
  );
  expect(res.statusCode, res.body).toBe(200);
}

async function stored(satellite: Sat) {
  const [row] = await t.database.db.query<{
    satellite_url: string | null;
    last_state: Record<string, unknown>;
  }>('SELECT satellite_url, last_state FROM satellites WHERE id = $1', [satellite.id]);
  return row!;
}

beforeAll(async () => {
  t = await createTestApp({ clock, env: UNLIMITED_ENV });
  root = await register(t.app, 'root');
  alice = await register(t.app, 'alice');
  bob = await register(t.app, 'bob');
  const team = await call('POST', '/api/teams', alice.headers, { name: 'Team T' });
  teamT = team.json().data.team.id;
  await call('POST', `/api/teams/${teamT}/members`, alice.headers, {
    login: 'bob',
    role: 'team_user',
  });
  clientId = (await registerClient(t.app)).client_id;
});
afterAll(async () => t?.close());

describe('a heartbeat does not move the audience', () => {
  it('keeps the URL given at pairing when a heartbeat reports another one', async () => {
    const satA = await satelliteAt(t.app, alice.headers, teamT, 'sat-a', SAT_A);
    const forA = await tokenFor({ resource: `${SAT_A}/mcp` });
    const forB = await tokenFor({ resource: `${SAT_B}/mcp` });
    expect(await activeAt(satA, forA)).toBe(true);
    expect(await activeAt(satA, forB)).toBe(false);

    // Accepted as a heartbeat, but satA does not become satellite B's audience.
    await heartbeat(satA, { status: 'healthy', satellite_url: SAT_B });
    expect(await activeAt(satA, forB)).toBe(false);
    expect(await activeAt(satA, forA)).toBe(true);
    expect(await stored(satA)).toMatchObject({
      satellite_url: SAT_A,
      last_state: { reported_satellite_url: SAT_B },
    });
    const view = await call('GET', `/api/satellites/${satA.id}`, alice.headers);
    expect(view.json().data.satellite).toMatchObject({ satellite_url: SAT_A, status: 'online' });

    // Reporting its own URL again (or none) leaves nothing reported beside it.
    await heartbeat(satA, { status: 'healthy', satellite_url: SAT_A });
    expect((await stored(satA)).last_state.reported_satellite_url).toBeUndefined();
  });

  it('lets a satellite paired without a URL take its first heartbeat’s, once, audited', async () => {
    const satNo = await satelliteAt(t.app, alice.headers, teamT, 'sat-no-url', null);
    const forC = await tokenFor({ resource: `${SAT_C}/mcp` });
    expect(await activeAt(satNo, forC)).toBe(false);

    await heartbeat(satNo, { status: 'healthy', satellite_url: SAT_C });
    expect(await activeAt(satNo, forC)).toBe(true);
    expect(await lastOf(t.app, root.headers, 'satellite.url_changed')).toMatchObject({
      actor_type: 'satellite',
      actor_id: satNo.id,
      team_id: teamT,
      target_id: satNo.id,
      details: { satellite_url: SAT_C, previous_satellite_url: null, by: 'first_heartbeat' },
    });

    // The second claim moves nothing.
    await heartbeat(satNo, { status: 'healthy', satellite_url: SAT_A });
    expect(await activeAt(satNo, forC)).toBe(true);
    expect(await activeAt(satNo, await tokenFor({ resource: `${SAT_A}/mcp` }))).toBe(false);
    expect((await stored(satNo)).satellite_url).toBe(SAT_C);
  });

  it('lets exactly one of two racing first heartbeats set it', async () => {
    const sat = await satelliteAt(t.app, alice.headers, teamT, 'sat-racing', null);
    clock.advance(30);
    const answers = await Promise.all(
      [SAT_A, SAT_B].map((url) =>
        call('POST', `/api/satellites/${sat.id}/heartbeat`, sat.headers, {
          status: 'healthy',
          satellite_url: url,
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    const entries = await auditEntries(
      t.app,
      root.headers,
      `&action=satellite.url_changed&target_id=${sat.id}`,
    );
    expect(entries).toHaveLength(1);
    expect((await stored(sat)).satellite_url).toBe(entries[0]!.details.satellite_url);
  });
});

describe('an administrator sets the URL', () => {
  it('moves the audience with PATCH and audits who moved it from where to where', async () => {
    const sat = await satelliteAt(t.app, alice.headers, teamT, 'sat-moving', SAT_A);
    const forA = await tokenFor({ resource: `${SAT_A}/mcp` });
    const forB = await tokenFor({ resource: `${SAT_B}/mcp` });

    const res = await call('PATCH', `/api/satellites/${sat.id}`, alice.headers, {
      satellite_url: SAT_B,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.satellite).toMatchObject({ id: sat.id, satellite_url: SAT_B });
    expect(await lastOf(t.app, root.headers, 'satellite.url_changed')).toMatchObject({
      actor_type: 'user',
      actor_id: alice.id,
      team_id: teamT,
      target_id: sat.id,
      details: { satellite_url: SAT_B, previous_satellite_url: SAT_A },
    });
    expect(await activeAt(sat, forB)).toBe(true);
    expect(await activeAt(sat, forA)).toBe(false);
  });

  it('refuses URLs no token can name, and callers who do not manage the satellite', async () => {
    const sat = await satelliteAt(t.app, alice.headers, teamT, 'sat-guarded', SAT_A);
    for (const url of ['satellite-eu:3001', 'https://user:secret@sat.example.com', 'ftp://x']) {
      const res = await call('PATCH', `/api/satellites/${sat.id}`, alice.headers, {
        satellite_url: url,
      });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
    }
    // bob is a member of the satellite's team, not its administrator.
    const denied = await call('PATCH', `/api/satellites/${sat.id}`, bob.headers, {
      satellite_url: SAT_B,
    });
    expect(denied.statusCode).toBe(404);
    expect((await stored(sat)).satellite_url).toBe(SAT_A);
  });
});

describe('only tokens granted for MCP are active at a satellite', () => {
  it('answers {active:false} for a token without any mcp: scope', async () => {
    const sat = await satelliteAt(t.app, alice.headers, teamT, 'sat-scopes', null);
    const teamsOnly = await tokenFor({ client: CLIENT_ID, scope: 'teams:read offline_access' });
    expect((await introspectAs(t.app, sat, teamsOnly)).json()).toEqual(inactive);
    // Its owner still sees it active: the rule is about satellites only.
    const own = await call('POST', '/api/oauth2/introspect', bob.headers, { token: teamsOnly });
    expect(own.json()).toMatchObject({ active: true, scope: 'teams:read offline_access' });

    for (const scope of ['mcp:read', 'mcp:read teams:read offline_access', 'mcp:tools:execute']) {
      const token = await tokenFor({ client: CLIENT_ID, scope });
      expect((await introspectAs(t.app, sat, token)).json(), scope).toMatchObject({
        active: true,
        sub: bob.id,
        scope,
        team_id: teamT,
      });
    }
  });
});
