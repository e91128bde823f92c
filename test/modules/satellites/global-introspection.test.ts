import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { json, register, type Account } from '../../helpers/accounts.js';
import { createServer, installServer } from '../../helpers/catalogue.js';
import {
  approveThroughConsent,
  authorizeQuery,
  CLIENT_ID,
  pkce,
  REDIRECT_URI,
  tokenRequest,
} from '../../helpers/oauth.js';
import { introspectAs } from '../../helpers/oauth-mcp.js';
import { pair } from '../../helpers/satellites.js';
import { UNLIMITED_ENV } from '../../helpers/world.js';

// A global satellite serves every team: an MCP client of a team that has installed nothing on it
// (yet) signs in and sees an empty tool list, instead of failing authentication in a loop. Team
// satellites still serve their own team only.

type Satellite = Awaited<ReturnType<typeof pair>>;

let t: TestApp;
let root: Account;
let gina: Account;
let dave: Account;
let ginaTeam: string;
let teamV: string;
let satG: Satellite;
let satOther: Satellite;
let satV: Satellite;

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

/** An access token of `account` bound to `team` from the real consent flow. */
async function tokenFor(account: Account, team: string) {
  const { verifier, challenge } = pkce();
  const callback = await approveThroughConsent(
    t.app,
    account.cookie,
    authorizeQuery({ scope: 'mcp:read offline_access' }, challenge),
    'approve',
    { team_id: team },
  );
  const res = await tokenRequest(t.app, {
    grant_type: 'authorization_code',
    code: callback.searchParams.get('code')!,
    redirect_uri: REDIRECT_URI,
    client_id: CLIENT_ID,
    code_verifier: verifier,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().access_token as string;
}

const introspect = async (satellite: Satellite, token: string) =>
  (await introspectAs(t.app, satellite, token)).json();

beforeAll(async () => {
  t = await createTestApp({ env: UNLIMITED_ENV });
  root = await register(t.app, 'root');
  gina = await register(t.app, 'gina');
  dave = await register(t.app, 'dave');
  ginaTeam = (await call('GET', '/api/teams/me/default', gina.headers)).data.team.id;
  satG = await pair(t.app, root.headers, { scope: 'global' }, 'sat-global-1');
  satOther = await pair(t.app, root.headers, { scope: 'global' }, 'sat-global-2');
  // Team V: root and dave; its only installation is assigned to satOther.
  teamV = (await call('POST', '/api/teams', root.headers, { name: 'Team V' })).data.team.id;
  await call('POST', `/api/teams/${teamV}/members`, root.headers, {
    login: 'dave',
    role: 'team_user',
  });
  const server = await createServer(t.app, root.headers, { name: 'Clock', slug: 'clock' });
  await installServer(t.app, teamV, root.headers, {
    server_id: server.id,
    name: 'Clock V',
    satellite_id: satOther.id,
  });
  satV = await pair(t.app, root.headers, { scope: 'team', team_id: teamV }, 'sat-team-v');
});
afterAll(async () => t?.close());

describe('a global satellite serves every team', () => {
  it('reports the token of a team that has installed nothing, which then sees no servers', async () => {
    const token = await tokenFor(gina, ginaTeam);
    expect(await introspect(satG, token)).toMatchObject({
      success: true,
      active: true,
      sub: gina.id,
      team_id: ginaTeam,
      team_role: 'team_admin',
    });
    // Its configuration has nothing of gina's: her client's tool list is empty.
    const config = await call('GET', `/api/satellites/${satG.id}/config`, satG.headers);
    const entries = Object.values(config.mcp_servers as Record<string, { user_id: string }>);
    expect(entries.filter((e) => e.user_id === gina.id)).toEqual([]);
  });

  it('reports the token of a team whose installations are all assigned elsewhere', async () => {
    const token = await tokenFor(dave, teamV);
    for (const satellite of [satG, satOther])
      expect(await introspect(satellite, token)).toMatchObject({
        active: true,
        sub: dave.id,
        team_id: teamV,
        team_role: 'team_user',
      });
  });

  it('still ends with the membership: a token bound to a team the user left is inactive', async () => {
    const erin = await register(t.app, 'erin');
    await call('POST', `/api/teams/${teamV}/members`, root.headers, {
      login: 'erin',
      role: 'team_user',
    });
    const token = await tokenFor(erin, teamV);
    expect((await introspect(satG, token)).active).toBe(true);
    await call('DELETE', `/api/teams/${teamV}/members/${erin.id}`, root.headers);
    expect(await introspect(satG, token)).toEqual({ success: true, active: false });
  });
});

describe('a team satellite still serves its own team only', () => {
  it('answers {active:false} for another team’s token and reports its own team’s', async () => {
    expect(await introspect(satV, await tokenFor(gina, ginaTeam))).toEqual({
      success: true,
      active: false,
    });
    expect(await introspect(satV, await tokenFor(dave, teamV))).toMatchObject({
      active: true,
      team_id: teamV,
    });
  });
});
