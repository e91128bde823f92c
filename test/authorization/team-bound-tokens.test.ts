import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account } from '../helpers/accounts.js';
import { activityWorld, recordCalls, type Place } from '../helpers/activity.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import {
  approveThroughConsent,
  authorizeQuery,
  CLIENT_ID,
  pkce,
  REDIRECT_URI,
  tokenRequest,
} from '../helpers/oauth.js';
import { event, postEvents } from '../helpers/satellites.js';
import { UNLIMITED_ENV } from '../helpers/world.js';

/**
 * An OAuth access token is bound to the team the user chose on the consent page. On /api it
 * reaches that team's resources and the user's own account routes, and no other team's: those
 * answer exactly as they answer a non-member, even for a user who belongs to both teams (alice:
 * her default team A and her side project C) or a global administrator.
 */

let t: TestApp;
let world: Awaited<ReturnType<typeof activityWorld>>;

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The browser flow of the command-line client for `account`, binding `teamId`. */
async function tokenFor(account: Account, teamId: string, scope = 'mcp:read teams:read') {
  const { verifier, challenge } = pkce();
  const callback = await approveThroughConsent(
    t.app,
    account.cookie,
    authorizeQuery({ scope }, challenge),
    'approve',
    { team_id: teamId },
  );
  const res = await tokenRequest(t.app, {
    grant_type: 'authorization_code',
    code: callback.searchParams.get('code')!,
    redirect_uri: REDIRECT_URI,
    client_id: CLIENT_ID,
    code_verifier: verifier,
  });
  expect(res.statusCode, res.body).toBe(200);
  return bearer(res.json().access_token as string);
}

/** Forgets the remembered approval, so that the next flow shows the page and binds its team. */
async function forgetApproval(account: Account) {
  const res = await t.app.inject({
    method: 'DELETE',
    url: `/api/oauth2/authorized-clients/${CLIENT_ID}`,
    headers: account.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** Every GET a bearer token with mcp:read and teams:read may use inside one team. */
function teamReads(place: Place) {
  const one = `/api/teams/${place.teamId}/mcp/installations/${place.installationId}`;
  return [
    `/api/teams/${place.teamId}`,
    `/api/teams/${place.teamId}/mcp/installations`,
    one,
    `${one}/instances`,
    `${one}/status`,
    `${one}/user-config`,
    `${one}/logs`,
    `${one}/requests`,
    `${one}/tools`,
    `${one}/usage`,
  ];
}

const get = (url: string, headers: Record<string, string>) => t.app.inject({ url, headers });

beforeAll(async () => {
  t = await createTestApp({ env: UNLIMITED_ENV });
  world = await activityWorld(t.app);
  const { alice, places } = world;
  // Something to read in both teams: usage, requests and log lines of alice's installations.
  for (const place of [places.clock, places.side]) {
    await recordCalls(t.app, place, [
      { user: alice, tool: `used in ${place.teamId}` },
      { user: alice, tool: `asked in ${place.teamId}`, kind: 'request' },
    ]);
    const logged = await postEvents(t.app, place.satellite, [
      event('mcp.server.logs', {
        installation_id: place.installationId,
        team_id: place.teamId,
        logs: [{ level: 'info', message: `log of ${place.teamId}` }],
      }),
    ]);
    expect(logged.statusCode, logged.body).toBe(200);
    expect(logged.json().failed, logged.body).toBe(0);
  }
});
afterAll(async () => t?.close());

describe('a token bound to a team on /api', () => {
  it('reads its own team and answers 404 on another of the user’s teams, like a non-member', async () => {
    const { alice, bob, places } = world;
    const forA = await tokenFor(alice, world.teamA);
    for (const url of teamReads(places.clock)) {
      const res = await get(url, forA);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    }
    const usage = await get(
      `/api/teams/${world.teamA}/mcp/installations/${places.clock.installationId}/usage`,
      forA,
    );
    expect(usage.json().data.usage.map((u: { tool_name: string }) => u.tool_name)).toEqual([
      `used in ${world.teamA}`,
    ]);
    for (const url of teamReads(places.side)) {
      // Alice's session reads team C, and bob (no member of C) is refused with the same answer.
      expect((await get(url, alice.headers)).statusCode, url).toBe(200);
      const outsider = await get(url, bob.headers);
      expect(outsider.statusCode, url).toBe(404);
      const res = await get(url, forA);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(404);
      expect(res.json()).toEqual(outsider.json());
    }
  });

  it('reaches the other team once a token is granted for that team', async () => {
    const { alice, places } = world;
    await forgetApproval(alice);
    const forC = await tokenFor(alice, world.teamC);
    for (const url of teamReads(places.side)) {
      expect((await get(url, forC)).statusCode, url).toBe(200);
    }
    for (const url of teamReads(places.clock)) {
      expect((await get(url, forC)).statusCode, url).toBe(404);
    }
    await forgetApproval(alice);
  });

  it('does not list the members of any team: that route takes the session cookie only', async () => {
    const forA = await tokenFor(world.alice, world.teamA);
    for (const teamId of [world.teamA, world.teamC]) {
      expect((await get(`/api/teams/${teamId}/members`, forA)).statusCode).toBe(401);
    }
  });

  it('keeps a global administrator’s token inside its team too', async () => {
    const { root } = world;
    const own = (await get('/api/teams/me/default', root.headers)).json().data.team.id as string;
    const forOwn = await tokenFor(root, own);
    expect((await get(`/api/teams/${own}`, forOwn)).statusCode).toBe(200);
    // Not the caller's own instance (status, user-config): root has none in team A.
    const shared = teamReads(world.places.clock).filter((u) => !/(status|user-config)$/.test(u));
    for (const url of shared) {
      // The session acts in any team as its administrator; the token does not.
      expect((await get(url, root.headers)).statusCode, url).toBe(200);
      expect((await get(url, forOwn)).statusCode, url).toBe(404);
    }
  });

  it('sees the user’s own MCP activity in its team only', async () => {
    const { alice } = world;
    const forA = await tokenFor(alice, world.teamA);
    const url = '/api/users/me/mcp/client-activity?limit=100';
    const teamsOf = async (headers: Record<string, string>, query = '') => {
      const res = await get(`${url}${query}`, headers);
      expect(res.statusCode, res.body).toBe(200);
      return [...new Set(res.json().data.activity.map((a: { team_id: string }) => a.team_id))];
    };
    expect((await teamsOf(alice.headers)).sort()).toEqual([world.teamA, world.teamC].sort());
    expect(await teamsOf(forA)).toEqual([world.teamA]);
    expect(await teamsOf(forA, `&team_id=${world.teamA}`)).toEqual([world.teamA]);
    const other = await get(`${url}&team_id=${world.teamC}`, forA);
    expect(other.statusCode, other.body).toBe(404);
    // The live stream is refused before it opens, with the same answer.
    const stream = await get(
      `/api/users/me/mcp/client-activity/stream?team_id=${world.teamC}`,
      forA,
    );
    expect(stream.statusCode, stream.body).toBe(404);
  });

  it('still reads the user’s own account routes its scopes allow', async () => {
    const forA = await tokenFor(world.alice, world.teamA, 'mcp:read teams:read user:read');
    for (const url of ['/api/users/me', '/api/users/me/teams', '/api/teams/me/default']) {
      expect((await get(url, forA)).statusCode, url).toBe(200);
    }
  });
});
