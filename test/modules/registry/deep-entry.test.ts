import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { systemClock } from '../../../src/lib/clock.js';
import { createImporter } from '../../../src/modules/registry/importer.js';
import { createRegistryRepository } from '../../../src/modules/registry/repository.js';
import { MAX_ENTRY_DEPTH } from '../../../src/modules/registry/server-json.js';
import { json, register, type Account } from '../../helpers/accounts.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { entry, npmDoc } from './fixtures.js';

/**
 * One registry entry nested thousands of levels deep used to overflow the stack while it was
 * mapped (the digest of its document recurses), which failed the whole run before the page was
 * applied; the next run asked for the same page and failed the same way, for ever.
 */
const DEPTH = 9_500;

/** `{"a":{"a":…{"a":1}…}}`, written as text: building it as an object and stringifying recurses. */
const deepJson = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

/** A registry entry as text, with `extra` (an unknown field of its document) given as JSON text. */
const entryText = (name: string, extra?: string) =>
  JSON.stringify(
    entry(npmDoc(name, '1.0.0', extra === undefined ? {} : { extra: '@EXTRA@' }), {
      updatedAt: '2025-10-01T00:00:00.000Z',
      isLatest: true,
    }),
  ).replace('"@EXTRA@"', extra ?? '');
const good = (name: string) => entryText(name);
/** The bad entry is otherwise valid; only an unknown field of its document is deep. */
const deepEntry = () => entryText('com.example/deep', deepJson(DEPTH));

/**
 * Two pages. The first holds a good entry, the deep one, one exactly at the limit and one a level
 * past it; the second one more good entry, so that moving on past the first page is visible.
 */
function answer(url: URL, res: http.ServerResponse) {
  const second = url.searchParams.get('cursor') === 'page2';
  // The entry is level 1, its `server` level 2, the value of `extra` level 3.
  const servers = second
    ? [good('com.example/after-deep')]
    : [
        good('com.example/before-deep'),
        deepEntry(),
        entryText('com.example/at-limit', deepJson(MAX_ENTRY_DEPTH - 2)),
        entryText('com.example/past-limit', deepJson(MAX_ENTRY_DEPTH - 1)),
      ];
  const metadata = second ? {} : { nextCursor: 'page2' };
  res
    .writeHead(200, { 'content-type': 'application/json' })
    .end(`{"servers":[${servers.join(',')}],"metadata":${JSON.stringify(metadata)}}`);
}

let registry: http.Server;
let t: TestApp;
let admin: Account;

beforeAll(async () => {
  registry = http.createServer((req, res) => answer(new URL(req.url!, 'http://x'), res));
  await new Promise<void>((resolve) => registry.listen(0, '127.0.0.1', resolve));
  t = await createTestApp({ env: { REGISTRY_ALLOW_PRIVATE_ADDRESSES: 'true' } });
  admin = await register(t.app, 'admin');
  const port = (registry.address() as AddressInfo).port;
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/registry/source',
    headers: { ...json, ...admin.headers },
    payload: { base_url: `http://127.0.0.1:${port}` },
  });
  expect(res.statusCode, res.body).toBe(200);
});
afterAll(async () => {
  registry.closeAllConnections();
  registry.close();
  await t?.close();
});

const catalogue = async (slug: string) =>
  (await t.app.inject({ url: `/api/mcp/servers/${slug}`, headers: admin.headers })).statusCode;

describe('a registry entry nested too deep', () => {
  it('fails alone: the rest of its page is applied and the sync completes', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/registry/sync',
      headers: admin.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const run = res.json().data.run;
    expect(run).toMatchObject({
      status: 'completed_with_failures',
      pages: 2,
      created: 3,
      failed: 2,
    });
    const reason = `entry is nested more than ${MAX_ENTRY_DEPTH} levels deep`;
    expect(run.failures).toEqual([
      { name: 'com.example/deep', version: '1.0.0', reason },
      { name: 'com.example/past-limit', version: '1.0.0', reason },
    ]);
    for (const slug of ['before-deep', 'at-limit', 'after-deep'])
      expect(await catalogue(`com-example-${slug}`), slug).toBe(200);
    for (const slug of ['deep', 'past-limit'])
      expect(await catalogue(`com-example-${slug}`), slug).toBe(404);
    const source = await t.app.inject({ url: '/api/registry/source', headers: admin.headers });
    expect(source.json().data.source).toMatchObject({
      resume_cursor_pending: false,
      high_water_mark: '2025-10-01T00:00:00.000Z',
    });
  });

  it('is recorded as a failure of the entry by a direct import too', async () => {
    // The HTTP body parser refuses a body nested this deep before the importer sees it, so the
    // importer is called as the sync calls it.
    const items: unknown[] = [JSON.parse(deepEntry()), JSON.parse(good('com.example/direct'))];
    const importer = createImporter({
      db: t.database.db,
      repository: createRegistryRepository(t.database.db.orm),
      clock: systemClock,
      logger: pino({ level: 'silent' }),
    });
    const result = await importer.importItems(items, { source: 'import', request: null });
    expect(result).toMatchObject({ created: 1, failed: 1 });
    expect(result.failures[0]!.reason).toBe(
      `entry is nested more than ${MAX_ENTRY_DEPTH} levels deep`,
    );
  });
});
