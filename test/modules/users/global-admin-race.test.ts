import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { json, login, register, sessionCookieOf, type Account } from '../../helpers/accounts.js';

let t: TestApp;
let alice: Account;
let bob: Account;
beforeAll(async () => {
  t = await createTestApp({ env: { LOGIN_LIMIT_PER_ADDRESS: '10000' } });
  alice = await register(t.app, 'alice');
  bob = await register(t.app, 'bob');
});
afterAll(async () => t?.close());

const patch = (by: Account, target: Account, body: object) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/users/${target.id}`,
    headers: { ...json, ...by.headers },
    payload: body,
  });

async function activeAdmins(): Promise<string[]> {
  const rows = await t.database.db.query<{ id: string }>(
    `SELECT id FROM users WHERE global_role = 'global_admin' AND disabled_at IS NULL`,
  );
  return rows.map((r) => r.id);
}

/** Makes exactly these accounts the active global admins, signed in afresh (disabling ends sessions). */
async function onlyAdmins(...accounts: Account[]) {
  const ids = accounts.map((a) => a.id);
  await t.database.db.query(
    `UPDATE users SET global_role = CASE WHEN id = ANY($1) THEN 'global_admin' ELSE 'global_user' END,
       disabled_at = NULL`,
    [ids],
  );
  for (const account of accounts) {
    account.cookie = sessionCookieOf(await login(t.app, account.username));
    account.headers = { cookie: account.cookie };
  }
}

const changes = [
  { name: 'two demotions', a: { global_role: 'global_user' }, b: { global_role: 'global_user' } },
  { name: 'two disablings', a: { disabled: true }, b: { disabled: true } },
  { name: 'a demotion and a disabling', a: { global_role: 'global_user' }, b: { disabled: true } },
];

describe('security: the last global admin survives concurrent changes', () => {
  it.each(changes)('$name at once leave one active global admin', async ({ a, b }) => {
    // Several rounds: without a lock the two checks interleave often but not every time.
    for (let round = 0; round < 8; round++) {
      await onlyAdmins(alice, bob);
      // Each admin changes their own account: the other request cannot take away the
      // permission to ask, so the only possible refusal is the last-admin rule.
      const [first, second] = await Promise.all([patch(alice, alice, a), patch(bob, bob, b)]);
      const statuses = [first.statusCode, second.statusCode].sort();
      expect(statuses, `round ${round}: ${first.body} ${second.body}`).toEqual([200, 409]);
      const refused = first.statusCode === 409 ? first : second;
      expect(refused.json()).toMatchObject({ success: false, code: 'LAST_GLOBAL_ADMIN' });
      expect(await activeAdmins()).toHaveLength(1);
    }
  });

  it('a deletion and a disabling at once leave one active global admin', async () => {
    for (let round = 0; round < 4; round++) {
      const carl = await register(t.app, `carl${round}`);
      await onlyAdmins(carl, alice);
      const [deleted, disabled] = await Promise.all([
        t.app.inject({ method: 'DELETE', url: `/api/users/${carl.id}`, headers: carl.headers }),
        patch(alice, alice, { disabled: true }),
      ]);
      expect([deleted.statusCode, disabled.statusCode].sort()).toEqual([200, 409]);
      expect(await activeAdmins()).toHaveLength(1);
    }
  });
});
