import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ProtectedResourceMetadata,
  RegistryError,
  ServerList,
  ServerResponse,
} from '../../../src/modules/registry/api-schemas.js';
import {
  CATALOGUE_META,
  OFFICIAL_META,
  parseEntry,
} from '../../../src/modules/registry/server-json.js';
import { bearerFor, json, register, type Account } from '../../helpers/accounts.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { entry, npmDoc } from './fixtures.js';

// The registry's published shapes, as TypeBox schemas; every answer below is checked against them.
const ajv = new Ajv({ strict: false, allErrors: true });
addFormats.default(ajv);
const isList = ajv.compile(ServerList);
const isEntry = ajv.compile(ServerResponse);
const isError = ajv.compile(RegistryError);
function shaped(check: (value: unknown) => boolean, body: unknown) {
  const ok = check(body);
  expect(ok, JSON.stringify((check as { errors?: unknown }).errors)).toBe(true);
  return body as Record<string, any>;
}

const SERVERS = 45;
let t: TestApp;
let admin: Account;
let member: Account;

beforeAll(async () => {
  t = await createTestApp({ env: { BASE_URL: 'https://gs.example.com' } });
  admin = await register(t.app, 'admin');
  member = await register(t.app, 'member');
  const docs = [
    ...Array.from({ length: SERVERS }, (_, i) =>
      entry(npmDoc(`com.example/api${String(i).padStart(2, '0')}`, '1.0.0')),
    ),
    entry(npmDoc('com.example/multi', '1.0.0'), { isLatest: false }),
    entry(npmDoc('com.example/multi', '2.0.0+build.7'), { isLatest: true }),
    entry(npmDoc('io.github.other/weather-tools', '0.1.0')),
    entry(npmDoc('com.example/removed', '1.0.0'), { status: 'deleted' }),
  ];
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/registry/import',
    headers: { ...json, ...admin.headers },
    payload: JSON.stringify(docs),
  });
  expect(res.json().data.result.failed).toBe(0);
});
afterAll(async () => t?.close());

const get = (url: string, headers: Record<string, string> = member.headers) =>
  t.app.inject({ url, headers });

describe('registry API access', () => {
  it('answers 401 with WWW-Authenticate pointing to the RFC 9728 metadata', async () => {
    const res = await get('/v0.1/servers', {});
    expect(res.statusCode).toBe(401);
    shaped(isError, res.json());
    expect(res.headers['www-authenticate']).toBe(
      'Bearer resource_metadata="https://gs.example.com/.well-known/oauth-protected-resource/v0.1", scope="registry:read"',
    );
  });

  it('serves the protected resource metadata', async () => {
    const res = await get('/.well-known/oauth-protected-resource/v0.1', {});
    expect(res.statusCode).toBe(200);
    expect(ajv.validate(ProtectedResourceMetadata, res.json())).toBe(true);
    expect(res.json()).toMatchObject({
      resource: 'https://gs.example.com/v0.1',
      authorization_servers: ['https://gs.example.com'],
      scopes_supported: ['registry:read'],
    });
  });

  it('accepts a signed-in session and an access token with registry:read', async () => {
    expect((await get('/v0.1/servers')).statusCode).toBe(200);
    const token = await bearerFor(t.database.db, member.id, ['registry:read']);
    expect((await get('/v0.1/servers', token)).statusCode).toBe(200);
  });

  it('refuses a token without registry:read (403) and an invalid token (401)', async () => {
    const narrow = await get(
      '/v0.1/servers',
      await bearerFor(t.database.db, member.id, ['mcp:read']),
    );
    expect(narrow.statusCode).toBe(403);
    expect(narrow.headers['www-authenticate']).toMatch(/error="insufficient_scope"/);
    shaped(isError, narrow.json());
    const bad = await get('/v0.1/servers', { authorization: 'Bearer nonsense' });
    expect(bad.statusCode).toBe(401);
    expect(bad.headers['www-authenticate']).toMatch(/error="invalid_token"/);
  });

  it('lists registry:read among the OAuth scopes', async () => {
    const res = await get('/.well-known/oauth-authorization-server', {});
    expect(res.json().scopes_supported).toContain('registry:read');
  });

  it('answers anyone once an administrator makes it public', async () => {
    const set = (value: boolean) =>
      t.app.inject({
        method: 'PATCH',
        url: '/api/settings',
        headers: { ...json, ...admin.headers },
        payload: { values: { 'registry.public_access': value } },
      });
    expect((await set(true)).statusCode).toBe(200);
    expect((await get('/v0.1/servers', {})).statusCode).toBe(200);
    await set(false);
    expect((await get('/v0.1/servers', {})).statusCode).toBe(401);
  });
});

describe('GET /v0.1/servers', () => {
  it('pages with an opaque cursor: 30 by default, each entry once, no cursor on the last page', async () => {
    const first = shaped(isList, (await get('/v0.1/servers')).json());
    expect(first.metadata.count).toBe(30);
    expect(first.servers).toHaveLength(30);
    const seen = first.servers.map((s: any) => `${s.server.name}@${s.server.version}`);
    let cursor = first.metadata.nextCursor as string | undefined;
    while (cursor) {
      const page = shaped(
        isList,
        (await get(`/v0.1/servers?limit=7&cursor=${encodeURIComponent(cursor)}`)).json(),
      );
      seen.push(...page.servers.map((s: any) => `${s.server.name}@${s.server.version}`));
      cursor = page.metadata.nextCursor;
    }
    // Every version of every server that is not deleted.
    expect(seen).toHaveLength(SERVERS + 3);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).not.toContain('com.example/removed@1.0.0');
  });

  it('puts registry metadata and the catalogue key in _meta', async () => {
    const page = shaped(isList, (await get('/v0.1/servers?search=weather')).json());
    expect(page.servers).toHaveLength(1);
    const meta = page.servers[0]._meta;
    expect(meta[OFFICIAL_META]).toMatchObject({ status: 'active', isLatest: true });
    expect(meta[CATALOGUE_META]).toMatchObject({
      slug: 'io-github-other-weather-tools',
      catalogue_status: 'active',
    });
    expect(meta[CATALOGUE_META].server_id).toMatch(/^srv_/);
  });

  it('filters by version, updated_since and include_deleted', async () => {
    const latest = shaped(isList, (await get('/v0.1/servers?version=latest&limit=100')).json());
    expect(
      latest.servers
        .filter((s: any) => s.server.name === 'com.example/multi')
        .map((s: any) => s.server.version),
    ).toEqual(['2.0.0+build.7']);
    expect(latest.servers.every((s: any) => s._meta[OFFICIAL_META].isLatest)).toBe(true);
    const exact = shaped(isList, (await get('/v0.1/servers?version=1.0.0&search=multi')).json());
    expect(exact.servers.map((s: any) => s.server.version)).toEqual(['1.0.0']);
    const future = shaped(
      isList,
      (await get('/v0.1/servers?updated_since=2999-01-01T00:00:00Z')).json(),
    );
    expect(future.servers).toEqual([]);
    const past = shaped(
      isList,
      (
        await get('/v0.1/servers?updated_since=2000-01-01T00:00:00Z&limit=100&search=removed')
      ).json(),
    );
    expect(past.servers.map((s: any) => s._meta[OFFICIAL_META].status)).toEqual(['deleted']);
    const withDeleted = shaped(
      isList,
      (await get('/v0.1/servers?include_deleted=true&search=removed')).json(),
    );
    expect(withDeleted.servers).toHaveLength(1);
  });

  it('answers bad parameters with 400 {error}', async () => {
    for (const query of [
      'limit=0',
      'limit=101',
      'cursor=bm9wZQ',
      'updated_since=yesterday',
      'include_deleted=maybe',
      'unknown=1',
    ]) {
      const res = await get(`/v0.1/servers?${query}`);
      expect(res.statusCode, query).toBe(400);
      shaped(isError, res.json());
      expect(res.json().success, query).toBeUndefined();
    }
  });
});

describe('GET /v0.1/servers/{name}/versions', () => {
  const name = encodeURIComponent('com.example/multi');

  it('lists every version of a URL-encoded name, newest first', async () => {
    const res = shaped(isList, (await get(`/v0.1/servers/${name}/versions`)).json());
    expect(res.servers.map((s: any) => s.server.version).sort()).toEqual([
      '1.0.0',
      '2.0.0+build.7',
    ]);
  });

  it('gets one version, `latest`, and URL-encoded build metadata', async () => {
    const latest = shaped(isEntry, (await get(`/v0.1/servers/${name}/versions/latest`)).json());
    expect(latest.server.version).toBe('2.0.0+build.7');
    const exact = shaped(
      isEntry,
      (await get(`/v0.1/servers/${name}/versions/${encodeURIComponent('2.0.0+build.7')}`)).json(),
    );
    expect(exact._meta[OFFICIAL_META].isLatest).toBe(true);
    const old = shaped(isEntry, (await get(`/v0.1/servers/${name}/versions/1.0.0`)).json());
    expect(old._meta[OFFICIAL_META].isLatest).toBe(false);
  });

  it('answers 404 {error} for unknown names and versions; deleted ones only with include_deleted', async () => {
    for (const url of [
      `/v0.1/servers/${encodeURIComponent('com.example/nope')}/versions`,
      `/v0.1/servers/${name}/versions/9.9.9`,
      `/v0.1/servers/${encodeURIComponent('com.example/removed')}/versions/1.0.0`,
      '/v0.1/unknown',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      shaped(isError, res.json());
    }
    const removed = await get(
      `/v0.1/servers/${encodeURIComponent('com.example/removed')}/versions/1.0.0?include_deleted=true`,
    );
    expect(removed.statusCode).toBe(200);
    expect(removed.json()._meta[OFFICIAL_META].status).toBe('deleted');
  });
});

describe('POST /v0.1/publish', () => {
  it('answers 501: the catalogue is curated, not published to', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v0.1/publish',
      headers: { ...json, ...admin.headers },
      payload: npmDoc('com.example/pushed', '1.0.0'),
    });
    expect(res.statusCode).toBe(501);
    shaped(isError, res.json());
  });
});

describe('servers typed in by hand', () => {
  it('are served under this service’s namespace with a document built from the catalogue', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/mcp/servers/global',
      headers: { ...json, ...admin.headers },
      payload: {
        name: 'Local Files',
        slug: 'local-files',
        description: 'Files on the team share',
        transport: 'stdio',
        runtime: 'node',
        command: 'npx',
        package: '@team/local-files',
        args: ['--read-only'],
        homepage: 'https://files.example.com',
        config_schema: {
          team: { env: [{ name: 'SHARE_PATH', required: true }] },
          user: { env: [{ name: 'SHARE_TOKEN', required: true, secret: true }] },
        },
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const serverId = created.json().data.server.id;
    // A server without versions has nothing to serve yet.
    const before = await get('/v0.1/servers?search=local-files');
    expect(before.json().servers).toEqual([]);
    const version = await t.app.inject({
      method: 'POST',
      url: `/api/mcp/servers/${serverId}/versions`,
      headers: { ...json, ...admin.headers },
      payload: { version: '1.4.0' },
    });
    expect(version.statusCode, version.body).toBe(201);

    const page = shaped(isList, (await get('/v0.1/servers?search=local-files')).json());
    expect(page.servers).toHaveLength(1);
    const served = page.servers[0];
    expect(served.server).toMatchObject({
      name: 'com.example.gs/local-files',
      title: 'Local Files',
      description: 'Files on the team share',
      version: '1.4.0',
      websiteUrl: 'https://files.example.com',
      packages: [
        {
          registryType: 'npm',
          identifier: '@team/local-files',
          runtimeHint: 'npx',
          packageArguments: [{ type: 'positional', value: '--read-only' }],
          environmentVariables: [
            { name: 'SHARE_PATH', isRequired: true },
            { name: 'SHARE_TOKEN', isRequired: true, isSecret: true },
          ],
        },
      ],
    });
    expect(served._meta[OFFICIAL_META]).toMatchObject({ status: 'active', isLatest: true });
    expect(served._meta[CATALOGUE_META]).toMatchObject({
      server_id: serverId,
      slug: 'local-files',
    });

    const one = await get(
      `/v0.1/servers/${encodeURIComponent('com.example.gs/local-files')}/versions/latest`,
    );
    expect(one.statusCode).toBe(200);
    shaped(isEntry, one.json());
    // The document is one this registry would import itself.
    expect(() => parseEntry(one.json())).not.toThrow();
  });

  it('describe a hand-made remote server with its headers', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/mcp/servers/global',
      headers: { ...json, ...admin.headers },
      payload: {
        name: 'Hosted Search',
        slug: 'hosted-search',
        transport: 'http',
        url: 'https://search.example.com/mcp',
        config_schema: { user: { headers: [{ name: 'Authorization', secret: true }] } },
      },
    });
    const serverId = created.json().data.server.id;
    await t.app.inject({
      method: 'POST',
      url: `/api/mcp/servers/${serverId}/versions`,
      headers: { ...json, ...admin.headers },
      payload: { version: '2.0.0' },
    });
    const one = await get(
      `/v0.1/servers/${encodeURIComponent('com.example.gs/hosted-search')}/versions/2.0.0`,
    );
    expect(one.statusCode).toBe(200);
    expect(shaped(isEntry, one.json()).server).toMatchObject({
      description: 'Hosted Search',
      remotes: [
        {
          type: 'streamable-http',
          url: 'https://search.example.com/mcp',
          headers: [{ name: 'Authorization', isSecret: true }],
        },
      ],
    });
  });
});
