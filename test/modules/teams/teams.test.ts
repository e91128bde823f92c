import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { bearerFor, json, register, type Account } from '../../helpers/accounts.js';

let t: TestApp;
let root: Account;
let ann: Account;
let ben: Account;
let cat: Account;
let teamId: string;
beforeAll(async () => {
  t = await createTestApp();
  root = await register(t.app, 'root');
  ann = await register(t.app, 'ann');
  ben = await register(t.app, 'ben');
  cat = await register(t.app, 'cat');
  const res = await inject('POST', '/api/teams', ann.headers, {
    name: 'Platform Team',
    description: 'Runs things',
  });
  expect(res.statusCode).toBe(201);
  teamId = res.json().data.team.id;
});
afterAll(async () => t?.close());

function inject(method: string, url: string, headers: Record<string, string>, payload?: unknown) {
  return t.app.inject({
    method: method as 'GET',
    url,
    headers: payload === undefined ? headers : { ...json, ...headers },
    payload: payload as string,
  });
}

describe('default team', () => {
  it('is created with every account and can be read by cookie or a teams:read token', async () => {
    const res = await inject('GET', '/api/teams/me/default', ben.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.team).toMatchObject({
      name: "ben's team",
      slug: 'ben',
      is_default: true,
      role: 'team_admin',
      member_count: 1,
    });
    const viaToken = await inject(
      'GET',
      '/api/teams/me/default',
      await bearerFor(t.database.db, ben.id, ['teams:read']),
    );
    expect(viaToken.json().data.team.id).toBe(res.json().data.team.id);
    const noScope = await inject(
      'GET',
      '/api/teams/me/default',
      await bearerFor(t.database.db, ben.id, ['mcp:read']),
    );
    expect(noScope.statusCode).toBe(403);
    expect((await inject('GET', '/api/teams/me/default', {})).statusCode).toBe(401);
  });

  it('cannot be deleted', async () => {
    const mine = (await inject('GET', '/api/teams/me/default', ben.headers)).json().data.team;
    const res = await inject('DELETE', `/api/teams/${mine.id}`, ben.headers);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('A default team cannot be deleted');
  });
});

describe('teams', () => {
  it('makes the creator team_admin and derives a slug', async () => {
    const res = await inject('GET', `/api/teams/${teamId}`, ann.headers);
    expect(res.json().data.team).toMatchObject({
      name: 'Platform Team',
      slug: 'platform-team',
      role: 'team_admin',
      member_count: 1,
      is_default: false,
    });
  });

  it('answers 409 for a slug that is taken and 400 for a bad one', async () => {
    expect(
      (await inject('POST', '/api/teams', ben.headers, { name: 'X', slug: 'platform-team' }))
        .statusCode,
    ).toBe(409);
    const bad = await inject('POST', '/api/teams', ben.headers, { name: 'X', slug: 'Not A Slug' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/^body\.slug must match pattern/);
    expect((await inject('POST', '/api/teams', ben.headers, { name: '' })).statusCode).toBe(400);
  });

  it('hides a team from non-members with 404, even for an invalid body', async () => {
    expect((await inject('GET', `/api/teams/${teamId}`, ben.headers)).statusCode).toBe(404);
    expect((await inject('GET', `/api/teams/${teamId}/members`, ben.headers)).statusCode).toBe(404);
    const patch = await inject('PATCH', `/api/teams/${teamId}`, ben.headers, { bogus: 1 });
    expect(patch.statusCode).toBe(404);
    expect(patch.json().error).toBe('Team not found');
    expect((await inject('GET', '/api/teams/team_doesnotexist', ann.headers)).statusCode).toBe(404);
  });

  it('lets a global admin reach any team', async () => {
    const res = await inject('GET', `/api/teams/${teamId}`, root.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.team.role).toBeNull();
    expect(
      (await inject('GET', '/api/admin/teams', root.headers)).json().data.pagination.total,
    ).toBeGreaterThanOrEqual(5);
    expect((await inject('GET', '/api/admin/teams', ann.headers)).statusCode).toBe(403);
  });

  it('lists the caller’s teams, default first, with pagination', async () => {
    const res = await inject('GET', '/api/users/me/teams?limit=1', ann.headers);
    expect(res.json().data.teams.map((x: { is_default: boolean }) => x.is_default)).toEqual([true]);
    expect(res.json().data.pagination).toEqual({ total: 2, limit: 1, offset: 0, has_more: true });
    const token = await bearerFor(t.database.db, ann.id, ['teams:read']);
    expect((await inject('GET', '/api/users/me/teams', token)).json().data.teams).toHaveLength(2);
    expect((await inject('GET', '/api/teams', ann.headers)).json().data.pagination.total).toBe(2);
  });
});

describe('members', () => {
  it('adds members by username or email', async () => {
    const byName = await inject('POST', `/api/teams/${teamId}/members`, ann.headers, {
      login: 'ben',
    });
    expect(byName.statusCode).toBe(201);
    expect(byName.json().data.member).toMatchObject({ user_id: ben.id, role: 'team_user' });
    const byEmail = await inject('POST', `/api/teams/${teamId}/members`, ann.headers, {
      login: 'CAT@example.com',
      role: 'team_admin',
    });
    expect(byEmail.json().data.member).toMatchObject({ user_id: cat.id, role: 'team_admin' });
    const list = await inject('GET', `/api/teams/${teamId}/members`, ben.headers);
    expect(list.json().data.members.map((m: { username: string }) => m.username)).toEqual([
      'ann',
      'ben',
      'cat',
    ]);
    expect(list.json().data.pagination.total).toBe(3);
  });

  it('answers 404 for an unknown account and 409 for an existing member', async () => {
    expect(
      (await inject('POST', `/api/teams/${teamId}/members`, ann.headers, { login: 'nobody' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await inject('POST', `/api/teams/${teamId}/members`, ann.headers, { login: 'ben' }))
        .statusCode,
    ).toBe(409);
  });

  it('lets only team admins manage members: 403 before 400 for a team_user', async () => {
    const res = await inject('POST', `/api/teams/${teamId}/members`, ben.headers, {
      nonsense: true,
    });
    expect(res.statusCode).toBe(403);
    expect(
      (await inject('PATCH', `/api/teams/${teamId}`, ben.headers, { name: 'Mine now' })).statusCode,
    ).toBe(403);
    expect(
      (await inject('DELETE', `/api/teams/${teamId}/members/${ann.id}`, ben.headers)).statusCode,
    ).toBe(403);
  });

  it('changes roles but always keeps one team_admin', async () => {
    const demoteCat = await inject('PATCH', `/api/teams/${teamId}/members/${cat.id}`, ann.headers, {
      role: 'team_user',
    });
    expect(demoteCat.json().data.member.role).toBe('team_user');
    const demoteLast = await inject(
      'PATCH',
      `/api/teams/${teamId}/members/${ann.id}`,
      ann.headers,
      { role: 'team_user' },
    );
    expect(demoteLast.statusCode).toBe(409);
    expect(demoteLast.json().error).toBe('A team must keep at least one team_admin');
    const leaveLast = await inject('DELETE', `/api/teams/${teamId}/members/${ann.id}`, ann.headers);
    expect(leaveLast.statusCode).toBe(409);
    expect(
      (
        await inject('PATCH', `/api/teams/${teamId}/members/${cat.id}`, ann.headers, {
          role: 'owner',
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await inject('PATCH', `/api/teams/${teamId}/members/usr_none`, ann.headers, {
          role: 'team_user',
        })
      ).statusCode,
    ).toBe(404);
  });

  it('lets a member leave and an admin remove someone', async () => {
    expect(
      (await inject('DELETE', `/api/teams/${teamId}/members/${ben.id}`, ben.headers)).statusCode,
    ).toBe(200);
    expect((await inject('GET', `/api/teams/${teamId}`, ben.headers)).statusCode).toBe(404);
    expect(
      (await inject('DELETE', `/api/teams/${teamId}/members/${cat.id}`, ann.headers)).statusCode,
    ).toBe(200);
    expect(
      (await inject('GET', `/api/teams/${teamId}`, ann.headers)).json().data.team.member_count,
    ).toBe(1);
  });

  it('does not let an account leave its own default team', async () => {
    const mine = (await inject('GET', '/api/teams/me/default', cat.headers)).json().data.team;
    await inject('POST', `/api/teams/${mine.id}/members`, cat.headers, {
      login: 'ann',
      role: 'team_admin',
    });
    const res = await inject('DELETE', `/api/teams/${mine.id}/members/${cat.id}`, cat.headers);
    expect(res.statusCode).toBe(409);
  });

  it('renames and deletes a team as its admin', async () => {
    const renamed = await inject('PATCH', `/api/teams/${teamId}`, ann.headers, {
      name: 'Platform',
      description: null,
    });
    expect(renamed.json().data.team).toMatchObject({ name: 'Platform', description: null });
    expect((await inject('DELETE', `/api/teams/${teamId}`, ann.headers)).statusCode).toBe(200);
    expect((await inject('GET', `/api/teams/${teamId}`, ann.headers)).statusCode).toBe(404);
  });
});
