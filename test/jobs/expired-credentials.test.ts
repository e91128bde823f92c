import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { register, type Account } from '../helpers/accounts.js';
import { DAY, manualClock } from '../helpers/clock.js';
import { createToken } from '../helpers/satellites.js';

const clock = manualClock(new Date('2026-03-01T12:00:00Z'));
let t: TestApp;
let admin: Account;

beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = await register(t.app, 'admin');
});
afterAll(async () => t?.close());

const count = async (table: string) =>
  (await t.database.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]!.n;

it('deletes sessions and registration tokens a day after they expire, and keeps live ones', async () => {
  await createToken(t.app, admin.headers, { scope: 'global' }); // expires in 1 hour
  expect(await count('satellite_registration_tokens')).toBe(1);
  const sessionsBefore = await count('sessions');

  // One hour and a day later: the token is past its grace day, the session (30 days) is not.
  clock.advance(3600 + DAY + 60);
  expect(await t.app.jobs.run('expired-credentials')).toBe(true);
  expect(await count('satellite_registration_tokens')).toBe(0);
  expect(await count('sessions')).toBe(sessionsBefore);

  // A month later the old session has expired too; a new one stays.
  clock.advance(31 * DAY);
  const fresh = await register(t.app, 'fresh');
  await t.app.jobs.run('expired-credentials');
  const left = await t.database.db.query<{ user_id: string }>('SELECT user_id FROM sessions');
  expect(left.map((r) => r.user_id)).toEqual([fresh.id]);
});
