import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { bearerFor, register, type Account } from '../helpers/accounts.js';
import { manualClock } from '../helpers/clock.js';
import { createTestDatabase } from '../helpers/database.js';

const LIMITS = {
  API_LIMIT_PER_ACCOUNT: '5',
  API_LIMIT_PER_OAUTH_CLIENT: '3',
  API_LIMIT_WINDOW_SECONDS: '60',
  // The replicas sync when a test says so (sync() below), never in the middle of one.
  API_LIMIT_SYNC_MS: '60000',
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
/** What the background sync does every API_LIMIT_SYNC_MS, now. */
const sync = (app: TestApp) => app.app.rateLimits.everyCaller!.sync!();
/** The shared count of an account in the database (null: no row). */
async function storedCount(app: TestApp, account: Account): Promise<number | null> {
  const [row] = await app.database.db.query<{ count: number }>(
    'SELECT count FROM rate_limits WHERE key = $1',
    [`api:account:${account.id}`],
  );
  return row ? row.count : null;
}

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

  it('writes nothing while answering: the count reaches the database with the next sync', async () => {
    const gina = await register(t.app, 'gina');
    for (let i = 0; i < 3; i++) expect((await me(t, gina.headers)).statusCode).toBe(200);
    expect(await storedCount(t, gina)).toBeNull();
    await sync(t);
    expect(await storedCount(t, gina)).toBe(3);
    // A sync with nothing new adds nothing.
    await sync(t);
    expect(await storedCount(t, gina)).toBe(3);
    expect((await me(t, gina.headers)).headers['ratelimit-remaining']).toBe('1');
  });

  it('holds across replicas once they have synced', async () => {
    const carol = await register(t.app, 'carol');
    for (let i = 0; i < 4; i++)
      expect((await me(i % 2 ? replica : t, carol.headers)).statusCode).toBe(200);
    // Each replica adds its own hits and reads back the other's: 4 of 5 used.
    await sync(t);
    await sync(replica);
    await sync(t);
    const last = await me(t, carol.headers);
    expect(last.statusCode).toBe(200);
    expect(last.headers['ratelimit-remaining']).toBe('0');
    await sync(t);
    await sync(replica);
    expect((await me(replica, carol.headers)).statusCode).toBe(429);
    expect((await me(t, carol.headers)).statusCode).toBe(429);
    expect(await storedCount(t, carol)).toBe(5);
  });

  it('between syncs, lets an account past its limit by no more than the other replica admitted', async () => {
    const hank = await register(t.app, 'hank');
    let admitted = 0;
    let admittedByReplica = 0;
    for (let i = 0; i < 3; i++) if ((await me(t, hank.headers)).statusCode === 200) admitted++;
    await sync(t);
    // The replica reads the shared 3 when it first meets the account, then counts on alone.
    for (let i = 0; i < 2; i++)
      if ((await me(replica, hank.headers)).statusCode === 200) admittedByReplica++;
    // Meanwhile t has not heard of the replica's 2: it admits 2 more from its own count.
    for (let i = 0; i < 3; i++) if ((await me(t, hank.headers)).statusCode === 200) admitted++;
    expect(admittedByReplica).toBe(2);
    expect(admitted).toBe(5);
    const total = admitted + admittedByReplica;
    expect(total - 5).toBeLessThanOrEqual(admittedByReplica);
    // One round of syncs and both replicas refuse.
    await sync(replica);
    await sync(t);
    await sync(replica);
    expect((await me(t, hank.headers)).statusCode).toBe(429);
    expect((await me(replica, hank.headers)).statusCode).toBe(429);
  });

  it('knows the shared count on a replica that meets the account for the first time', async () => {
    const ivy = await register(t.app, 'ivy');
    for (let i = 0; i < 5; i++) expect((await me(t, ivy.headers)).statusCode).toBe(200);
    await sync(t);
    const refused = await me(replica, ivy.headers);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('sends what it has counted when the app closes', async () => {
    const jack = await register(t.app, 'jack');
    const closing = await createTestApp({ clock, env: LIMITS, database: t.database });
    for (let i = 0; i < 4; i++) expect((await me(closing, jack.headers)).statusCode).toBe(200);
    expect(await storedCount(t, jack)).toBeNull();
    await closing.app.close();
    expect(await storedCount(t, jack)).toBe(4);
    expect((await me(t, jack.headers)).headers['ratelimit-remaining']).toBe('0');
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

describe('syncing the counts', () => {
  it('keeps the hits of a failed sync and sends them once with the next', async () => {
    const failing = await createTestApp({ clock, env: LIMITS });
    try {
      const kim = await register(failing.app, 'kim');
      for (let i = 0; i < 2; i++) expect((await me(failing, kim.headers)).statusCode).toBe(200);
      // A real failure: the table is away while the sync runs.
      await failing.database.db.query('ALTER TABLE rate_limits RENAME TO rate_limits_away');
      await sync(failing);
      await failing.database.db.query('ALTER TABLE rate_limits_away RENAME TO rate_limits');
      expect(await storedCount(failing, kim)).toBeNull();
      // Still counted here meanwhile: 3 of 5.
      expect((await me(failing, kim.headers)).headers['ratelimit-remaining']).toBe('2');
      await sync(failing);
      expect(await storedCount(failing, kim)).toBe(3);
      await sync(failing);
      expect(await storedCount(failing, kim)).toBe(3);
    } finally {
      await failing.close();
    }
  });

  it('syncs in the background every API_LIMIT_SYNC_MS', async () => {
    const quick = await createTestApp({ clock, env: { ...LIMITS, API_LIMIT_SYNC_MS: '20' } });
    try {
      const lee = await register(quick.app, 'lee');
      for (let i = 0; i < 2; i++) expect((await me(quick, lee.headers)).statusCode).toBe(200);
      const deadline = Date.now() + 5000;
      while ((await storedCount(quick, lee)) !== 2 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 20));
      expect(await storedCount(quick, lee)).toBe(2);
    } finally {
      await quick.close();
    }
  });
});

describe('an idle replica', () => {
  // Windows start on the minute: the test stays inside one.
  const idleClock = manualClock(new Date(Date.UTC(2026, 0, 1, 12, 0, 0)));
  const env = { ...LIMITS, API_LIMIT_SYNC_MS: '1000' };
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    const database = await createTestDatabase();
    a = await createTestApp({ clock: idleClock, env, database });
    b = await createTestApp({ clock: idleClock, env, database });
  });
  afterAll(async () => {
    await b?.app.close();
    await a?.close();
  });

  it('stops reading the shared counts, and reads them again before its next answer', async () => {
    const kim = await register(a.app, 'kim');
    for (let i = 0; i < 2; i++) expect((await me(a, kim.headers)).statusCode).toBe(200);
    await sync(a);
    // Five syncs' time without a hit on the key: a sync then asks the database nothing.
    idleClock.advance(6);
    const query = a.database.db.query.bind(a.database.db);
    let statements = 0;
    a.database.db.query = ((...args: Parameters<typeof query>) => {
      statements += 1;
      return query(...args);
    }) as typeof query;
    try {
      await sync(a);
      expect(statements).toBe(0);
    } finally {
      a.database.db.query = query;
    }
    // Meanwhile the other replica uses up the limit…
    for (let i = 0; i < 3; i++) expect((await me(b, kim.headers)).statusCode).toBe(200);
    await sync(b);
    // …which the idle replica reads before it answers again.
    expect((await me(a, kim.headers)).statusCode).toBe(429);
  });
});
