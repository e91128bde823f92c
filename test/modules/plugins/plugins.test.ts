import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../../src/lib/logger.js';
import { placeRoute } from '../../../src/modules/plugins/route-manager.js';
import { checkTableNames } from '../../../src/modules/plugins/migrations.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { json, login, register, type Account } from '../../helpers/accounts.js';

const FIXTURES = path.resolve('test/fixtures/plugins');
const lines: string[] = [];
let t: TestApp;
let admin: Account;
let user: Account;

beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  t = await createTestApp({
    env: { PLUGINS_DIR: FIXTURES },
    logger: createLogger('info', stream),
  });
  admin = await register(t.app, 'admin');
  user = await register(t.app, 'user');
});
afterAll(async () => t?.close());

const plugins = async () =>
  (await t.app.inject({ url: '/api/plugins', headers: admin.headers })).json().data
    .plugins as Array<Record<string, any>>;
const byFolder = async (id: string) =>
  (await plugins()).find(
    (p) => p.id === id && (p.source === 'directory') === (id !== 'example-plugin'),
  );

describe('loading', () => {
  it('loads the built-in example and a plugin from PLUGINS_DIR', async () => {
    const example = (await plugins()).find(
      (p) => p.id === 'example-plugin' && p.source === 'built-in',
    );
    expect(example).toMatchObject({ status: 'loaded', version: '1.0.0', error: null });
    expect(example!.routes).toContain('GET /api/plugin/example-plugin/examples');
    const hello = await t.app.inject({ url: '/api/plugin/hello-plugin/hello?name=ada' });
    expect(hello.json()).toEqual({ success: true, data: { greeting: 'hello ada' } });
    expect((await byFolder('hello-plugin'))!.status).toBe('loaded');
  });

  it.each([
    [
      'outside-prefix',
      /path \/api\/teams\/steal is outside the plugin's prefix \/api\/plugin\/outside-prefix\//,
    ],
    ['reserved-path', /is under \/api\/auth, which belongs to the core/],
    ['failing-migration', /Migration 0001_broken.sql failed/],
    ['foreign-table', /names table or index users; a plugin's must start with foreign_table_/],
    ['throws-on-load', /cannot reach its upstream/],
    ['bad-manifest', /manifest.json: (id|name|version)/],
  ])('leaves %s out, says why, and logs one clear line', async (id, reason) => {
    const status = (await plugins()).find((p) => p.id === id);
    expect(status).toMatchObject({ status: 'failed', routes: [] });
    expect(status!.error).toMatch(reason);
    const logged = lines.map((l) => JSON.parse(l)).filter((l) => l.plugin === id && l.level === 50);
    expect(logged).toHaveLength(1);
    expect(logged[0].msg).toMatch(new RegExp(`^plugin ${id} failed to load and is disabled: `));
  });

  it('installs none of a refused plugin’s routes and leaves the core ones alone', async () => {
    expect((await t.app.inject({ url: '/api/plugin/outside-prefix/fine' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/teams/steal' })).statusCode).not.toBe(200);
    const signIn = await login(t.app, 'user');
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().data).not.toHaveProperty('hijacked');
  });

  it('keeps a failing migration’s plugin out of the database and refuses a second plugin with a taken id', async () => {
    const tables = await t.database.db.query<{ table_name: string }>(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_name IN ('failing_migration_things', 'failing_migration_others', 'foreign_table_notes')",
    );
    expect(tables).toEqual([]);
    const duplicate = (await plugins()).find(
      (p) => p.id === 'example-plugin' && p.source === 'directory',
    );
    expect(duplicate).toMatchObject({
      status: 'failed',
      error: 'another plugin already has the id example-plugin',
    });
  });

  it('records plugin migrations apart from the core’s', async () => {
    const own = await t.database.db.query<{ name: string }>(
      'SELECT name FROM plugin_migrations_example_plugin',
    );
    expect(own.map((r) => r.name)).toEqual(['0001_examples.sql']);
    const core = await t.database.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM schema_migrations WHERE name LIKE '%examples%'",
    );
    expect(core[0]!.n).toBe(0);
  });

  it('lists plugins for global administrators only', async () => {
    expect((await t.app.inject({ url: '/api/plugins' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/plugins', headers: user.headers })).statusCode).toBe(
      403,
    );
  });
});

describe('the rules, one by one', () => {
  it.each([
    ['/examples', '/api/plugin/p-1/examples'],
    ['/', '/api/plugin/p-1'],
    ['/api/plugin/p-1/a/b', '/api/plugin/p-1/a/b'],
    ['/a/../b', '/api/plugin/p-1/b'],
  ])('places %s at %s', (requested, url) => expect(placeRoute('p-1', requested)).toBe(url));

  it.each([
    ['/api/users/me', /under \/api\/users/],
    ['/api/settings', /under \/api\/settings/],
    ['/../p-2/x', /outside the plugin's prefix/],
    ['/api/plugin/p-10/x', /outside the plugin's prefix/],
    ['relative', /must start with \//],
  ])('refuses %s', (requested, reason) =>
    expect(() => placeRoute('p-1', requested)).toThrow(reason),
  );

  it('checks the tables migrations touch', () => {
    expect(() =>
      checkTableNames(
        'CREATE TABLE p_things (user_id text REFERENCES users (id)); CREATE INDEX p_things_idx ON p_things (user_id);',
        'p_',
      ),
    ).not.toThrow();
    expect(() => checkTableNames('DROP TABLE sessions;', 'p_')).toThrow(/sessions/);
    expect(() => checkTableNames('INSERT INTO users VALUES (1);', 'p_')).toThrow(/users/);
    expect(() => checkTableNames('CREATE INDEX p_idx ON teams (id);', 'p_')).toThrow(/teams/);
  });
});

describe('the example plugin', () => {
  const url = (rest = '') => `/api/plugin/example-plugin/examples${rest}`;
  const send = (method: 'POST' | 'PUT' | 'DELETE', path: string, payload?: unknown, who = user) =>
    t.app.inject({
      method,
      url: path,
      headers: { ...(payload ? json : {}), ...who.headers },
      ...(payload ? { payload } : {}),
    });

  it('creates, reads, changes and deletes examples for signed-in users', async () => {
    const created = await send('POST', url(), { name: 'First', description: 'the first one' });
    expect(created.statusCode).toBe(201);
    const example = created.json().data.example;
    expect(example).toMatchObject({
      name: 'First',
      description: 'the first one',
      created_by: user.id,
    });
    expect(
      (await t.app.inject({ url: url(`/${example.id}`), headers: user.headers })).json().data
        .example,
    ).toEqual(example);
    const changed = await send('PUT', url(`/${example.id}`), {
      name: 'Renamed',
      description: null,
    });
    expect(changed.json().data.example).toMatchObject({ name: 'Renamed', description: null });
    expect((await send('DELETE', url(`/${example.id}`))).json()).toEqual({
      success: true,
      data: { deleted: true },
    });
    const gone = await t.app.inject({ url: url(`/${example.id}`), headers: user.headers });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ success: false, error: 'Example not found' });
  });

  it('pages newest first with the usual pagination and its 400 texts', async () => {
    for (const name of ['a', 'b', 'c']) await send('POST', url(), { name });
    const page = (
      await t.app.inject({ url: url('?limit=2&offset=1'), headers: user.headers })
    ).json().data;
    expect(page.examples.map((e: any) => e.name)).toEqual(['b', 'a']);
    expect(page.pagination).toEqual({ total: 3, limit: 2, offset: 1, has_more: false });
    expect(
      (await t.app.inject({ url: url('?limit=500'), headers: user.headers })).json().error,
    ).toBe('limit must be between 1 and 100');
    expect(
      (await t.app.inject({ url: url('?offset=-2'), headers: user.headers })).json().error,
    ).toBe('offset must be non-negative');
  });

  it('validates bodies after auth, with the core’s envelopes', async () => {
    expect(
      (await t.app.inject({ method: 'POST', url: url(), headers: json, payload: {} })).statusCode,
    ).toBe(401);
    const bad = await send('POST', url(), { name: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      success: false,
      error: 'body.name must NOT have fewer than 1 characters',
    });
    expect((await send('POST', url(), { name: 'x', extra: 1 })).statusCode).toBe(400);
    expect((await send('PUT', url('/ex_missing'), { name: 'x' })).statusCode).toBe(404);
  });

  it('appears in the OpenAPI description under its own tag, with schemas', async () => {
    const spec = (await t.app.inject({ url: '/documentation/json' })).json();
    const list = spec.paths['/api/plugin/example-plugin/examples'].get;
    expect(list).toMatchObject({
      operationId: 'examplePluginListExamples',
      tags: ['Example plugin'],
    });
    expect(
      list.responses['200'].content['application/json'].schema.properties.data.properties,
    ).toHaveProperty('examples');
    expect(
      spec.paths['/api/plugin/example-plugin/examples'].post.requestBody.content['application/json']
        .schema.required,
    ).toEqual(['name']);
  });
});
