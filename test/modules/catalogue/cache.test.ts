import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, register, type Account } from '../../helpers/accounts.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { createServer } from '../../helpers/catalogue.js';
import { usingPostgres } from '../../helpers/database.js';
import { secondReplica, within } from '../../helpers/replicas.js';

/** The names a catalogue list (or search) answers with, and its total. */
async function names(t: TestApp, reader: Account, url = '/api/mcp/servers?limit=50') {
  const res = await t.app.inject({ url, headers: reader.headers });
  expect(res.statusCode, res.body).toBe(200);
  const data = res.json().data as {
    servers: Array<{ name: string }>;
    pagination: { total: number };
  };
  return { names: data.servers.map((s) => s.name).sort(), total: data.pagination.total };
}

const rename = (t: TestApp, id: string, name: string) =>
  t.database.db.query(`UPDATE mcp_servers SET name = $1 WHERE id = $2`, [name, id]);

// Remembered for 10 minutes: only forgetting can make a change show in time.
const env = { CATALOGUE_CACHE_MS: '600000' };

describe('on the replica that serves the change', () => {
  let t: TestApp;
  let root: Account;
  let reader: Account;
  let clock: { id: string };
  beforeAll(async () => {
    t = await createTestApp({ env });
    root = await register(t.app, 'root');
    reader = await register(t.app, 'reader');
    clock = await createServer(t.app, root.headers, { name: 'Clock' });
    // Without the database's `catalogue` signal (migration 0019): what shows here is what this
    // replica forgot by itself.
    await t.database.db.query('DROP TRIGGER catalogue_changed ON mcp_servers');
  });
  afterAll(async () => t?.close());

  it('remembers list and search answers: a change nobody announces is not seen', async () => {
    expect((await names(t, reader)).names).toEqual(['Clock']);
    const search = '/api/mcp/servers/search?q=clock';
    expect((await names(t, reader, search)).names).toEqual(['Clock']);
    await rename(t, clock.id, 'Unannounced clock');
    expect((await names(t, reader)).names).toEqual(['Clock']);
    expect((await names(t, reader, search)).names).toEqual(['Clock']);
  });

  it('shows an administrator’s change at once', async () => {
    await createServer(t.app, root.headers, { name: 'Weather' });
    expect(await names(t, reader)).toEqual({ names: ['Unannounced clock', 'Weather'], total: 2 });
    const renamed = await t.app.inject({
      method: 'PUT',
      url: `/api/mcp/servers/global/${clock.id}`,
      headers: { ...json, ...root.headers },
      payload: { name: 'Clock' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await names(t, reader)).names).toEqual(['Clock', 'Weather']);
  });
});

describe('changes made outside any request (registry syncs, the CLI)', () => {
  let t: TestApp;
  let root: Account;
  beforeAll(async () => {
    t = await createTestApp({ env });
    root = await register(t.app, 'root');
  });
  afterAll(async () => t?.close());

  it('are seen once the database’s signal is heard', async () => {
    const clock = await createServer(t.app, root.headers, { name: 'Clock' });
    expect((await names(t, root)).names).toEqual(['Clock']);
    await rename(t, clock.id, 'Synced clock');
    await within(async () => (await names(t, root)).names[0] === 'Synced clock', 2000);
  });
});

describe.skipIf(!usingPostgres())('across replicas (PostgreSQL)', () => {
  let a: TestApp;
  let b: TestApp;
  let root: Account;
  beforeAll(async () => {
    a = await createTestApp({ env });
    b = await secondReplica(a, env);
    root = await register(a.app, 'root');
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('another replica lists a new server once it hears the signal', async () => {
    await createServer(a.app, root.headers, { name: 'Clock' });
    expect((await names(b, root)).names).toEqual(['Clock']);
    await createServer(a.app, root.headers, { name: 'Weather' });
    await within(async () => (await names(b, root)).total === 2, 2000);
  });
});
