import { stat, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema/index.js';
import type { DatabaseTarget } from '../../src/db/target.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createScratchPostgres, createTestDatabase, usingPostgres } from '../helpers/database.js';
import { installTestCredentials } from '../helpers/probe-routes.js';

const apps: TestApp[] = [];
afterEach(async () => {
  while (apps.length) await apps.pop()!.close();
});

async function app(options: Parameters<typeof createTestApp>[0] = {}) {
  const created = await createTestApp({ ...options, extend: installTestCredentials });
  apps.push(created);
  return created;
}

const json = { 'content-type': 'application/json' };

async function addAccount(t: TestApp) {
  await t.database.db.orm.insert(users).values({
    id: 'usr_first',
    username: 'first',
    email: 'first@example.com',
    globalRole: 'global_admin',
  });
}

describe('GET /api/health', () => {
  it('reports the database as reachable with its version', async () => {
    const t = await app();
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ status: 'ok', version: '0.20.5', database: { reachable: true } });
    expect(data.database.server_version).toMatch(/^\d+/);
    expect(data.database.dialect).toBe(usingPostgres() ? 'postgresql' : 'pglite');
  });

  it('answers 503 with the error envelope when the database is down', async () => {
    const database = await createTestDatabase();
    const t = await createTestApp({ database });
    await database.db.close();
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ success: false, error: 'The database is unreachable' });
    await t.app.close();
    // dispose would close the database a second time; drop only what is left.
    database.dispose = async () => undefined;
  });
});

describe('GET /api/db/status', () => {
  it('reports an unconfigured embedded default with every migration applied', async () => {
    const t = await app({ target: { dialect: 'pglite', url: null, source: 'default' } });
    const res = await t.app.inject({ url: '/api/db/status' });
    expect(res.json().data).toMatchObject({
      configured: false,
      dialect: 'pglite',
      source: 'default',
      migrations: { pending: 0, latest: expect.stringMatching(/\.sql$/) },
    });
    expect(res.json().data.migrations.applied).toBeGreaterThan(0);
  });

  it('counts DATABASE_URL in the environment as configured', async () => {
    const t = await app({
      target: { dialect: 'postgresql', url: 'postgres://x', source: 'environment' },
    });
    expect((await t.app.inject({ url: '/api/db/status' })).json().data.configured).toBe(true);
  });
});

describe('GET /api/db/migrations', () => {
  it('lists applied migrations with pagination while no account exists', async () => {
    const t = await app();
    const res = await t.app.inject({ url: '/api/db/migrations?limit=1' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.pagination).toMatchObject({ limit: 1, offset: 0 });
    expect(res.json().data.migrations[0].name).toMatch(/^0000_/);
  });

  it('needs a global administrator once an account exists', async () => {
    const t = await app();
    await addAccount(t);
    expect((await t.app.inject({ url: '/api/db/migrations' })).statusCode).toBe(401);
    const asUser = await t.app.inject({
      url: '/api/db/migrations',
      headers: { cookie: 'auth_session=user-session' },
    });
    expect(asUser.statusCode).toBe(403);
    const asAdmin = await t.app.inject({
      url: '/api/db/migrations',
      headers: { cookie: 'auth_session=admin-session' },
    });
    expect(asAdmin.statusCode).toBe(200);
  });
});

describe('POST /api/db/setup', () => {
  it('keeps the embedded database, saves the choice with mode 0600, then answers 409', async () => {
    const configured: DatabaseTarget[] = [];
    const t = await app({
      target: { dialect: 'pglite', url: null, source: 'default' },
      onDatabaseConfigured: (x) => configured.push(x),
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/db/setup',
      headers: json,
      payload: { dialect: 'pglite' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      data: { dialect: 'pglite', restarting: false },
    });
    const file = path.join(t.config.dataDir, 'database.json');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(JSON.parse(await readFile(file, 'utf8')).dialect).toBe('pglite');
    expect(configured).toEqual([]);
    expect((await t.app.inject({ url: '/api/db/status' })).json().data).toMatchObject({
      configured: true,
    });
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/db/setup',
      headers: json,
      payload: { dialect: 'pglite' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('The database is already configured');
  });

  it('lets only one of two concurrent set-ups win', async () => {
    const t = await app();
    const results = await Promise.all(
      [1, 2].map(() =>
        t.app.inject({
          method: 'POST',
          url: '/api/db/setup',
          headers: json,
          payload: { dialect: 'pglite' },
        }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  it('answers 409 when DATABASE_URL is set in the environment', async () => {
    const t = await app({
      target: { dialect: 'postgresql', url: 'postgres://x', source: 'environment' },
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/db/setup',
      headers: json,
      payload: { dialect: 'pglite' },
    });
    expect(res.statusCode).toBe(409);
  });

  it.each([
    [{ dialect: 'mysql' }, 'body.dialect must be one of: pglite, postgresql'],
    [{ dialect: 'postgresql' }, 'body.database_url is required when dialect is postgresql'],
    [
      { dialect: 'postgresql', database_url: 'mysql://x' },
      'body.database_url must match pattern "^postgres(ql)?://"',
    ],
    [
      { dialect: 'pglite', database_url: 'postgres://x' },
      'body.database_url is only allowed when dialect is postgresql',
    ],
    [{ dialect: 'pglite', extra: 1 }, 'body.extra is not an allowed property'],
  ])('rejects %j with a clear 400', async (payload, message) => {
    const t = await app();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/db/setup',
      headers: json,
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(message);
  });

  it('answers 400 for an unreachable PostgreSQL without echoing the password', async () => {
    const t = await app();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/db/setup',
      headers: json,
      payload: {
        dialect: 'postgresql',
        database_url: 'postgres://someone:hunter2@127.0.0.1:1/none',
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/^Could not connect to PostgreSQL: /);
    expect(res.body).not.toContain('hunter2');
    expect((await t.app.inject({ url: '/api/db/status' })).json().data.configured).toBe(false);
  });

  it('is closed to anonymous callers and plain users once an account exists, even with a bad body', async () => {
    const t = await app();
    await addAccount(t);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/db/setup',
      headers: json,
      payload: { nonsense: 1 },
    });
    expect(anonymous.statusCode).toBe(401);
    const plain = await t.app.inject({
      method: 'POST',
      url: '/api/db/setup',
      headers: { ...json, cookie: 'auth_session=user-session' },
      payload: { nonsense: 1 },
    });
    expect(plain.statusCode).toBe(403);
    const adminRes = await t.app.inject({
      method: 'POST',
      url: '/api/db/setup',
      headers: { ...json, cookie: 'auth_session=admin-session' },
      payload: { dialect: 'pglite' },
    });
    expect(adminRes.statusCode).toBe(200);
  });

  it.runIf(usingPostgres())(
    'checks, migrates and saves a PostgreSQL URL, then asks to move over',
    async () => {
      const scratch = await createScratchPostgres();
      try {
        const configured: DatabaseTarget[] = [];
        const t = await app({
          target: { dialect: 'pglite', url: null, source: 'default' },
          onDatabaseConfigured: (x) => configured.push(x),
        });
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/db/setup',
          headers: json,
          payload: { dialect: 'postgresql', database_url: scratch.url },
        });
        expect(res.statusCode).toBe(200);
        expect(res.json().data).toEqual({ dialect: 'postgresql', restarting: true });
        expect(configured).toEqual([{ dialect: 'postgresql', url: scratch.url, source: 'setup' }]);
        const saved = JSON.parse(
          await readFile(path.join(t.config.dataDir, 'database.json'), 'utf8'),
        );
        expect(saved.database_url).toBe(scratch.url);
        const pg = await import('pg');
        const client = new pg.default.Client({ connectionString: scratch.url });
        await client.connect();
        const { rows } = await client.query('SELECT count(*)::int AS n FROM schema_migrations');
        await client.end();
        expect(rows[0].n).toBeGreaterThan(0);
      } finally {
        await apps.pop()?.close();
        await scratch.drop();
      }
    },
  );
});
