import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../../../src/db/client.js';
import { json, PASSWORD, register, type Account } from '../../helpers/accounts.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { manualClock } from '../../helpers/clock.js';
import { usingPostgres } from '../../helpers/database.js';
import { eventually } from '../../helpers/sse.js';
import { createSessionCache } from '../../../src/modules/auth/session-cache.js';
import { STREAM_SIGNAL_CHANNEL, streamTopics } from '../../../src/http/stream/signals.js';

// A remembered session is the hot path of every signed-in request (docs/operators.md, "Session
// cache"). These tests prove that it is used, and that nothing it remembers outlives a change:
// at once on the replica that made the change, within SESSION_CACHE_MS on the others.

const secret = () => randomBytes(32).toString('hex');
/** Two replicas of one service share their secrets as well as their database. */
const sharedSecrets = {
  SESSION_SECRET: secret(),
  ENCRYPTION_KEY: secret(),
  JWT_SECRET: secret(),
};

const me = (app: FastifyInstance, account: Account) =>
  app.inject({ url: '/api/users/me', headers: account.headers });
/** Needs `users.view`: 200 for a global administrator, 403 for everyone else. */
const listUsers = (app: FastifyInstance, account: Account) =>
  app.inject({ url: '/api/users', headers: account.headers });

function adminUpdate(
  app: FastifyInstance,
  admin: Account,
  userId: string,
  payload: { global_role?: string; disabled?: boolean },
) {
  return app.inject({
    method: 'PATCH',
    url: `/api/users/${userId}`,
    headers: { ...admin.headers, ...json },
    payload,
  });
}

/** Sets a global role behind the service's back, as another replica (or the CLI) would. */
async function setRoleDirectly(t: TestApp, userId: string, role: string) {
  await t.database.db.query('UPDATE users SET global_role = $1 WHERE id = $2', [role, userId]);
}

describe('a remembered session on one replica', () => {
  const clock = manualClock(new Date());
  let t: TestApp;
  let admin: Account;
  beforeAll(async () => {
    t = await createTestApp({ env: { SESSION_CACHE_MS: '5000' }, clock });
    admin = await register(t.app, 'root');
  });
  afterAll(async () => t?.close());

  it('is used for SESSION_CACHE_SIGNALLED_MS while signals are heard, then asked for again', async () => {
    await eventually(() => t.app.streams.listening, 'the signal listener');
    const user = await register(t.app, 'ursula');
    expect((await listUsers(t.app, user)).statusCode).toBe(403);
    // A change made behind the service's back (no signal) is not seen while the session is
    // remembered, past SESSION_CACHE_MS too since signals are heard…
    await setRoleDirectly(t, user.id, 'global_admin');
    expect((await listUsers(t.app, user)).statusCode).toBe(403);
    clock.advance(30);
    expect((await listUsers(t.app, user)).statusCode).toBe(403);
    // …and is seen once the signalled bound (60 s by default) has passed.
    clock.advance(31);
    expect((await listUsers(t.app, user)).statusCode).toBe(200);
  });

  it('is asked for again as soon as another replica signals a change to the account', async () => {
    const user = await register(t.app, 'ulrich');
    expect((await listUsers(t.app, user)).statusCode).toBe(403);
    await setRoleDirectly(t, user.id, 'global_admin');
    // What another replica's change sends after it commits (sessions.ts).
    await t.database.db.query('SELECT pg_notify($1, $2)', [
      STREAM_SIGNAL_CHANNEL,
      `other-replica\n${streamTopics.access(user.id)}`,
    ]);
    await within(async () => (await listUsers(t.app, user)).statusCode === 200, 5_000);
  });

  it('still compares the secret on every request', async () => {
    const user = await register(t.app, 'sam');
    expect((await me(t.app, user)).statusCode).toBe(200);
    const [id, secretPart] = user.cookie.split('=')[1]!.split('.');
    const wrong = secretPart!.replace(/^./, (c) => (c === 'a' ? 'b' : 'a'));
    const res = await t.app.inject({
      url: '/api/users/me',
      headers: { cookie: `auth_session=${id}.${wrong}` },
    });
    expect(res.statusCode).toBe(401);
  });

  it('ends at once on sign-out', async () => {
    const user = await register(t.app, 'gina');
    expect((await me(t.app, user)).statusCode).toBe(200);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: user.headers,
    });
    expect(out.statusCode).toBe(200);
    expect((await me(t.app, user)).statusCode).toBe(401);
  });

  it('ends at once when the account is disabled', async () => {
    const user = await register(t.app, 'dora');
    expect((await me(t.app, user)).statusCode).toBe(200);
    expect((await adminUpdate(t.app, admin, user.id, { disabled: true })).statusCode).toBe(200);
    expect((await me(t.app, user)).statusCode).toBe(401);
  });

  it('ends at once when the account is deleted', async () => {
    const user = await register(t.app, 'dan');
    expect((await me(t.app, user)).statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/users/${user.id}`,
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(200);
    expect((await me(t.app, user)).statusCode).toBe(401);
  });

  it('carries a role change at once, both ways', async () => {
    const user = await register(t.app, 'rita');
    expect((await listUsers(t.app, user)).statusCode).toBe(403);
    const promoted = await adminUpdate(t.app, admin, user.id, { global_role: 'global_admin' });
    expect(promoted.statusCode).toBe(200);
    expect((await listUsers(t.app, user)).statusCode).toBe(200);
    const demoted = await adminUpdate(t.app, admin, user.id, { global_role: 'global_user' });
    expect(demoted.statusCode).toBe(200);
    expect((await listUsers(t.app, user)).statusCode).toBe(403);
  });

  it('ends the other sessions at once when the password changes', async () => {
    const user = await register(t.app, 'pat');
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/email/login',
      headers: json,
      payload: { login: 'pat', password: PASSWORD },
    });
    const other = login.cookies.find((c) => c.name === 'auth_session')!;
    const otherHeaders = { cookie: `auth_session=${other.value}` };
    expect((await t.app.inject({ url: '/api/users/me', headers: otherHeaders })).statusCode).toBe(
      200,
    );
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/users/me/password',
      headers: { ...user.headers, ...json },
      payload: { current_password: PASSWORD, new_password: 'a brand new passphrase' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await t.app.inject({ url: '/api/users/me', headers: otherHeaders })).statusCode).toBe(
      401,
    );
    expect((await me(t.app, user)).statusCode).toBe(200);
  });
});

describe('the session cache while signals cannot be heard', () => {
  const session = {
    sessionId: 'ses_1',
    userId: 'usr_1',
    secretHash: 'hash',
    globalRole: 'global_user' as const,
    disabled: false,
    expiresAt: new Date(Date.now() + 86_400_000),
  };

  it('trusts an entry for SESSION_CACHE_MS only, and SESSION_CACHE_SIGNALLED_MS while heard', () => {
    const clock = manualClock(new Date());
    let hearing = false;
    const cache = createSessionCache({
      cacheMs: 5000,
      signalledMs: 60_000,
      hearing: () => hearing,
      clock,
    });
    cache.remember(session, cache.epoch());
    clock.advance(4);
    expect(cache.get('ses_1')).not.toBeNull();
    hearing = true;
    clock.advance(30);
    expect(cache.get('ses_1')).not.toBeNull();
    // The listening connection dropped: what was remembered 34 s ago is no longer trusted.
    hearing = false;
    expect(cache.get('ses_1')).toBeNull();
  });

  it('asks again for a session that looks expired, since another replica may have slid it', () => {
    const clock = manualClock(new Date());
    const cache = createSessionCache({ cacheMs: 60_000, clock });
    cache.remember({ ...session, expiresAt: new Date(clock().getTime() + 1000) }, cache.epoch());
    expect(cache.get('ses_1')).not.toBeNull();
    clock.advance(2);
    expect(cache.get('ses_1')).toBeNull();
  });

  it('forgets everything when signals may have been lost', () => {
    const clock = manualClock(new Date());
    const cache = createSessionCache({ cacheMs: 60_000, clock });
    cache.remember(session, cache.epoch());
    cache.forgetAll();
    expect(cache.get('ses_1')).toBeNull();
  });
});

describe('SESSION_CACHE_MS=0', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { SESSION_CACHE_MS: '0' } });
  });
  afterAll(async () => t?.close());

  it('asks the database on every request', async () => {
    await register(t.app, 'root');
    const user = await register(t.app, 'nora');
    expect((await listUsers(t.app, user)).statusCode).toBe(403);
    await setRoleDirectly(t, user.id, 'global_admin');
    expect((await listUsers(t.app, user)).statusCode).toBe(200);
  });
});

/**
 * How long the other replica may keep answering from memory once the change committed: it hears
 * the change's signal in milliseconds, far within its SESSION_CACHE_MS (30 s here), so these
 * tests fail if the signal is not sent or not heard. Plus room for a loaded machine.
 */
const BOUND_MS = 1_000;
const SLACK_MS = 1_500;

/** Polls until `check` holds; returns the milliseconds it took. */
async function within(check: () => Promise<boolean>, limitMs: number): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > limitMs) throw new Error(`not within ${limitMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return Date.now() - started;
}

describe.skipIf(!usingPostgres())('across replicas (PostgreSQL)', () => {
  let a: TestApp;
  let b: TestApp;
  let admin: Account;
  beforeAll(async () => {
    const env = { ...sharedSecrets, SESSION_CACHE_MS: '30000' };
    a = await createTestApp({ env });
    // A second service on the same database, as behind a load balancer.
    const db = await openPostgres({ url: a.database.url!, poolMax: 4 });
    b = await createTestApp({
      env,
      database: { db, url: a.database.url, dispose: () => db.close() },
    });
    admin = await register(a.app, 'root');
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  /** Signs up on A and makes B remember the session. */
  async function rememberedOnB(username: string) {
    const user = await register(a.app, username);
    expect((await me(b.app, user)).statusCode).toBe(200);
    return user;
  }

  it('ends a signed-out session on the other replica as soon as it hears the signal', async () => {
    const user = await rememberedOnB('lena');
    const out = await a.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: user.headers,
    });
    expect(out.statusCode).toBe(200);
    expect((await me(a.app, user)).statusCode).toBe(401);
    const took = await within(
      async () => (await me(b.app, user)).statusCode === 401,
      BOUND_MS + SLACK_MS,
    );
    expect(took).toBeLessThanOrEqual(BOUND_MS + SLACK_MS);
  });

  it('ends a disabled account’s session on the other replica as soon as it hears the signal', async () => {
    const user = await rememberedOnB('otto');
    expect((await adminUpdate(a.app, admin, user.id, { disabled: true })).statusCode).toBe(200);
    expect((await me(a.app, user)).statusCode).toBe(401);
    await within(async () => (await me(b.app, user)).statusCode === 401, BOUND_MS + SLACK_MS);
  });

  it('ends the other sessions on the other replica when the password changes', async () => {
    const user = await rememberedOnB('paula');
    const login = await a.app.inject({
      method: 'POST',
      url: '/api/auth/email/login',
      headers: json,
      payload: { login: 'paula', password: PASSWORD },
    });
    const other = login.cookies.find((c) => c.name === 'auth_session')!;
    const otherHeaders = { cookie: `auth_session=${other.value}` };
    expect((await b.app.inject({ url: '/api/users/me', headers: otherHeaders })).statusCode).toBe(
      200,
    );
    const changed = await a.app.inject({
      method: 'POST',
      url: '/api/users/me/password',
      headers: { ...user.headers, ...json },
      payload: { current_password: PASSWORD, new_password: 'another brand new passphrase' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await within(
      async () =>
        (await b.app.inject({ url: '/api/users/me', headers: otherHeaders })).statusCode === 401,
      BOUND_MS + SLACK_MS,
    );
    expect((await me(b.app, user)).statusCode).toBe(200);
  });

  it('carries a role change to the other replica as soon as it hears the signal', async () => {
    const user = await rememberedOnB('ruth');
    await adminUpdate(a.app, admin, user.id, { global_role: 'global_admin' });
    expect((await listUsers(a.app, user)).statusCode).toBe(200);
    await within(
      async () => (await listUsers(b.app, user)).statusCode === 200,
      BOUND_MS + SLACK_MS,
    );
    await adminUpdate(a.app, admin, user.id, { global_role: 'global_user' });
    expect((await listUsers(a.app, user)).statusCode).toBe(403);
    await within(
      async () => (await listUsers(b.app, user)).statusCode === 403,
      BOUND_MS + SLACK_MS,
    );
  });
});
