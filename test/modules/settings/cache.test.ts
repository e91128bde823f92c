import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, register, type Account } from '../../helpers/accounts.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { usingPostgres } from '../../helpers/database.js';
import { secondReplica, within } from '../../helpers/replicas.js';

const KEY = 'smtp.host';

/** The setting as `GET /api/settings/{key}` answers it. */
async function host(t: TestApp, by: Account): Promise<unknown> {
  const res = await t.app.inject({ url: `/api/settings/${KEY}`, headers: by.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.setting.value;
}

const setHost = async (t: TestApp, by: Account, value: string) => {
  const res = await t.app.inject({
    method: 'PATCH',
    url: '/api/settings',
    headers: { ...json, ...by.headers },
    payload: { values: { [KEY]: value } },
  });
  expect(res.statusCode, res.body).toBe(200);
};

/** A write nobody announces: straight to the table, as another process would. */
const writeBehindTheBack = (t: TestApp, value: string) =>
  t.database.db.query(
    `INSERT INTO global_settings (key, value, updated_at) VALUES ($1, $2, now())
     ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
    [KEY, JSON.stringify(value)],
  );

describe('settings on the replica that serves the change', () => {
  let t: TestApp;
  let root: Account;
  beforeAll(async () => {
    t = await createTestApp({ env: { SETTINGS_CACHE_MS: '600000' } });
    root = await register(t.app, 'root');
    // Without the database's signal (migration 0027), only the replica's own forgetting is left.
    await t.database.db.query('DROP TRIGGER settings_changed ON global_settings');
  });
  afterAll(async () => t?.close());

  it('are remembered: a change nobody announces is not seen', async () => {
    expect(await host(t, root)).toBeNull();
    await writeBehindTheBack(t, 'unannounced.example.com');
    expect(await host(t, root)).toBeNull();
  });

  it('show the replica’s own change and reset at once', async () => {
    await setHost(t, root, 'smtp.example.com');
    expect(await host(t, root)).toBe('smtp.example.com');
    const reset = await t.app.inject({
      method: 'DELETE',
      url: `/api/settings/${KEY}`,
      headers: root.headers,
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(await host(t, root)).toBeNull();
  });
});

describe('settings changed outside any request (the CLI, key rotation)', () => {
  let t: TestApp;
  let root: Account;
  beforeAll(async () => {
    t = await createTestApp({ env: { SETTINGS_CACHE_MS: '600000' } });
    root = await register(t.app, 'root');
  });
  afterAll(async () => t?.close());

  it('are seen once the database’s signal is heard', async () => {
    expect(await host(t, root)).toBeNull();
    await writeBehindTheBack(t, 'from-the-cli.example.com');
    await within(async () => (await host(t, root)) === 'from-the-cli.example.com', 2000);
  });
});

describe('settings remembered for 0 ms', () => {
  let t: TestApp;
  let root: Account;
  beforeAll(async () => {
    t = await createTestApp({ env: { SETTINGS_CACHE_MS: '0' } });
    root = await register(t.app, 'root');
    await t.database.db.query('DROP TRIGGER settings_changed ON global_settings');
  });
  afterAll(async () => t?.close());

  it('are read from the database every time', async () => {
    expect(await host(t, root)).toBeNull();
    await writeBehindTheBack(t, 'read-every-time.example.com');
    expect(await host(t, root)).toBe('read-every-time.example.com');
  });
});

describe.skipIf(!usingPostgres())('settings across replicas (PostgreSQL)', () => {
  let a: TestApp;
  let b: TestApp;
  let root: Account;
  beforeAll(async () => {
    // Remembered for 10 minutes: only the signal can make replica B see a change in time.
    const env = { SETTINGS_CACHE_MS: '600000' };
    a = await createTestApp({ env });
    b = await secondReplica(a, env);
    root = await register(a.app, 'root');
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('another replica shows a change once it hears the signal', async () => {
    expect(await host(b, root)).toBeNull();
    await setHost(a, root, 'replica-a.example.com');
    await within(async () => (await host(b, root)) === 'replica-a.example.com', 2000);
  });
});
