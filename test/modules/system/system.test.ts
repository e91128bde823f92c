import { stat, readFile } from 'node:fs/promises';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { users } from '../../../src/db/schema/index.js';
import type { DatabaseTarget } from '../../../src/db/target.js';
import { createLogger } from '../../../src/lib/logger.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import {
  createScratchPostgres,
  createTestDatabase,
  usingPostgres,
} from '../../helpers/database.js';
import { installTestCredentials } from '../../helpers/probe-routes.js';

const apps: TestApp[] = [];
afterEach(async () => {
  while (apps.length) await apps.pop()!.close();
});

/** What each app logged, to read the first-run set-up code the way an operator does. */
const logs = new WeakMap<TestApp, Array<Record<string, any>>>();

async function app(options: Parameters<typeof createTestApp>[0] = {}) {
  const lines: Array<Record<string, any>> = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n')) if (line) lines.push(JSON.parse(line));
      done();
    },
  });
  const created = await createTestApp({
    logger: createLogger('info', stream),
    ...options,
    extend: installTestCredentials,
  });
  apps.push(created);
  logs.set(created, lines);
  return created;
}

const CODE_LINE = /^First-run set-up code: ([A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}) /;

/** The log lines that announce a set-up code. */
function codeLines(t: TestApp) {
  return (logs.get(t) ?? []).filter((l) => CODE_LINE.test(String(l.msg)));
}

/** The code the app logged at start, as the operator reads it off the log. */
function setupCodeOf(t: TestApp): string {
  const line = codeLines(t)[0];
  if (!line) throw new Error('no set-up code was logged');
  return CODE_LINE.exec(String(line.msg))![1]!;
}

const json = { 'content-type': 'application/json' };
/** Headers for an anonymous first-run set-up call that carries the logged code. */
const withCode = (t: TestApp) => ({ ...json, 'x-setup-code': setupCodeOf(t) });

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
    // Closing it again fails; what is left, a scratch PostgreSQL database, is dropped regardless.
    await database.dispose().catch(() => undefined);
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
      headers: withCode(t),
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
          headers: withCode(t),
          payload: { dialect: 'pglite' },
        }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  it('answers 409 without asking for a code when DATABASE_URL is set in the environment', async () => {
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
      headers: withCode(t),
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(message);
  });

  it('answers an unreachable PostgreSQL with a generic 400 that names no host, port or error', async () => {
    const t = await app();
    const attempts = [
      'postgres://someone:hunter2@127.0.0.1:1/none',
      'postgres://someone:hunter2@no-such-host.invalid:5432/none',
    ];
    for (const databaseUrl of attempts) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/db/setup',
        headers: withCode(t),
        payload: { dialect: 'postgresql', database_url: databaseUrl },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        success: false,
        error: 'Could not connect to the database',
      });
      for (const detail of ['hunter2', '127.0.0.1', 'no-such-host', ':1', 'ECONN', 'ENOTFOUND'])
        expect(res.body).not.toContain(detail);
    }
    expect((await t.app.inject({ url: '/api/db/status' })).json().data.configured).toBe(false);
    // The operator gets the reason in the log, still without the password.
    const logged = (logs.get(t) ?? []).filter(
      (l) => l.msg === 'first-run set-up could not connect',
    );
    expect(logged).toHaveLength(2);
    expect(JSON.stringify(logged)).not.toContain('hunter2');
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
          headers: withCode(t),
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

describe('security: first-run set-up needs the one-time code from the log', () => {
  /** The same database for a second app (a restart); the first app's close disposes of it. */
  const borrowed = (t: TestApp) => ({ ...t.database, dispose: async () => undefined });
  const setup = (
    t: TestApp,
    headers: Record<string, string>,
    payload: Record<string, unknown>,
    query = '',
  ) => t.app.inject({ method: 'POST', url: `/api/db/setup${query}`, headers, payload });

  it('logs a code once at the first start, and none once the database is set up', async () => {
    const t = await app();
    expect(codeLines(t)).toHaveLength(1);
    expect(codeLines(t)[0]!.level).toBe(40);
    expect((await setup(t, withCode(t), { dialect: 'pglite' })).statusCode).toBe(200);
    const later = await app({ env: { DATA_DIR: t.config.dataDir }, database: borrowed(t) });
    expect(codeLines(later)).toEqual([]);
  });

  it('logs no code when an account already exists at start', async () => {
    const first = await app();
    await addAccount(first);
    const t = await app({ database: borrowed(first) });
    expect(codeLines(t)).toEqual([]);
  });

  it('refuses an anonymous caller without the code with 403, before validating the request', async () => {
    const t = await app();
    const missing = await setup(t, json, { dialect: 'pglite' });
    expect(missing.statusCode).toBe(403);
    expect(missing.json()).toMatchObject({
      success: false,
      error: expect.stringMatching(/set-up code/),
    });
    const badRequest = await setup(t, json, { nonsense: 1 }, '?not_a_parameter=1');
    expect(badRequest.statusCode).toBe(403);
    const wrong = await setup(
      t,
      { ...json, 'x-setup-code': 'AAAA-BBBB-CCCC' },
      { dialect: 'pglite' },
    );
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error).toBe('The set-up code is not valid');
    const wrongInBody = await setup(t, json, { dialect: 'pglite', setup_code: 'AAAA-BBBB-CCCC' });
    expect(wrongInBody.statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/db/status' })).json().data.configured).toBe(false);
  });

  it('accepts the code in the body, whatever its case and dashes', async () => {
    const t = await app();
    const code = setupCodeOf(t).toLowerCase().replace(/-/g, ' ');
    const res = await setup(t, json, { dialect: 'pglite', setup_code: code });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('answers 429 to an address after 10 wrong codes, even with the right one', async () => {
    const t = await app();
    const from = (remoteAddress: string, code: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/db/setup',
        remoteAddress,
        headers: { ...json, 'x-setup-code': code },
        payload: { dialect: 'pglite' },
      });
    const statuses = [];
    for (let i = 0; i < 11; i++) statuses.push((await from('203.0.113.5', 'WRONG')).statusCode);
    expect(statuses).toEqual([...Array<number>(10).fill(403), 429]);
    const blocked = await from('203.0.113.5', setupCodeOf(t));
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
    // Another address is not held back by the first one's guesses.
    expect((await from('203.0.113.6', setupCodeOf(t))).statusCode).toBe(200);
  });

  it('lets a signed-in global administrator set up without a code', async () => {
    const t = await app();
    await addAccount(t);
    const res = await setup(
      t,
      { ...json, cookie: 'auth_session=admin-session' },
      { dialect: 'pglite' },
    );
    expect(res.statusCode, res.body).toBe(200);
  });
});
