import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRemembered } from '../../../src/lib/remembered.js';
import { json, register, type Account } from '../../helpers/accounts.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { manualClock } from '../../helpers/clock.js';
import { usingPostgres } from '../../helpers/database.js';
import { secondReplica, within } from '../../helpers/replicas.js';
import { startSmtpServer } from '../../helpers/smtp.js';

/** The caller's profile as `GET /api/users/me` answers it. */
async function me(t: TestApp, account: Account) {
  const res = await t.app.inject({ url: '/api/users/me', headers: account.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    display_name: string | null;
    global_role: string;
    email_verified: boolean;
    teams: Array<{ id: string; role: string }>;
  };
}

const send = (t: TestApp, method: 'PATCH' | 'POST', url: string, by: Account, payload: unknown) =>
  t.app.inject({ method, url, headers: { ...json, ...by.headers }, payload: payload as string });

/**
 * The database's `profiles` signal (migration 0018), removed where a test must show that the
 * replica serving a change forgets by itself, without hearing it.
 */
async function dropSignals(t: TestApp) {
  for (const table of ['users', 'teams', 'team_members'])
    await t.database.db.query(`DROP TRIGGER profiles_changed ON ${table}`);
}

describe('remembered answers', () => {
  it('forget everything beyond maxEntries, and answers older than heldMs', () => {
    const clock = manualClock(new Date('2026-11-24T10:00:00Z'));
    const remembered = createRemembered<number>({
      heldMs: 1000,
      clock,
      hearing: () => true,
      maxEntries: 2,
    });
    remembered.remember(remembered.epoch(), [
      ['a', 1],
      ['b', 2],
    ]);
    expect([remembered.get('a'), remembered.get('b')]).toEqual([1, 2]);
    remembered.remember(remembered.epoch(), [['c', 3]]);
    expect([remembered.get('a'), remembered.get('c'), remembered.size]).toEqual([undefined, 3, 1]);
    clock.advance(1);
    expect(remembered.get('c')).toBeUndefined();
  });
});

describe('on the replica that serves the change', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let root: Account;
  let alice: Account;
  let bob: Account;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ env: { PROFILE_CACHE_MS: '600000' } });
    root = await register(t.app, 'root');
    alice = await register(t.app, 'alice');
    bob = await register(t.app, 'bob');
    await dropSignals(t);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('remembers a profile: a change nobody announces is not seen', async () => {
    expect((await me(t, alice)).display_name).toBeNull();
    await t.database.db.query(`UPDATE users SET display_name = 'Unannounced' WHERE id = $1`, [
      alice.id,
    ]);
    expect((await me(t, alice)).display_name).toBeNull();
  });

  it('shows the caller’s own change at once', async () => {
    const changed = await send(t, 'PATCH', '/api/users/me', alice, { display_name: 'Alice' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await me(t, alice)).display_name).toBe('Alice');
  });

  it('shows a team another account added the caller to, and a role an admin gave, at once', async () => {
    const before = await me(t, bob);
    expect(before.teams).toHaveLength(1);
    expect(before.global_role).toBe('global_user');
    const team = (await me(t, alice)).teams[0]!.id;
    const added = await send(t, 'POST', `/api/teams/${team}/members`, alice, { login: 'bob' });
    expect(added.statusCode, added.body).toBe(201);
    expect((await me(t, bob)).teams.map((m) => m.id)).toContain(team);
    const promoted = await send(t, 'PATCH', `/api/users/${bob.id}`, root, {
      global_role: 'global_admin',
    });
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect((await me(t, bob)).global_role).toBe('global_admin');
  });

  it('checks team access from the remembered profile, and a role change or removal at once', async () => {
    const team = (await me(t, alice)).teams[0]!.id;
    const installations = `/api/teams/${team}/mcp/installations`;
    const members = `/api/teams/${team}/members`;
    const get = async (url: string, by: Account) =>
      (await t.app.inject({ url, headers: by.headers })).statusCode;
    // Bob, a global admin since the test above, would pass without being a member.
    const erin = await register(t.app, 'erin');
    expect((await send(t, 'POST', members, alice, { login: 'erin' })).statusCode).toBe(201);
    // Erin's profile, with that membership, is remembered.
    expect((await me(t, erin)).teams.find((m) => m.id === team)?.role).toBe('team_user');
    expect(await get(installations, erin)).toBe(200);
    // A removal nobody announces is not seen: the check did not read the membership.
    await t.database.db.query(`DELETE FROM team_members WHERE team_id = $1 AND user_id = $2`, [
      team,
      erin.id,
    ]);
    expect(await get(installations, erin)).toBe(200);
    await t.database.db.query(
      `INSERT INTO team_members (team_id, user_id, role) VALUES ($1, $2, 'team_user')`,
      [team, erin.id],
    );
    // Changes through the service take effect on the very next request.
    const admin = await t.app.inject({
      method: 'PATCH',
      url: `${members}/${erin.id}`,
      headers: { ...json, ...alice.headers },
      payload: { role: 'team_admin' },
    });
    expect(admin.statusCode, admin.body).toBe(200);
    // Now a team admin, Erin may manage members at once.
    expect((await send(t, 'POST', members, erin, { login: 'root' })).statusCode).toBe(201);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `${members}/${erin.id}`,
      headers: alice.headers,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await get(installations, erin)).toBe(404);
  });

  it('shows an address verified through its emailed link (a GET) at once', async () => {
    const configured = await send(t, 'PATCH', '/api/settings', root, { values: smtp.settings });
    expect(configured.statusCode, configured.body).toBe(200);
    const dana = await register(t.app, 'dana');
    expect((await me(t, dana)).email_verified).toBe(false);
    const mail = [...smtp.received].reverse().find((m) => m.to.includes('dana@example.com'));
    // The link opens the console's page, which confirms through this API call.
    const token = /\/verify-email\?token=(\S+)/.exec(mail!.text)![1]!;
    const link = `/api/auth/email/verify?token=${token}`;
    expect((await t.app.inject({ url: link })).statusCode).toBe(200);
    expect((await me(t, dana)).email_verified).toBe(true);
  });
});

describe('changes made outside any request (the CLI, jobs)', () => {
  let t: TestApp;
  let alice: Account;
  beforeAll(async () => {
    t = await createTestApp({ env: { PROFILE_CACHE_MS: '600000' } });
    alice = await register(t.app, 'alice');
  });
  afterAll(async () => t?.close());

  it('are seen once the database’s signal is heard', async () => {
    expect((await me(t, alice)).display_name).toBeNull();
    await t.database.db.query(`UPDATE users SET display_name = 'From the CLI' WHERE id = $1`, [
      alice.id,
    ]);
    await within(async () => (await me(t, alice)).display_name === 'From the CLI', 2000);
  });
});

describe.skipIf(!usingPostgres())('across replicas (PostgreSQL)', () => {
  let a: TestApp;
  let b: TestApp;
  let alice: Account;
  let bob: Account;
  beforeAll(async () => {
    // Remembered for 10 minutes: only the signal can make replica B see a change in time.
    const env = { PROFILE_CACHE_MS: '600000' };
    a = await createTestApp({ env });
    b = await secondReplica(a, env);
    await register(a.app, 'root');
    alice = await register(a.app, 'alice');
    bob = await register(a.app, 'bob');
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('another replica shows a changed name and a new team once it hears the signal', async () => {
    expect((await me(b, alice)).display_name).toBeNull();
    expect((await me(b, bob)).teams).toHaveLength(1);
    expect(
      (await send(a, 'PATCH', '/api/users/me', alice, { display_name: 'Alice' })).statusCode,
    ).toBe(200);
    await within(async () => (await me(b, alice)).display_name === 'Alice', 2000);
    const team = (await me(a, alice)).teams[0]!.id;
    const added = await send(a, 'POST', `/api/teams/${team}/members`, alice, { login: 'bob' });
    expect(added.statusCode, added.body).toBe(201);
    await within(async () => (await me(b, bob)).teams.length === 2, 2000);
  });

  it('another replica refuses a removed member’s team requests once it hears the signal', async () => {
    const team = (await me(a, alice)).teams[0]!.id;
    const installations = `/api/teams/${team}/mcp/installations`;
    const status = async () =>
      (await b.app.inject({ url: installations, headers: bob.headers })).statusCode;
    await within(async () => (await me(b, bob)).teams.some((m) => m.id === team), 2000);
    expect(await status()).toBe(200);
    const removed = await a.app.inject({
      method: 'DELETE',
      url: `/api/teams/${team}/members/${bob.id}`,
      headers: alice.headers,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    await within(async () => (await status()) === 404, 2000);
  });
});
