import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { satellitePendingWork } from '../../src/db/schema/index.js';
import { newId } from '../../src/lib/ids.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { json, register, type Account } from '../helpers/accounts.js';
import { authorizeQuery, tokenRequest } from '../helpers/oauth.js';
import { pair } from '../helpers/satellites.js';
import { UNLIMITED_ENV } from '../helpers/world.js';
import { servedDescription } from './operations.js';

/** The bugs the fuzzer found, each pinned by the request that showed it. */
let t: TestApp;
let root: Account;
let teamId: string;
beforeAll(async () => {
  t = await createTestApp({ env: UNLIMITED_ENV });
  root = await register(t.app, 'root');
  teamId = (await t.app.inject({ url: '/api/teams/me/default', headers: root.headers })).json().data
    .team.id;
});
afterAll(async () => t?.close());

const envelope = { success: false, error: expect.any(String), code: expect.any(String) };

describe('URLs the router refuses', () => {
  it('answers a path that is not valid percent-encoding with the 400 envelope', async () => {
    const res = await t.app.inject({
      url: '/api/teams/%/mcp/installations',
      headers: root.headers,
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ ...envelope, code: 'VALIDATION_FAILED' });
  });

  it('answers a path parameter longer than any identifier with the 404 envelope', async () => {
    const res = await t.app.inject({ url: `/api/satellites/${'x'.repeat(300)}/commands` });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ ...envelope, code: 'NOT_FOUND' });
  });
});

describe('the description matches what the routes answer', () => {
  it('lists null among the values of a nullable enum, as a team seen by a non-member has no role', async () => {
    const res = await t.app.inject({ url: `/api/teams/${teamId}`, headers: root.headers });
    expect(res.json().data.team.role).toBe('team_admin');
    const alice = await register(t.app, 'alice');
    const hers = (
      await t.app.inject({ url: '/api/teams/me/default', headers: alice.headers })
    ).json().data.team.id;
    const seen = await t.app.inject({ url: `/api/teams/${hers}`, headers: root.headers });
    expect(seen.json().data.team.role).toBeNull();
    const { raw } = await servedDescription(t.app);
    const team =
      raw.paths['/api/teams/{teamId}'].get.responses['200'].content['application/json'].schema
        .properties.data.properties.team;
    expect(team.properties.role).toMatchObject({
      nullable: true,
      enum: ['team_admin', 'team_user', null],
    });
  });

  it('documents the 401 of the public OAuth endpoints that can answer it', async () => {
    const { raw } = await servedDescription(t.app);
    for (const [path, status] of [
      ['/api/oauth2/token', 401],
      ['/api/oauth2/revoke', 401],
      ['/api/oauth2/consent', 401],
      ['/api/oauth2/consent', 403],
    ] as const) {
      expect(raw.paths[path].post.responses[String(status)], `${path} ${status}`).toBeDefined();
    }
    const revoke = await t.app.inject({
      method: 'POST',
      url: '/api/oauth2/revoke',
      headers: json,
      payload: { token: 'x', client_id: 'nobody' },
    });
    expect(revoke.statusCode).toBe(401);
    expect(revoke.json()).toMatchObject({ success: false, error: 'invalid_client' });
  });

  it('answers a cross-origin sign-in form with the HTML page, as documented', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/oauth2/login',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://evil.example',
      },
      payload: 'login=root&password=x',
    });
    expect(res.statusCode).toBe(403);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('Cross-origin form submissions are refused');
  });
});

describe('OAuth parameters named like Object.prototype members', () => {
  it.each(['toString', '__proto__', 'constructor', 'hasOwnProperty'])(
    'treats client_id=%s as an unknown client',
    async (clientId) => {
      const query = authorizeQuery({ client_id: clientId });
      for (const url of [`/api/oauth2/auth?${query}`, `/api/oauth2/consent?${query}`]) {
        const res = await t.app.inject({ url, headers: root.headers });
        expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
        expect(res.json()).toMatchObject({ success: false, error: 'invalid_request' });
      }
      const token = await tokenRequest(t.app, {
        grant_type: 'refresh_token',
        client_id: clientId,
        refresh_token: 'x',
      });
      expect(token.statusCode).toBe(401);
      expect(token.json()).toMatchObject({ success: false, error: 'invalid_client' });
    },
  );

  it('does not take toString for a scope', async () => {
    const res = await t.app.inject({
      url: `/api/oauth2/auth?${authorizeQuery({ scope: 'toString' })}`,
      headers: root.headers,
    });
    expect(res.statusCode).toBe(302);
    expect(new URL(res.headers.location as string).searchParams.get('error')).toBe('invalid_scope');
  });
});

describe('satellite registration tokens', () => {
  it('answers a team token for a team the caller is not in as for a team that does not exist', async () => {
    const mallory = await register(t.app, 'mallory');
    const post = (team_id: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/satellites/registration-tokens',
        headers: { ...json, ...mallory.headers },
        payload: { scope: 'team', team_id },
      });
    const foreign = await post(teamId);
    const missing = await post('team_doesnotexist0000000000');
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error).toBe(`body.team_id ${teamId} does not name a team`);
    expect(missing.statusCode).toBe(400);
  });
});

describe('satellite commands', () => {
  it('fans pending work out to many satellites without wedging every poll', async () => {
    // 32 satellites × 500 pending changes: 16,000 commands, past PostgreSQL's 65,535 parameters
    // per statement and past the depth the query builder can build in one statement.
    const satellites = [];
    for (let i = 0; i < 32; i++) {
      satellites.push(await pair(t.app, root.headers, { scope: 'team', team_id: teamId }, `s${i}`));
    }
    await t.database.db.orm.insert(satellitePendingWork).values(
      Array.from({ length: 500 }, () => ({
        id: newId('pw'),
        kind: 'member.added',
        teamId,
        payload: {},
      })),
    );
    const res = await t.app.inject({
      url: `/api/satellites/${satellites[0]!.id}/commands?limit=100`,
      headers: satellites[0]!.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.commands).toHaveLength(100);
    const other = await t.app.inject({
      url: `/api/satellites/${satellites[31]!.id}/commands?limit=100`,
      headers: satellites[31]!.headers,
    });
    expect(other.json().data.commands).toHaveLength(100);
  }, 120_000);
});
