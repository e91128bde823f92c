import { readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { createScratchPostgres, usingPostgres } from './helpers/database.js';
import { startServer, tempDataDir, type ServerProcess } from './helpers/process.js';

const running: ServerProcess[] = [];
const dirs: string[] = [];
afterEach(async () => {
  while (running.length) await running.pop()!.stop('SIGKILL');
  while (dirs.length) await rm(dirs.pop()!, { recursive: true, force: true });
});

async function dataDir() {
  const dir = await tempDataDir();
  dirs.push(dir);
  return dir;
}

async function start(env: Record<string, string>) {
  const server = await startServer(env);
  running.push(server);
  return server;
}

/** The first-run set-up code, read off the process's log as an operator would. */
const setupCode = (server: ServerProcess) =>
  /First-run set-up code: ([A-Z0-9-]+)/.exec(server.output())?.[1] ?? 'none logged';

const post = (url: string, body: unknown) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe.runIf(!usingPostgres())('the service process on the embedded database', () => {
  it('starts with an empty DATA_DIR, generating secrets with mode 0600', async () => {
    const dir = await dataDir();
    const server = await start({ DATA_DIR: dir });
    const health = (await (await fetch(`${server.url}/api/health`)).json()) as any;
    expect(health.data.database.dialect).toBe('pglite');
    expect((await stat(path.join(dir, 'secrets.json'))).mode & 0o777).toBe(0o600);
    expect((await stat(path.join(dir, 'pglite'))).isDirectory()).toBe(true);
    const docs = (await (await fetch(`${server.url}/documentation/json`)).json()) as any;
    expect(docs.openapi).toBe('3.0.0');
  });

  it('finishes in-flight requests on SIGTERM, exits cleanly, and reopens the same data', async () => {
    const dir = await dataDir();
    const server = await start({ DATA_DIR: dir });
    const setup = await post(`${server.url}/api/db/setup`, {
      dialect: 'pglite',
      setup_code: setupCode(server),
    });
    expect(setup.status).toBe(200);
    const secrets = await readFile(path.join(dir, 'secrets.json'), 'utf8');

    // Writes (registrations) and reads race the signal; whatever was acknowledged must survive.
    const inFlight = Array.from({ length: 40 }, (_, i) =>
      (i % 2 === 0
        ? post(`${server.url}/api/auth/email/register`, {
            username: `user${i}`,
            email: `user${i}@example.com`,
            password: 'a long enough password',
          })
        : fetch(`${server.url}/api/db/migrations?offset=${i % 3}`)
      ).then(
        async (res) => ({ i, status: res.status, body: (await res.json()) as any }),
        () => null, // refused after the listener closed: never acknowledged
      ),
    );
    await new Promise((r) => setTimeout(r, 150));
    server.child.kill('SIGTERM');
    const results = await Promise.all(inFlight);
    expect(
      await server.exited,
      server
        .output()
        .split('\n')
        .filter((l) => /shutdown|error|stopped/i.test(l))
        .join('\n'),
    ).toBe(0);
    expect(server.output()).toContain('"msg":"stopped"');
    const answered = results.filter((r) => r !== null);
    expect(answered.length).toBeGreaterThan(0);
    for (const r of answered) {
      expect([200, 201, 401, 503]).toContain(r!.status);
      expect(typeof r!.body.success).toBe('boolean');
    }
    const registered = answered.filter((r) => r!.status === 201).map((r) => `user${r!.i}`);
    expect(registered.length).toBeGreaterThan(0);

    const again = await start({ DATA_DIR: dir });
    const status = (await (await fetch(`${again.url}/api/db/status`)).json()) as any;
    expect(status.data).toMatchObject({
      configured: true,
      dialect: 'pglite',
      source: 'setup',
      migrations: { pending: 0 },
    });
    expect(again.output()).toContain('"applied":[]');
    expect(await readFile(path.join(dir, 'secrets.json'), 'utf8')).toBe(secrets);
    for (const username of registered) {
      const signIn = await post(`${again.url}/api/auth/email/login`, {
        login: username,
        password: 'a long enough password',
      });
      expect(signIn.status, username).toBe(200);
    }
  });

  it('stops cleanly on SIGTERM while it is still starting, and opens the same data again', async () => {
    const dir = await dataDir();
    const server = await startServer({ DATA_DIR: dir }, { waitForHealth: false });
    running.push(server);
    // The database is open and migrated; the HTTP listener is not up yet.
    const deadline = Date.now() + 30_000;
    while (!server.output().includes('"msg":"database ready"') && Date.now() < deadline) {
      if (server.child.exitCode !== null) break;
      await new Promise((r) => setTimeout(r, 5));
    }
    expect(server.output()).toContain('"msg":"database ready"');
    server.child.kill('SIGTERM');
    expect(await server.exited, server.output()).toBe(0);
    expect(server.output()).toContain('"msg":"stopped"');

    const again = await start({ DATA_DIR: dir });
    const status = (await (await fetch(`${again.url}/api/db/status`)).json()) as any;
    expect(status.data.migrations.pending).toBe(0);
  });

  it('refuses to start, exiting 1, when the configured database cannot be reached', async () => {
    const dir = await dataDir();
    const server = await startServer(
      { DATA_DIR: dir, DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' },
      { waitForHealth: false },
    );
    running.push(server);
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('groundstation failed to start');
  });
});

describe.runIf(usingPostgres())('service processes on PostgreSQL', () => {
  it('migrates once when two processes start at the same time on one database', async () => {
    const scratch = await createScratchPostgres();
    try {
      const [a, b] = await Promise.all([
        start({ DATA_DIR: await dataDir(), DATABASE_URL: scratch.url }),
        start({ DATA_DIR: await dataDir(), DATABASE_URL: scratch.url }),
      ]);
      for (const s of [a, b]) expect((await fetch(`${s.url}/api/health`)).status).toBe(200);
      const client = new pg.Client({ connectionString: scratch.url });
      await client.connect();
      const { rows } = await client.query(
        'SELECT name, count(*)::int AS n FROM schema_migrations GROUP BY name',
      );
      await client.end();
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((r) => r.n === 1)).toBe(true);
      const logs = [a.output(), b.output()];
      expect(logs.filter((l) => l.includes('"applied":[]')).length).toBe(1);
      await Promise.all([a.stop(), b.stop()]);
    } finally {
      await scratch.drop();
    }
  });

  it('moves over to PostgreSQL after first-run set-up, and stays there after a restart', async () => {
    const scratch = await createScratchPostgres();
    try {
      const dir = await dataDir();
      const server = await start({ DATA_DIR: dir });
      const res = await post(`${server.url}/api/db/setup`, {
        dialect: 'postgresql',
        database_url: scratch.url,
        setup_code: setupCode(server),
      });
      expect(res.status).toBe(200);
      let dialect = 'pglite';
      for (let i = 0; i < 100 && dialect !== 'postgresql'; i++) {
        await new Promise((r) => setTimeout(r, 100));
        dialect = await fetch(`${server.url}/api/db/status`)
          .then(async (r) => ((await r.json()) as any).data.dialect)
          .catch(() => 'switching');
      }
      expect(dialect).toBe('postgresql');
      expect(await server.stop()).toBe(0);
      running.pop();
      const again = await start({ DATA_DIR: dir });
      const status = (await (await fetch(`${again.url}/api/db/status`)).json()) as any;
      expect(status.data).toMatchObject({
        dialect: 'postgresql',
        source: 'setup',
        configured: true,
      });
      await again.stop();
    } finally {
      await scratch.drop();
    }
  });
});
