import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { bearerFor, json, register, type Account } from '../../helpers/accounts.js';
import { createCategory, createServer } from '../../helpers/catalogue.js';

let t: TestApp;
let admin: Account;
let user: Account;
let tools: { id: string };
let data: { id: string };
beforeAll(async () => {
  t = await createTestApp();
  admin = await register(t.app, 'root');
  user = await register(t.app, 'user');
  tools = await createCategory(t.app, admin.headers, 'Developer Tools', {
    sort_order: 2,
    icon: 'wrench',
  });
  data = await createCategory(t.app, admin.headers, 'Databases', { sort_order: 1 });
  await createServer(t.app, admin.headers, {
    name: 'Filesystem',
    description: 'Read and write local files',
    category_id: tools.id,
    tags: ['files', 'local'],
    language: 'TypeScript',
    repo_stars: 500,
    featured: true,
  });
  await createServer(t.app, admin.headers, {
    name: 'GitHub',
    description: 'Issues, pull requests and repositories',
    category_id: tools.id,
    tags: ['git', 'code-review'],
    language: 'Go',
    repo_stars: 9000,
    transport: 'http',
    url: 'https://mcp.example.com/github',
  });
  await createServer(t.app, admin.headers, {
    name: 'Postgres Explorer',
    description: 'Query PostgreSQL databases safely',
    category_id: data.id,
    tags: ['sql', 'database'],
    language: 'Python',
    repo_stars: 1200,
    status: 'deprecated',
  });
  await createServer(t.app, admin.headers, {
    name: 'Server Fetcher',
    description: 'Fetch web pages for the model',
    tags: ['web', 'http'],
    language: 'TypeScript',
    repo_stars: 50,
  });
});
afterAll(async () => t?.close());

const get = (url: string, headers: Record<string, string> = user.headers) =>
  t.app.inject({ url, headers });
const names = (res: { json(): any }) =>
  res.json().data.servers.map((s: { name: string }) => s.name);

describe('categories', () => {
  it('lists categories in display order for any signed-in user, with server counts', async () => {
    const res = await get('/api/mcp/categories');
    expect(res.json().data.categories.map((c: any) => [c.name, c.slug, c.server_count])).toEqual([
      ['Databases', 'databases', 1],
      ['Developer Tools', 'developer-tools', 2],
    ]);
    expect((await get('/api/mcp/categories', {})).statusCode).toBe(401);
  });

  it('needs mcp.categories.manage to change categories: 403 before 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/mcp/categories',
      headers: { ...json, ...user.headers },
      payload: { bogus: 1 },
    });
    expect(res.statusCode).toBe(403);
  });

  it('answers 409 for a duplicate slug and 400 for bad fields', async () => {
    const dup = await t.app.inject({
      method: 'POST',
      url: '/api/mcp/categories',
      headers: { ...json, ...admin.headers },
      payload: { name: 'Databases' },
    });
    expect(dup.statusCode).toBe(409);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/mcp/categories',
      headers: { ...json, ...admin.headers },
      payload: { name: 'X', sort_order: 'first' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('body.sort_order must be integer');
  });

  it('updates a category', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/mcp/categories/${data.id}`,
      headers: { ...json, ...admin.headers },
      payload: { description: 'Relational and more' },
    });
    expect(res.json().data.category).toMatchObject({
      name: 'Databases',
      description: 'Relational and more',
    });
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: '/api/mcp/categories/cat_none',
          headers: { ...json, ...admin.headers },
          payload: { name: 'x' },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('refuses to delete a category in use unless its servers are moved', async () => {
    const busy = await t.app.inject({
      method: 'DELETE',
      url: `/api/mcp/categories/${data.id}`,
      headers: admin.headers,
    });
    expect(busy.statusCode).toBe(409);
    expect(busy.json().error).toMatch(/has 1 servers/);
    const spare = await createCategory(t.app, admin.headers, 'Spare');
    const moved = await t.app.inject({
      method: 'DELETE',
      url: `/api/mcp/categories/${data.id}?move_servers_to=${spare.id}`,
      headers: admin.headers,
    });
    expect(moved.statusCode).toBe(200);
    expect(names(await get(`/api/mcp/servers?category_id=${spare.id}`))).toEqual([
      'Postgres Explorer',
    ]);
    data = spare;
  });
});

describe('server list', () => {
  it('pages with data.servers and data.pagination', async () => {
    const res = await get('/api/mcp/servers?limit=2');
    expect(names(res)).toEqual(['Filesystem', 'GitHub']);
    expect(res.json().data.pagination).toEqual({ total: 4, limit: 2, offset: 0, has_more: true });
  });

  it.each([
    ['?transport=http', ['GitHub']],
    ['?status=deprecated', ['Postgres Explorer']],
    ['?featured=true', ['Filesystem']],
    ['?language=typescript', ['Filesystem', 'Server Fetcher']],
    ['?sort_by=repo_stars', ['GitHub', 'Postgres Explorer', 'Filesystem', 'Server Fetcher']],
    [
      '?sort_by=repo_stars&sort_order=asc',
      ['Server Fetcher', 'Filesystem', 'Postgres Explorer', 'GitHub'],
    ],
    [
      '?sort_by=name&sort_order=desc',
      ['Server Fetcher', 'Postgres Explorer', 'GitHub', 'Filesystem'],
    ],
    [
      '?sort_by=created_at&sort_order=asc',
      ['Filesystem', 'GitHub', 'Postgres Explorer', 'Server Fetcher'],
    ],
  ])('filters and sorts %s', async (query, expected) => {
    expect(names(await get(`/api/mcp/servers${query}`))).toEqual(expected);
  });

  it('counts the filtered set', async () => {
    const res = await get(`/api/mcp/servers?category_id=${tools.id}&limit=1`);
    expect(res.json().data.pagination).toMatchObject({ total: 2, has_more: true });
  });

  it.each([
    ['?sort_by=popularity', 'querystring.sort_by must be one of: name, repo_stars, created_at'],
    ['?transport=grpc', 'querystring.transport must be one of: stdio, http, sse'],
    ['?featured=yes', 'querystring.featured must be one of: true, false'],
    ['?limit=500', 'limit must be between 1 and 100'],
    ['?offset=-3', 'offset must be non-negative'],
    ['?colour=red', 'querystring.colour is not an allowed property'],
  ])('rejects %s with 400', async (query, message) => {
    const res = await get(`/api/mcp/servers${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(message);
  });

  it('accepts a bearer token with mcp:read only', async () => {
    expect(
      (await get('/api/mcp/servers', await bearerFor(t.database.db, user.id, ['mcp:read'])))
        .statusCode,
    ).toBe(200);
    expect(
      (await get('/api/mcp/servers', await bearerFor(t.database.db, user.id, ['teams:read'])))
        .statusCode,
    ).toBe(403);
  });
});

describe('search', () => {
  it.each([
    ['files', ['Filesystem']],
    ['file', ['Filesystem']],
    ['pull request', ['GitHub']],
    ['postgresql', ['Postgres Explorer']],
    ['sql', ['Postgres Explorer']],
    ['serv', ['Server Fetcher']],
  ])('finds %j by name, description, tags or prefix', async (q, expected) => {
    const res = await get(`/api/mcp/servers/search?q=${encodeURIComponent(q)}`);
    expect(res.statusCode).toBe(200);
    expect(names(res)).toEqual(expected);
  });

  it('ranks a name match above a description match', async () => {
    await createServer(t.app, admin.headers, {
      name: 'Web Crawler',
      description: 'Follows links',
      tags: ['crawl'],
    });
    await createServer(t.app, admin.headers, {
      name: 'Notes',
      description: 'Keeps notes found on the web',
      tags: [],
    });
    expect(names(await get('/api/mcp/servers/search?q=web'))).toEqual([
      'Web Crawler',
      'Server Fetcher',
      'Notes',
    ]);
  });

  it('applies filters and pagination to the results', async () => {
    const res = await get('/api/mcp/servers/search?q=web&language=typescript&limit=1');
    expect(names(res)).toEqual(['Server Fetcher']);
    expect(res.json().data.pagination).toEqual({ total: 1, limit: 1, offset: 0, has_more: false });
  });

  it('needs q, and words in it', async () => {
    expect((await get('/api/mcp/servers/search')).json().error).toBe('querystring.q is required');
    const symbols = await get(`/api/mcp/servers/search?q=${encodeURIComponent("&|!:*'()")}`);
    expect(symbols.statusCode).toBe(400);
    expect(symbols.json().error).toBe('querystring.q must contain a letter or digit');
  });
});

describe('one server and global administration', () => {
  it('finds a server by id or slug', async () => {
    const bySlug = await get('/api/mcp/servers/github');
    expect(bySlug.json().data.server).toMatchObject({
      name: 'GitHub',
      transport: 'http',
      url: 'https://mcp.example.com/github',
    });
    const byId = await get(`/api/mcp/servers/${bySlug.json().data.server.id}`);
    expect(byId.json().data.server.slug).toBe('github');
    expect((await get('/api/mcp/servers/nope')).statusCode).toBe(404);
  });

  it('stores the full configuration schema', async () => {
    const server = await createServer(t.app, admin.headers, {
      name: 'Slack',
      config_schema: {
        template: { args: [{ name: 'mode', default: 'stdio' }] },
        team: { env: [{ name: 'SLACK_TEAM_ID', required: true }] },
        user: {
          env: [{ name: 'SLACK_TOKEN', required: true, secret: true, description: 'Your token' }],
        },
      },
    });
    const res = await get(`/api/mcp/servers/${server.id}`);
    expect(res.json().data.server.config_schema).toEqual({
      template: {
        args: [
          { name: 'mode', description: null, required: false, secret: false, default: 'stdio' },
        ],
        env: [],
        headers: [],
      },
      team: {
        args: [],
        env: [
          {
            name: 'SLACK_TEAM_ID',
            description: null,
            required: true,
            secret: false,
            default: null,
          },
        ],
        headers: [],
      },
      user: {
        args: [],
        env: [
          {
            name: 'SLACK_TOKEN',
            description: 'Your token',
            required: true,
            secret: true,
            default: null,
          },
        ],
        headers: [],
      },
    });
  });

  it.each([
    [{ name: 'X', transport: 'grpc' }, 'body.transport must be one of: stdio, http, sse'],
    [
      { name: 'X', category_id: 'cat_missing' },
      'body.category_id cat_missing does not name a category',
    ],
    [
      { name: 'X', transport: 'http', command: undefined },
      'body.url is required for the http transport',
    ],
    [
      { name: 'X', repository_url: 'ftp://x' },
      'body.repository_url must match pattern "^https?://"',
    ],
    [
      { name: 'X', config_schema: { team: { env: [{ name: 'A' }, { name: 'A' }] } } },
      'body.config_schema.team.env names A twice',
    ],
    [{ name: 'X', owner: 'me' }, 'body.owner is not an allowed property'],
  ])('rejects %j with 400', async (payload, message) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/mcp/servers/global',
      headers: { ...json, ...admin.headers },
      payload: { transport: 'stdio', command: 'npx', ...payload },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(message);
  });

  it('answers 409 for a duplicate slug', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/mcp/servers/global',
      headers: { ...json, ...admin.headers },
      payload: { name: 'GitHub', transport: 'stdio', command: 'x' },
    });
    expect(res.statusCode).toBe(409);
  });

  it('is for global admins only: 403 before 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/mcp/servers/global',
      headers: { ...json, ...user.headers },
      payload: { nonsense: true },
    });
    expect(res.statusCode).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: '/api/mcp/servers/global/github',
          headers: user.headers,
        })
      ).statusCode,
    ).toBe(403);
  });

  it('updates a server and keeps search in step', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/mcp/servers/global/server-fetcher',
      headers: { ...json, ...admin.headers },
      payload: { name: 'Page Fetcher', tags: ['scraping'] },
    });
    expect(res.json().data.server).toMatchObject({
      name: 'Page Fetcher',
      slug: 'server-fetcher',
      tags: ['scraping'],
    });
    expect(names(await get('/api/mcp/servers/search?q=scrap'))).toEqual(['Page Fetcher']);
  });
});

describe('versions', () => {
  it('makes the first version latest and keeps exactly one latest', async () => {
    const url = '/api/mcp/servers/github/versions';
    const post = (payload: unknown) =>
      t.app.inject({
        method: 'POST',
        url,
        headers: { ...json, ...admin.headers },
        payload: payload as string,
      });
    const first = await post({ version: '1.0.0', release_date: '2026-01-01', changelog: 'First' });
    expect(first.statusCode).toBe(201);
    expect(first.json().data.version).toMatchObject({
      version: '1.0.0',
      is_latest: true,
      release_date: '2026-01-01',
    });
    const second = await post({ version: '1.1.0' });
    expect(second.json().data.version.is_latest).toBe(false);
    const third = await post({ version: '2.0.0', is_latest: true });
    expect(third.json().data.version.is_latest).toBe(true);
    const listed = (await get(url)).json().data.versions;
    expect(listed.filter((v: any) => v.is_latest).map((v: any) => v.version)).toEqual(['2.0.0']);

    expect((await post({ version: '1.0.0' })).statusCode).toBe(409);
    expect((await post({ version: 'not valid!' })).statusCode).toBe(400);

    const secondId = second.json().data.version.id;
    const promote = await t.app.inject({
      method: 'PUT',
      url: `${url}/${secondId}`,
      headers: { ...json, ...admin.headers },
      payload: { is_latest: true },
    });
    expect(promote.json().data.version.is_latest).toBe(true);
    const after = (await get(url)).json().data.versions;
    expect(after.filter((v: any) => v.is_latest).map((v: any) => v.version)).toEqual(['1.1.0']);
    const unset = await t.app.inject({
      method: 'PUT',
      url: `${url}/${secondId}`,
      headers: { ...json, ...admin.headers },
      payload: { is_latest: false },
    });
    expect(unset.statusCode).toBe(409);
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: `${url}/ver_none`,
          headers: { ...json, ...admin.headers },
          payload: { changelog: 'x' },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('keeps one latest under concurrent creation', async () => {
    const server = await createServer(t.app, admin.headers, { name: 'Racer' });
    await Promise.all(
      ['1', '2', '3', '4', '5'].map((v) =>
        t.app.inject({
          method: 'POST',
          url: `/api/mcp/servers/${server.id}/versions`,
          headers: { ...json, ...admin.headers },
          payload: { version: `${v}.0.0`, is_latest: true },
        }),
      ),
    );
    const versions = (await get(`/api/mcp/servers/${server.id}/versions`)).json().data.versions;
    expect(versions).toHaveLength(5);
    expect(versions.filter((v: any) => v.is_latest)).toHaveLength(1);
  });
});
