import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { bearerFor, register, type Account } from '../helpers/accounts.js';
import { manualClock } from '../helpers/clock.js';
import { createTestDatabase } from '../helpers/database.js';

const LIMITS = {
  API_LIMIT_PER_ACCOUNT: '5',
  API_LIMIT_PER_OAUTH_CLIENT: '3',
  API_LIMIT_WINDOW_SECONDS: '60',
};
const clock = manualClock(new Date());
let t: TestApp;
/** A second replica on the same database. */
let replica: TestApp;

beforeAll(async () => {
  const database = await createTestDatabase();
  t = await createTestApp({ clock, env: LIMITS, database });
  replica = await createTestApp({ clock, env: LIMITS, database });
});
afterAll(async () => {
  await replica?.app.close();
  await t?.close();
});

const me = (app: TestApp, headers: Record<string, string>, remoteAddress = '127.0.0.1') =>
  app.app.inject({ url: '/api/users/me', headers, remoteAddress });

describe('limits keyed on identity', () => {
  let alice: Account;
  let bob: Account;
  beforeAll(async () => {
    alice = await register(t.app, 'alice');
    bob = await register(t.app, 'bob');
  });

  it('counts an account wherever it calls from, and says how much is left', async () => {
    for (let i = 1; i <= 5; i++) {
      const res = await me(t, alice.headers, `10.0.0.${i}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['ratelimit-limit']).toBe('5');
      expect(res.headers['ratelimit-remaining']).toBe(String(5 - i));
      expect(res.headers['ratelimit-policy']).toBe('5;w=60');
      expect(Number(res.headers['ratelimit-reset'])).toBeGreaterThan(0);
    }
    const refused = await me(t, alice.headers, '10.9.9.9');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      success: false,
      error: 'Too many requests; try again later',
      code: 'RATE_LIMITED',
      retry_after: Number(refused.headers['retry-after']),
    });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.headers['ratelimit-remaining']).toBe('0');
  });

  it('does not count other accounts behind the same address', async () => {
    const res = await me(t, bob.headers, '10.0.0.1');
    expect(res.statusCode).toBe(200);
    expect(res.headers['ratelimit-remaining']).toBe('4');
  });

  it('starts again once the window is over', async () => {
    clock.advance(61);
    expect((await me(t, alice.headers)).statusCode).toBe(200);
  });

  it('holds across replicas: both count in the database', async () => {
    const carol = await register(t.app, 'carol');
    for (let i = 0; i < 5; i++)
      expect((await me(i % 2 ? replica : t, carol.headers)).statusCode).toBe(200);
    expect((await me(replica, carol.headers)).statusCode).toBe(429);
    expect((await me(t, carol.headers)).statusCode).toBe(429);
  });

  it('counts an OAuth client per account it acts for, apart from the account’s other use', async () => {
    const dave = await register(t.app, 'dave');
    const erin = await register(t.app, 'erin');
    const daveApp = await bearerFor(t.database.db, dave.id, ['user:read', 'account:read'], clock);
    const erinApp = await bearerFor(t.database.db, erin.id, ['user:read', 'account:read'], clock);
    for (let i = 1; i <= 3; i++) {
      const res = await me(t, daveApp);
      expect(res.statusCode, res.body).toBe(200);
      // The tighter of the two limits is the one shown; both are listed.
      expect(res.headers['ratelimit-limit']).toBe('3');
      expect(res.headers['ratelimit-remaining']).toBe(String(3 - i));
      expect(res.headers['ratelimit-policy']).toBe('5;w=60, 3;w=60');
    }
    expect((await me(t, daveApp)).statusCode).toBe(429);
    // The same client acting for another account has its own allowance…
    expect((await me(t, erinApp)).statusCode).toBe(200);
    // …and the account itself still has the web UI (4 of 5 used: the refused call counts too).
    const web = await me(t, dave.headers);
    expect(web.statusCode).toBe(200);
    expect(web.headers['ratelimit-remaining']).toBe('0');
  });

  it('leaves public routes alone', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['ratelimit-limit']).toBeUndefined();
  });
});

describe('switched off', () => {
  it('adds no limit and no headers with both limits at 0', async () => {
    const off = await createTestApp({
      env: { API_LIMIT_PER_ACCOUNT: '0', API_LIMIT_PER_OAUTH_CLIENT: '0' },
    });
    try {
      const frank = await register(off.app, 'frank');
      const res = await me(off, frank.headers);
      expect(res.statusCode).toBe(200);
      expect(res.headers['ratelimit-limit']).toBeUndefined();
    } finally {
      await off.close();
    }
  });
});
