import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { json, register, type Account } from '../../helpers/accounts.js';
import { DAY, manualClock } from '../../helpers/clock.js';
import { createToken, pair, registerSatellite } from '../../helpers/satellites.js';

const clock = manualClock(new Date());
let t: TestApp;
let root: Account;
let teamAdmin: Account;
let teamUser: Account;
let teamId: string;

beforeAll(async () => {
  t = await createTestApp({ clock });
  root = await register(t.app, 'root');
  teamAdmin = await register(t.app, 'tess');
  teamUser = await register(t.app, 'ulla');
  teamId = (await t.app.inject({ url: '/api/teams/me/default', headers: teamAdmin.headers })).json()
    .data.team.id;
  await t.app.inject({
    method: 'POST',
    url: `/api/teams/${teamId}/members`,
    headers: { ...json, ...teamAdmin.headers },
    payload: { login: 'ulla' },
  });
});
afterAll(async () => t?.close());

const post = (url: string, headers: Record<string, string>, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { ...json, ...headers },
    payload: payload as string,
  });

describe('registration tokens', () => {
  it('issues a signed single-use token, shown once, keeping only its jti and hash', async () => {
    const { id, token } = await createToken(t.app, root.headers, { scope: 'global' });
    expect(token).toMatch(/^service_satellite_global_[\w-]+\.[\w-]+\.[\w-]+$/);
    const claims = decodeJwt(token.slice('service_satellite_global_'.length));
    expect(claims).toMatchObject({
      iss: 'http://localhost:3000',
      aud: 'satellite-registration',
      jti: id,
      scope: 'global',
      team_id: null,
    });
    expect(claims.exp! - claims.iat!).toBe(3600);
    const rows = await t.database.db.query<{ token_hash: string }>(
      'SELECT token_hash FROM satellite_registration_tokens WHERE id = $1',
      [id],
    );
    expect(rows[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    const listed = await t.app.inject({
      url: '/api/satellites/registration-tokens',
      headers: root.headers,
    });
    expect(listed.body).not.toContain(token);
  });

  it('lets team admins issue team tokens (24 hours) and nobody else', async () => {
    const { token } = await createToken(t.app, teamAdmin.headers, {
      scope: 'team',
      team_id: teamId,
    });
    expect(token).toMatch(/^service_satellite_team_/);
    const claims = decodeJwt(token.slice('service_satellite_team_'.length));
    expect(claims).toMatchObject({ scope: 'team', team_id: teamId });
    expect(claims.exp! - claims.iat!).toBe(86_400);
    expect(
      (
        await post('/api/satellites/registration-tokens', teamUser.headers, {
          scope: 'team',
          team_id: teamId,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await post('/api/satellites/registration-tokens', teamAdmin.headers, { scope: 'global' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await post('/api/satellites/registration-tokens', teamAdmin.headers, { scope: 'team' }))
        .statusCode,
    ).toBe(400);
    expect(
      (await post('/api/satellites/registration-tokens', teamAdmin.headers, { scope: 'planet' }))
        .statusCode,
    ).toBe(400);
    expect(
      (await post('/api/satellites/registration-tokens', {}, { scope: 'global' })).statusCode,
    ).toBe(401);
  });
});

describe('pairing', () => {
  it('registers a satellite once and hands out its API key once', async () => {
    const { token } = await createToken(t.app, teamAdmin.headers, {
      scope: 'team',
      team_id: teamId,
    });
    const sat = await registerSatellite(t.app, token, 'edge-1');
    expect(sat.key).toMatch(/^ssk_[0-9A-Za-z]{16}_[0-9A-Za-z]{43}$/);
    const got = await t.app.inject({
      url: `/api/satellites/${sat.id}`,
      headers: teamAdmin.headers,
    });
    expect(got.json().data.satellite).toMatchObject({
      name: 'edge-1',
      type: 'team',
      team_id: teamId,
    });
    const again = await post(
      '/api/satellites/register',
      { authorization: `Bearer ${token}` },
      { name: 'edge-2' },
    );
    expect(again.statusCode).toBe(401);
    const stored = await t.database.db.query<{ key_hash: string }>(
      'SELECT key_hash FROM satellites WHERE id = $1',
      [sat.id],
    );
    expect(sat.key).not.toContain(stored[0]!.key_hash);
  });

  it('lets exactly one of 50 concurrent registrations with one token succeed', async () => {
    const { token } = await createToken(t.app, root.headers, { scope: 'global' });
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        post(
          '/api/satellites/register',
          { authorization: `Bearer ${token}` },
          { name: `racer-${i}` },
        ),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 401)).toHaveLength(49);
  });

  it('refuses revoked, expired, forged and non-registration tokens', async () => {
    const revoked = await createToken(t.app, root.headers, { scope: 'global' });
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/satellites/registration-tokens/${revoked.id}`,
          headers: root.headers,
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await post(
          '/api/satellites/register',
          { authorization: `Bearer ${revoked.token}` },
          { name: 'x' },
        )
      ).statusCode,
    ).toBe(401);

    const expiring = await createToken(t.app, root.headers, {
      scope: 'global',
      expires_in_seconds: 60,
    });
    clock.advance(61);
    expect(
      (
        await post(
          '/api/satellites/register',
          { authorization: `Bearer ${expiring.token}` },
          { name: 'x' },
        )
      ).statusCode,
    ).toBe(401);

    const good = await createToken(t.app, root.headers, { scope: 'global' });
    const [header, payload] = good.token.slice('service_satellite_global_'.length).split('.');
    const forged = `service_satellite_global_${header}.${payload}.${'A'.repeat(43)}`;
    expect(
      (await post('/api/satellites/register', { authorization: `Bearer ${forged}` }, { name: 'x' }))
        .statusCode,
    ).toBe(401);
    expect((await post('/api/satellites/register', root.headers, { name: 'x' })).statusCode).toBe(
      401,
    );
    expect(
      (
        await post(
          '/api/satellites/register',
          { authorization: `Bearer ${good.token}` },
          { nonsense: 1 },
        )
      ).statusCode,
    ).toBe(400);
  });
});

describe('API keys', () => {
  it('accepts only a satellite’s own key on its routes, and not once disabled or rotated', async () => {
    const a = await pair(t.app, root.headers, { scope: 'global' }, 'a');
    const b = await pair(t.app, root.headers, { scope: 'global' }, 'b');
    const beat = (sat: { id: string }, headers: Record<string, string>) =>
      post(`/api/satellites/${sat.id}/heartbeat`, headers, { status: 'healthy' });
    expect((await beat(a, a.headers)).statusCode).toBe(200);
    const crossed = await beat(b, a.headers);
    expect(crossed.statusCode).toBe(403);
    expect(crossed.json().error).toBe('This API key belongs to another satellite');
    // Change the secret's last character, whatever it happens to be.
    const wrongKey = `${a.key.slice(0, -1)}${a.key.endsWith('x') ? 'y' : 'x'}`;
    expect((await beat(a, { authorization: `Bearer ${wrongKey}` })).statusCode).toBe(401);
    expect((await beat(a, root.headers)).statusCode).toBe(401);

    await t.app.inject({
      method: 'PATCH',
      url: `/api/satellites/${a.id}`,
      headers: { ...json, ...root.headers },
      payload: { disabled: true },
    });
    expect((await beat(a, a.headers)).statusCode).toBe(403);
    await t.app.inject({
      method: 'PATCH',
      url: `/api/satellites/${a.id}`,
      headers: { ...json, ...root.headers },
      payload: { disabled: false, name: 'alpha' },
    });

    const rotated = await t.app.inject({
      method: 'POST',
      url: `/api/satellites/${a.id}/rotate-key`,
      headers: root.headers,
    });
    expect(rotated.statusCode).toBe(200);
    expect((await beat(a, a.headers)).statusCode).toBe(401);
    expect(
      (await beat(a, { authorization: `Bearer ${rotated.json().data.api_key}` })).statusCode,
    ).toBe(200);
  });

  it('sees a change made by another replica once the key cache window has passed', async () => {
    const sat = await pair(t.app, root.headers, { scope: 'global' }, 'cached');
    const beat = () =>
      post(`/api/satellites/${sat.id}/heartbeat`, sat.headers, { status: 'healthy' });
    expect((await beat()).statusCode).toBe(200);
    // Another replica disables it: this one learns of it only from the database.
    await t.database.db.query('UPDATE satellites SET disabled_at = now() WHERE id = $1', [sat.id]);
    expect((await beat()).statusCode).toBe(200);
    clock.advance(6);
    expect((await beat()).statusCode).toBe(403);
  });

  it('lets admins list, rename and delete satellites; team users see nothing of them', async () => {
    const sat = await pair(
      t.app,
      teamAdmin.headers,
      { scope: 'team', team_id: teamId },
      'team-sat',
    );
    const list = await t.app.inject({ url: '/api/satellites', headers: teamAdmin.headers });
    expect(list.json().data.satellites.every((s: any) => s.team_id === teamId)).toBe(true);
    expect(
      (await t.app.inject({ url: '/api/satellites', headers: teamUser.headers })).json().data
        .satellites,
    ).toEqual([]);
    expect(
      (
        await t.app.inject({
          method: 'PATCH',
          url: `/api/satellites/${sat.id}`,
          headers: { ...json, ...teamUser.headers },
          payload: { bogus: 1 },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/satellites/${sat.id}`,
          headers: teamAdmin.headers,
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await post(`/api/satellites/${sat.id}/heartbeat`, sat.headers, { status: 'healthy' }))
        .statusCode,
    ).toBe(401);
    clock.advance(DAY);
  });
});

describe('security: a team registration token does not outlive its creator’s place in the team', () => {
  let owner: Account; // creates the team and stays its administrator
  let deputy: Account; // a second administrator who issues tokens, then is removed or demoted
  let opsTeam: string;

  beforeAll(async () => {
    owner = await register(t.app, 'olga');
    deputy = await register(t.app, 'dave');
    const created = await post('/api/teams', owner.headers, { name: 'Ops' });
    expect(created.statusCode, created.body).toBe(201);
    opsTeam = created.json().data.team.id;
    const added = await post(`/api/teams/${opsTeam}/members`, owner.headers, {
      login: 'dave',
      role: 'team_admin',
    });
    expect(added.statusCode, added.body).toBe(201);
  });

  const setRole = (role: string) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/teams/${opsTeam}/members/${deputy.id}`,
      headers: { ...json, ...owner.headers },
      payload: { role },
    });
  const pairWith = (token: string) =>
    post('/api/satellites/register', { authorization: `Bearer ${token}` }, { name: 'edge' });
  const listed = async (query = '') =>
    (
      await t.app.inject({
        url: `/api/satellites/registration-tokens${query}`,
        headers: owner.headers,
      })
    ).json().data.tokens as Array<Record<string, unknown>>;

  it('refuses at pairing the token of a creator demoted to team_user, and takes it again once re-promoted', async () => {
    const { token } = await createToken(t.app, deputy.headers, { scope: 'team', team_id: opsTeam });
    expect((await setRole('team_user')).statusCode).toBe(200);
    const refused = await pairWith(token);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({
      success: false,
      error: 'invalid_registration_token',
      error_description: 'Authentication is required: the registration token is not valid',
    });
    expect((await setRole('team_admin')).statusCode).toBe(200);
    expect((await pairWith(token)).statusCode).toBe(201);
  });

  it('refuses at pairing the token of a creator removed from the team, and lists it to the team’s admins', async () => {
    const unused = await createToken(t.app, deputy.headers, {
      scope: 'team',
      team_id: opsTeam,
      name: 'dave’s edge box',
    });
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/teams/${opsTeam}/members/${deputy.id}`,
      headers: owner.headers,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const refused = await pairWith(unused.token);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({
      error: 'invalid_registration_token',
      error_description: 'Authentication is required: the registration token is not valid',
    });

    // The team's remaining administrator sees it (never the token text) and may revoke it.
    const all = await listed();
    expect(all.find((x) => x.id === unused.id)).toMatchObject({
      id: unused.id,
      name: 'dave’s edge box',
      scope: 'team',
      team_id: opsTeam,
      created_by: deputy.id,
      state: 'active',
      used_at: null,
      revoked_at: null,
    });
    expect(JSON.stringify(all)).not.toContain(unused.token);
    const active = await listed('?state=active');
    expect(active.map((x) => x.id)).toEqual([unused.id]);
    expect(active[0]).toHaveProperty('created_at');
    expect(active[0]).toHaveProperty('expires_at');
    const revoked = await t.app.inject({
      method: 'DELETE',
      url: `/api/satellites/registration-tokens/${unused.id}`,
      headers: owner.headers,
    });
    expect(revoked.statusCode).toBe(200);
    expect(await listed('?state=active')).toEqual([]);
    expect((await listed()).find((x) => x.id === unused.id)).toMatchObject({ state: 'revoked' });
  });

  it('still pairs with a token whose creator remains the team’s administrator', async () => {
    const { token } = await createToken(t.app, owner.headers, { scope: 'team', team_id: opsTeam });
    expect((await pairWith(token)).statusCode).toBe(201);
  });

  it('answers 400 for an unknown state filter', async () => {
    const res = await t.app.inject({
      url: '/api/satellites/registration-tokens?state=orphaned',
      headers: owner.headers,
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('security: a global registration token needs its creator to still be a global administrator', () => {
  const makeUser = (userId: string, body: Record<string, unknown>) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/users/${userId}`,
      headers: { ...json, ...root.headers },
      payload: body,
    });
  const pairWith = (token: string) =>
    post('/api/satellites/register', { authorization: `Bearer ${token}` }, { name: 'edge' });

  it('refuses the token of a demoted or disabled global administrator', async () => {
    const gina = await register(t.app, 'gina');
    expect((await makeUser(gina.id, { global_role: 'global_admin' })).statusCode).toBe(200);
    const demoted = await createToken(t.app, gina.headers, { scope: 'global' });
    const disabled = await createToken(t.app, gina.headers, { scope: 'global' });
    expect((await makeUser(gina.id, { global_role: 'global_user' })).statusCode).toBe(200);
    expect((await pairWith(demoted.token)).statusCode).toBe(401);
    expect(
      (await makeUser(gina.id, { global_role: 'global_admin', disabled: true })).statusCode,
    ).toBe(200);
    expect((await pairWith(disabled.token)).statusCode).toBe(401);
    expect((await makeUser(gina.id, { disabled: false })).statusCode).toBe(200);
    expect((await pairWith(disabled.token)).statusCode).toBe(201);
  });
});
