import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { bearerFor, json, login, register, type Account } from '../../helpers/accounts.js';

let t: TestApp;
let admin: Account;
let user: Account;
beforeAll(async () => {
  t = await createTestApp();
  admin = await register(t.app, 'root');
  user = await register(t.app, 'uma');
});
afterAll(async () => t?.close());

const inject = (method: string, url: string, headers: Record<string, string>, payload?: unknown) =>
  t.app.inject({
    method: method as 'GET',
    url,
    headers: payload === undefined ? headers : { ...json, ...headers },
    payload: payload as string,
  });

describe('GET /api/users/me', () => {
  it('returns the account, its global role and its teams with the caller’s role', async () => {
    const res = await inject('GET', '/api/users/me', user.headers);
    expect(res.statusCode).toBe(200);
    const me = res.json().data;
    expect(me).toMatchObject({
      id: user.id,
      username: 'uma',
      email: 'uma@example.com',
      global_role: 'global_user',
    });
    expect(me.teams).toEqual([
      expect.objectContaining({ is_default: true, role: 'team_admin', name: "uma's team" }),
    ]);
    expect(JSON.stringify(me)).not.toMatch(/password/);
  });

  it('accepts a bearer token with user:read and refuses one without it', async () => {
    const good = await inject(
      'GET',
      '/api/users/me',
      await bearerFor(t.database.db, user.id, ['user:read']),
    );
    expect(good.json().data.id).toBe(user.id);
    const bad = await inject(
      'GET',
      '/api/users/me',
      await bearerFor(t.database.db, user.id, ['teams:read']),
    );
    expect(bad.statusCode).toBe(403);
    expect(bad.json().error).toMatch(/user:read/);
  });

  it('answers 401 without credentials', async () => {
    expect((await inject('GET', '/api/users/me', {})).statusCode).toBe(401);
  });
});

describe('PATCH /api/users/me', () => {
  it('changes profile fields', async () => {
    const res = await inject('PATCH', '/api/users/me', user.headers, { display_name: 'Uma U.' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user.display_name).toBe('Uma U.');
  });

  it('answers 409 for a username that is taken', async () => {
    const res = await inject('PATCH', '/api/users/me', user.headers, { username: 'ROOT' });
    expect(res.statusCode).toBe(409);
  });

  it.each([
    [{}, 'body must NOT have fewer than 1 properties'],
    [{ email: 'nope' }, 'body.email must match format "email"'],
    [{ global_role: 'global_admin' }, 'body.global_role is not an allowed property'],
  ])('rejects %j with 400', async (payload, message) => {
    const res = await inject('PATCH', '/api/users/me', user.headers, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(message);
  });

  it('refuses bearer tokens for profile changes', async () => {
    const res = await inject(
      'PATCH',
      '/api/users/me',
      await bearerFor(t.database.db, user.id, ['user:read']),
      { display_name: 'x' },
    );
    expect(res.statusCode).toBe(401);
  });
});

describe('account administration', () => {
  it('lists and searches accounts with pagination for global admins', async () => {
    const all = await inject('GET', '/api/users?limit=1', admin.headers);
    expect(all.statusCode).toBe(200);
    expect(all.json().data.pagination).toMatchObject({ limit: 1, offset: 0, has_more: true });
    expect(all.json().data.pagination.total).toBeGreaterThanOrEqual(2);
    const found = await inject('GET', '/api/users?q=um', admin.headers);
    expect(found.json().data.users.map((u: { username: string }) => u.username)).toEqual(['uma']);
    const literal = await inject('GET', '/api/users?q=%25', admin.headers);
    expect(literal.json().data.users).toEqual([]);
  });

  it('answers 403 to other users, before validating the query or body', async () => {
    expect((await inject('GET', '/api/users?limit=0', user.headers)).statusCode).toBe(403);
    expect(
      (await inject('PATCH', `/api/users/${admin.id}`, user.headers, { global_role: 'nonsense' }))
        .statusCode,
    ).toBe(403);
    expect((await inject('DELETE', `/api/users/${admin.id}`, user.headers)).statusCode).toBe(403);
  });

  it('validates what admins send', async () => {
    const res = await inject('PATCH', `/api/users/${user.id}`, admin.headers, {
      global_role: 'superuser',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('body.global_role must be one of: global_admin, global_user');
    expect((await inject('GET', '/api/users/usr_nope', admin.headers)).statusCode).toBe(404);
  });

  it('keeps at least one active global admin', async () => {
    const demote = await inject('PATCH', `/api/users/${admin.id}`, admin.headers, {
      global_role: 'global_user',
    });
    expect(demote.statusCode).toBe(409);
    const disable = await inject('PATCH', `/api/users/${admin.id}`, admin.headers, {
      disabled: true,
    });
    expect(disable.statusCode).toBe(409);
    expect((await inject('DELETE', `/api/users/${admin.id}`, admin.headers)).statusCode).toBe(409);
  });

  it('promotes and demotes', async () => {
    const up = await inject('PATCH', `/api/users/${user.id}`, admin.headers, {
      global_role: 'global_admin',
    });
    expect(up.json().data.user.global_role).toBe('global_admin');
    expect((await inject('GET', '/api/users', user.headers)).statusCode).toBe(200);
    const down = await inject('PATCH', `/api/users/${user.id}`, admin.headers, {
      global_role: 'global_user',
    });
    expect(down.json().data.user.global_role).toBe('global_user');
    expect((await inject('GET', '/api/users', user.headers)).statusCode).toBe(403);
  });

  it('disabling an account ends its sessions and tokens at once, and blocks sign-in', async () => {
    const victim = await register(t.app, 'victor');
    const token = await bearerFor(t.database.db, victim.id, ['user:read']);
    expect((await inject('GET', '/api/users/me', token)).statusCode).toBe(200);
    const res = await inject('PATCH', `/api/users/${victim.id}`, admin.headers, { disabled: true });
    expect(res.json().data.user.disabled).toBe(true);
    expect((await inject('GET', '/api/users/me', victim.headers)).statusCode).toBe(401);
    expect((await inject('GET', '/api/users/me', token)).statusCode).toBe(401);
    const signIn = await login(t.app, 'victor');
    expect(signIn.statusCode).toBe(403);
    await inject('PATCH', `/api/users/${victim.id}`, admin.headers, { disabled: false });
    expect((await login(t.app, 'victor')).statusCode).toBe(200);
  });

  it('deleting an account ends its sessions and removes its default team', async () => {
    const gone = await register(t.app, 'gone');
    const res = await inject('DELETE', `/api/users/${gone.id}`, admin.headers);
    expect(res.statusCode).toBe(200);
    expect((await inject('GET', '/api/users/me', gone.headers)).statusCode).toBe(401);
    expect((await inject('GET', `/api/users/${gone.id}`, admin.headers)).statusCode).toBe(404);
    const teams = await t.database.db.query('SELECT id FROM teams WHERE owner_user_id = $1', [
      gone.id,
    ]);
    expect(teams).toEqual([]);
  });

  it('refuses to delete the only admin of a team that has other members', async () => {
    const owner = await register(t.app, 'owner1');
    const created = await inject('POST', '/api/teams', owner.headers, { name: 'Shared' });
    const teamId = created.json().data.team.id;
    await inject('POST', `/api/teams/${teamId}/members`, owner.headers, { login: 'uma' });
    const res = await inject('DELETE', `/api/users/${owner.id}`, admin.headers);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatch(/only team_admin of Shared/);
  });
});

describe('GET /api/roles', () => {
  it('exposes the role table read-only to signed-in users', async () => {
    const res = await inject('GET', '/api/roles', user.headers);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    const adminRole = data.global_roles.find((r: { role: string }) => r.role === 'global_admin');
    expect(adminRole.permissions).toEqual(
      expect.arrayContaining(['users.manage', 'settings.edit', 'mcp.servers.global.create']),
    );
    expect(
      data.global_roles.find((r: { role: string }) => r.role === 'global_user').permissions,
    ).toEqual([]);
    expect(data.team_roles.map((r: { role: string }) => r.role)).toEqual([
      'team_admin',
      'team_user',
    ]);
    expect(data.permissions.length).toBeGreaterThan(10);
    expect((await inject('GET', '/api/roles', {})).statusCode).toBe(401);
  });
});
