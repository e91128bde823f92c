import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fetchJson, isReservedAddress } from '../../../src/modules/registry/fetcher.js';
import { json, register, type Account } from '../../helpers/accounts.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { entry, npmDoc } from './fixtures.js';

/**
 * A small registry on loopback: pages of PAGE entries, an opaque cursor, `updated_since`
 * filtering, and switches that make a page fail in the ways real registries do.
 */
const PAGE = 2;
interface Upstream {
  name: string;
  version: string;
  updatedAt: string;
  status: 'active' | 'deprecated' | 'deleted';
  description: string;
}
let upstream: Upstream[] = [];
let requests: URL[] = [];
let failPage: {
  index: number;
  mode: 'garbage' | 'hang' | 'huge' | 'too-many' | 'status' | 'loop';
} | null = null;

function answer(url: URL, res: http.ServerResponse) {
  requests.push(url);
  const since = url.searchParams.get('updated_since');
  const rows = upstream
    .filter((u) => !since || u.updatedAt >= since)
    .sort((a, b) => a.name.localeCompare(b.name));
  const offset =
    Number(Buffer.from(url.searchParams.get('cursor') ?? 'MA', 'base64url').toString()) || 0;
  const index = offset / PAGE;
  if (failPage && failPage.index === index) {
    if (failPage.mode === 'hang') return; // never answers
    if (failPage.mode === 'status') return res.writeHead(502).end('bad gateway');
    if (failPage.mode === 'garbage')
      return res.writeHead(200, { 'content-type': 'application/json' }).end('{"servers": [tru');
    if (failPage.mode === 'huge')
      return res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ servers: [], pad: 'x'.repeat(40_000) }));
    if (failPage.mode === 'too-many')
      return res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ servers: Array.from({ length: 101 }, () => ({})) }));
  }
  const page = rows.slice(offset, offset + PAGE);
  const loops = failPage?.mode === 'loop' && failPage.index === index;
  const next = loops
    ? url.searchParams.get('cursor')
    : offset + PAGE < rows.length
      ? Buffer.from(String(offset + PAGE)).toString('base64url')
      : null;
  res.writeHead(200, { 'content-type': 'application/json' }).end(
    JSON.stringify({
      servers: page.map((u) =>
        entry(npmDoc(u.name, u.version, { description: u.description }), {
          status: u.status,
          updatedAt: u.updatedAt,
          publishedAt: '2025-09-01T00:00:00Z',
          isLatest: true,
        }),
      ),
      metadata: { ...(next ? { nextCursor: next } : {}), count: page.length },
    }),
  );
}

let registry: http.Server;
let base: string;
let t: TestApp;
let admin: Account;

beforeAll(async () => {
  registry = http.createServer((req, res) => answer(new URL(req.url!, 'http://x'), res));
  await new Promise<void>((resolve) => registry.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(registry.address() as AddressInfo).port}`;
  t = await createTestApp({
    env: {
      REGISTRY_ALLOW_PRIVATE_ADDRESSES: 'true',
      REGISTRY_FETCH_TIMEOUT_MS: '400',
      REGISTRY_MAX_PAGE_BYTES: '20000',
      REGISTRY_IMPORT_BODY_LIMIT_BYTES: '4096',
    },
  });
  admin = await register(t.app, 'admin');
});
afterAll(async () => {
  registry.closeAllConnections();
  registry.close();
  await t?.close();
});
beforeEach(() => {
  requests = [];
  failPage = null;
});

const sync = () =>
  t.app.inject({ method: 'POST', url: '/api/registry/sync', headers: admin.headers });
const setSource = (payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/registry/source',
    headers: { ...json, ...admin.headers },
    payload,
  });
const source = async () =>
  (await t.app.inject({ url: '/api/registry/source', headers: admin.headers })).json().data.source;
async function catalogue(slug: string) {
  const res = await t.app.inject({ url: `/api/mcp/servers/${slug}`, headers: admin.headers });
  return res.statusCode === 200 ? res.json().data.server : null;
}

describe('syncing from a registry', () => {
  it('answers 404 while no source is configured', async () => {
    expect((await sync()).statusCode).toBe(404);
    expect(await source()).toBeNull();
  });

  it('refuses a source URL that is not http(s) or carries credentials', async () => {
    for (const base_url of [
      'ftp://registry.example.com',
      'not a url',
      'https://user:pw@registry.example.com',
    ]) {
      const res = await setSource({ base_url });
      expect(res.statusCode, base_url).toBe(400);
    }
  });

  it('syncs every page, then records the run and the high-water mark', async () => {
    upstream = Array.from({ length: 5 }, (_, i) => ({
      name: `com.example/synced${i}`,
      version: '1.0.0',
      updatedAt: `2025-10-0${i + 1}T00:00:00.000Z`,
      status: 'active' as const,
      description: `Synced ${i}`,
    }));
    expect((await setSource({ base_url: `${base}/` })).statusCode).toBe(200);
    const res = await sync();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.run).toMatchObject({
      trigger: 'admin',
      status: 'succeeded',
      pages: 3,
      created: 5,
      updated: 0,
      unchanged: 0,
      failed: 0,
      updated_since: null,
    });
    expect(requests.map((u) => u.pathname)).toEqual([
      '/v0.1/servers',
      '/v0.1/servers',
      '/v0.1/servers',
    ]);
    expect(requests[0]!.searchParams.get('version')).toBe('latest');
    expect(requests[0]!.searchParams.get('limit')).toBe('100');
    expect(await catalogue('com-example-synced4')).toMatchObject({ description: 'Synced 4' });
    expect(await source()).toMatchObject({
      high_water_mark: '2025-10-05T00:00:00.000Z',
      resume_cursor_pending: false,
    });
  });

  it('syncs incrementally with updated_since, including deletions', async () => {
    upstream[1] = {
      ...upstream[1]!,
      description: 'Changed upstream',
      updatedAt: '2025-10-10T00:00:00.000Z',
    };
    upstream[2] = { ...upstream[2]!, status: 'deleted', updatedAt: '2025-10-11T00:00:00.000Z' };
    const res = await sync();
    expect(res.json().data.run).toMatchObject({
      status: 'succeeded',
      updated: 2,
      created: 0,
      updated_since: '2025-10-05T00:00:00.000Z',
    });
    expect(requests[0]!.searchParams.get('updated_since')).toBe('2025-10-05T00:00:00.000Z');
    // Entry 4 (updated exactly at the mark) comes again and is unchanged.
    expect(res.json().data.run.unchanged).toBe(1);
    expect(await catalogue('com-example-synced1')).toMatchObject({
      description: 'Changed upstream',
    });
    expect(await catalogue('com-example-synced2')).toMatchObject({ status: 'deleted' });
    expect(await source()).toMatchObject({ high_water_mark: '2025-10-11T00:00:00.000Z' });
  });

  it('stops at a page of garbage, keeps what came before, and resumes from that page', async () => {
    upstream = Array.from({ length: 6 }, (_, i) => ({
      name: `com.example/resume${i}`,
      version: '1.0.0',
      updatedAt: `2025-11-0${i + 1}T00:00:00.000Z`,
      status: 'active' as const,
      description: `Resume ${i}`,
    }));
    await setSource({ base_url: `${base}/fresh` }); // a new URL starts over
    failPage = { index: 1, mode: 'garbage' };
    const failed = (await sync()).json().data.run;
    expect(failed).toMatchObject({ status: 'failed', pages: 1, created: 2 });
    expect(failed.error).toMatch(/not JSON/);
    expect(await catalogue('com-example-resume1')).not.toBeNull();
    expect(await catalogue('com-example-resume2')).toBeNull();
    expect(await source()).toMatchObject({ resume_cursor_pending: true, high_water_mark: null });

    failPage = null;
    requests = [];
    const resumed = (await sync()).json().data.run;
    expect(resumed).toMatchObject({
      status: 'succeeded',
      resumed_from_cursor: true,
      pages: 2,
      created: 4,
    });
    expect(requests[0]!.searchParams.get('cursor')).toBe(Buffer.from('2').toString('base64url'));
    expect(await source()).toMatchObject({
      resume_cursor_pending: false,
      high_water_mark: '2025-11-06T00:00:00.000Z',
    });
  });

  it('records a timeout, an error status, an oversized page and a page of too many entries as failed runs', async () => {
    const cases: Array<[NonNullable<typeof failPage>['mode'], RegExp]> = [
      ['hang', /did not answer within 400 ms/],
      ['status', /HTTP 502/],
      ['huge', /larger than 20000 bytes/],
      ['too-many', /more than the 100 asked for/],
    ];
    for (const [mode, reason] of cases) {
      failPage = { index: 0, mode };
      const run = (await sync()).json().data.run;
      expect(run.status, mode).toBe('failed');
      expect(run.error, mode).toMatch(reason);
      expect(run.created, mode).toBe(0);
    }
  });

  it('stops when a registry hands back the cursor it was given', async () => {
    await setSource({ base_url: `${base}/looping` });
    failPage = { index: 1, mode: 'loop' };
    const run = (await sync()).json().data.run;
    expect(run).toMatchObject({ status: 'failed', pages: 1 });
    expect(run.error).toMatch(/same cursor again/);
  });

  it('closes a run a stopped process left running before it starts the next', async () => {
    await t.database.db.query(
      `INSERT INTO registry_sync_runs (id, source_id, trigger, status, failures) VALUES ('rsr_cut_off', 'default', 'schedule', 'running', '[]')`,
    );
    await sync();
    const res = await t.app.inject({
      url: '/api/registry/sync/runs/rsr_cut_off',
      headers: admin.headers,
    });
    expect(res.json().data.run).toMatchObject({
      status: 'failed',
      error: expect.stringMatching(/interrupted/),
    });
  });

  it('reports bad entries of a page as failures and still applies the rest', async () => {
    failPage = null;
    await setSource({ base_url: `${base}/other`, version_mode: 'all' });
    upstream = [
      {
        name: 'com.example/fine',
        version: '1.0.0',
        updatedAt: '2025-12-01T00:00:00.000Z',
        status: 'active',
        description: 'Fine',
      },
      {
        name: 'com.example/broken',
        version: '^1.0.0',
        updatedAt: '2025-12-01T00:00:00.000Z',
        status: 'active',
        description: 'Broken',
      },
    ];
    const run = (await sync()).json().data.run;
    expect(run).toMatchObject({ status: 'completed_with_failures', created: 1, failed: 1 });
    // Every version is asked for in `all` mode.
    expect(requests[0]!.searchParams.has('version')).toBe(false);
    expect(run.failures[0]).toMatchObject({
      name: 'com.example/broken',
      reason: expect.stringMatching(/specific version/),
    });
  });

  it('lists runs for administrators only, newest first', async () => {
    const res = await t.app.inject({
      url: '/api/registry/sync/runs?limit=2',
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.runs).toHaveLength(2);
    expect(res.json().data.pagination.total).toBeGreaterThanOrEqual(8);
    const one = await t.app.inject({
      url: `/api/registry/sync/runs/${res.json().data.runs[0].id}`,
      headers: admin.headers,
    });
    expect(one.json().data.run.id).toBe(res.json().data.runs[0].id);
    const member = await register(t.app, 'member');
    expect(
      (await t.app.inject({ url: '/api/registry/sync/runs', headers: member.headers })).statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/registry/sync', headers: member.headers }))
        .statusCode,
    ).toBe(403);
  });

  it('runs as the registry-sync job under the job runner', async () => {
    upstream.push({
      name: 'com.example/by-job',
      version: '1.0.0',
      updatedAt: '2025-12-05T00:00:00.000Z',
      status: 'active',
      description: 'Job',
    });
    expect(await t.app.jobs.run('registry-sync')).toBe(true);
    expect(await catalogue('com-example-by-job')).not.toBeNull();
    const runs = await t.app.inject({
      url: '/api/registry/sync/runs?limit=1',
      headers: admin.headers,
    });
    expect(runs.json().data.runs[0]).toMatchObject({ trigger: 'schedule', created: 1 });
  });
});

describe('import body limit', () => {
  it('answers 413 to an import larger than REGISTRY_IMPORT_BODY_LIMIT_BYTES', async () => {
    const docs = Array.from({ length: 30 }, (_, i) => npmDoc(`com.example/big${i}`, '1.0.0'));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/registry/import',
      headers: { ...json, ...admin.headers },
      payload: JSON.stringify(docs),
    });
    expect(res.statusCode).toBe(413);
  });
});

describe('outbound requests', () => {
  it('refuses loopback, private and link-local addresses unless allowed', async () => {
    const limits = { timeoutMs: 500, maxBytes: 1000, allowPrivateAddresses: false };
    await expect(fetchJson(`${base}/v0.1/servers`, limits)).rejects.toThrow(/private or reserved/);
    await expect(fetchJson('http://169.254.169.254/latest', limits)).rejects.toThrow(
      /private or reserved/,
    );
    await expect(fetchJson('http://localhost:1/x', limits)).rejects.toThrow(/private or reserved/);
    for (const a of [
      '10.1.2.3',
      '192.168.0.1',
      '172.20.0.1',
      '::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      'fd00::1',
    ])
      expect(isReservedAddress(a), a).toBe(true);
    for (const a of ['93.184.216.34', '2606:4700::1111'])
      expect(isReservedAddress(a), a).toBe(false);
  });
});
