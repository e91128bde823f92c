/**
 * What `npm start` runs, built: the service bundle (scripts/bundle-server.mjs) with npm start's
 * variables and node flags, on an empty data folder and again on the data it left. The rest of
 * the suite runs the sources; this is the one test of what operators run.
 */
import { execFile } from 'node:child_process';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startCommand, type StartCommand } from '../../scripts/start-command.js';
import { usingPostgres } from '../helpers/database.js';
import { startServer, tempDataDir, until, type ServerProcess } from '../helpers/process.js';

let server: ServerProcess | null = null;
let command: StartCommand;
afterEach(async () => {
  await server?.stop();
  server = null;
});

/** `until` with this file's server's log in its failure. */
const waitFor = <T>(probe: () => Promise<T | undefined>, what: string) =>
  until(probe, what, () => server?.output() ?? '');

const start = (dataDir: string) =>
  startServer(
    { ...command.env, DATA_DIR: dataDir, BUILTIN_SATELLITE: 'true' },
    { nodeArgs: command.nodeFlags, entry: command.entry },
  );

const satelliteReady = () =>
  waitFor(
    async () => (server!.output().includes('satellite ready') ? true : undefined),
    'the satellite',
  );

// The process runs on its embedded database, whichever the suite's project is: once is enough.
describe.runIf(!usingPostgres())('the built start', () => {
  beforeAll(async () => {
    // Builds only when a source changed since the last build (about 25 s when it does).
    await promisify(execFile)(process.execPath, ['scripts/build-server.mjs', '--if-stale']);
    await promisify(execFile)(process.execPath, ['scripts/build-console.mjs', '--if-stale']);
    command = await startCommand();
  }, 180_000);

  it('builds before starting only what changed since the last build', async () => {
    // beforeAll built the service and the console.
    const outputs = ['dist/bundle/server.js', 'dist/db/client.js', 'dist/console/index.html'];
    const before = await Promise.all(outputs.map(async (file) => (await stat(file)).mtimeMs));
    await promisify(execFile)('npm', ['run', 'prestart']);
    const after = await Promise.all(outputs.map(async (file) => (await stat(file)).mtimeMs));
    expect(after).toEqual(before);
  }, 120_000);

  it('runs the bundle, which serves the API, the console, plugins and MCP', async () => {
    expect(command.entry).toBe('dist/bundle/server.js');
    const dataDir = await tempDataDir();
    server = await start(dataDir);
    // Migrations and the first-start database were found beside their modules.
    const health = await fetch(`${server.url}/api/health`);
    expect(await health.json()).toMatchObject({ data: { database: { reachable: true } } });
    // Validation and the error envelope (Ajv and the serializers are in the bundle).
    const refused = await fetch(`${server.url}/api/auth/email/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 1 }),
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ success: false, error: expect.any(String) });
    // The console, from dist/console beside the modules that serve it.
    const page = await fetch(server.url);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain('<div id="root">');
    // The built-in plugin, found in its folder: its routes ask for a session, not 404.
    expect((await fetch(`${server.url}/api/plugin/example-plugin/examples`)).status).toBe(401);
    const openapi = (await (await fetch(`${server.url}/documentation/json`)).json()) as {
      openapi: string;
      paths: Record<string, unknown>;
    };
    expect(openapi.openapi).toBe('3.0.0');
    expect(Object.keys(openapi.paths).length).toBeGreaterThan(100);
    // The built-in satellite pairs itself and answers MCP on the service's port.
    await satelliteReady();
    const saved = JSON.parse(
      await readFile(path.join(dataDir, 'satellite', 'credentials.json'), 'utf8'),
    );
    expect(saved.id).toMatch(/^sat_/);
    const mcp = await fetch(`${server.url}/mcp`, { method: 'POST' });
    expect(mcp.status).toBe(401);
    expect(mcp.headers.get('www-authenticate')).toContain(
      '/.well-known/oauth-protected-resource/mcp',
    );

    // Again on the data it left: the same satellite, not paired a second time.
    await server.stop();
    server = await start(dataDir);
    await satelliteReady();
    expect(server.output()).not.toContain('satellite paired');
    expect(server.output()).toContain(saved.id);
  });
});
