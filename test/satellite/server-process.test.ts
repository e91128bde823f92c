import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { usingPostgres } from '../helpers/database.js';
import { startServer, tempDataDir, until, type ServerProcess } from '../helpers/process.js';

// `npm start` as a new user runs it: the service pairs its built-in satellite by itself and MCP
// clients find the endpoint on the service's own port.
let server: ServerProcess | null = null;
afterEach(async () => {
  await server?.stop();
  server = null;
});

/** `until` with this file's server's log in its failure. */
const waitFor = <T>(probe: () => Promise<T | undefined>, what: string) =>
  until(probe, what, () => server?.output() ?? '');

// The process runs on its embedded database, whichever the suite's project is: once is enough.
describe.runIf(!usingPostgres())('the service process', () => {
  it('pairs its built-in satellite at the first start and serves MCP at BASE_URL/mcp', async () => {
    const dataDir = await tempDataDir();
    server = await startServer({ DATA_DIR: dataDir, BUILTIN_SATELLITE: 'true' });
    const credentials = path.join(dataDir, 'satellite', 'credentials.json');
    const saved = await waitFor(
      async () => JSON.parse(await readFile(credentials, 'utf8')),
      'pairing',
    );
    expect(saved.id).toMatch(/^sat_/);
    expect((await stat(credentials)).mode & 0o777).toBe(0o600);
    const res = await waitFor(async () => {
      const answer = await fetch(`${server!.url}/mcp`, { method: 'POST' });
      return answer.status === 401 ? answer : undefined;
    }, 'the MCP endpoint');
    expect(res.headers.get('www-authenticate')).toContain(
      `resource_metadata="${server.url.replace('127.0.0.1', 'localhost')}/.well-known/oauth-protected-resource/mcp"`,
    );
    // A restart keeps the same satellite: no second pairing.
    await server.stop();
    server = await startServer({ DATA_DIR: dataDir, BUILTIN_SATELLITE: 'true' });
    await waitFor(async () => {
      const out = server!.output();
      return out.includes('satellite ready') ? true : undefined;
    }, 'the satellite after a restart');
    expect(server.output()).not.toContain('satellite paired');
    expect(JSON.parse(await readFile(credentials, 'utf8')).id).toBe(saved.id);
  });

  it('runs without a satellite when BUILTIN_SATELLITE=false', async () => {
    server = await startServer({ DATA_DIR: await tempDataDir(), BUILTIN_SATELLITE: 'false' });
    expect((await fetch(`${server.url}/mcp`, { method: 'POST' })).status).toBe(404);
  });
});
