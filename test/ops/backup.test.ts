import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { adminSocketPath, listenForAdmin } from '../../src/db/admin-socket.js';
import { openPglite, type Database } from '../../src/db/client.js';
import { runMigrations } from '../../src/db/migrate.js';
import { pgliteDir } from '../../src/db/target.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { json, PASSWORD, register, type Account } from '../helpers/accounts.js';
import { startServer, tempDataDir } from '../helpers/process.js';
import { usingPostgres } from '../helpers/database.js';

async function cli(argv: string[], env: Record<string, string>, cwd: string) {
  let stdout = '';
  let stderr = '';
  const code = await runCli(argv, {
    stdout: (text) => void (stdout += text),
    stderr: (text) => void (stderr += text),
    cwd,
    env: { LOG_LEVEL: 'silent', ...env },
  });
  return { code, stdout, stderr };
}

describe.runIf(usingPostgres())('backups on PostgreSQL', () => {
  it('points to pg_dump and pg_restore', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'gs-backup-'));
    try {
      const env = { DATA_DIR: dir, DATABASE_URL: process.env.TEST_DATABASE_URL! };
      for (const command of ['backup', 'restore']) {
        const result = await cli([command, 'x.tgz'], env, dir);
        expect(result.code).toBe(2);
        expect(result.stderr).toMatch(/pg_dump/);
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe.skipIf(usingPostgres())('backups of the embedded database', () => {
  let dataDir: string;
  let db: Database;
  let t: TestApp;
  let admin: { close(): Promise<void> };
  let root: Account;
  const env = () => ({ DATA_DIR: dataDir });
  const backupFile = () => path.join(dataDir, '..', `${path.basename(dataDir)}-backup.tgz`);
  const acknowledged = { before: [] as string[], during: [] as string[], after: [] as string[] };
  let serial = 0;

  /** Creates a team; its name is recorded once the service has answered 201. */
  async function write(into: string[]) {
    const name = `Team ${++serial}`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/teams',
      headers: { ...json, ...root.headers },
      payload: { name },
    });
    expect(res.statusCode, res.body).toBe(201);
    into.push(name);
  }

  async function teamNames(database: Database) {
    const rows = await database.query<{ name: string }>('SELECT name FROM teams');
    return new Set(rows.map((r) => r.name));
  }

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'gs-backup-'));
    db = await openPglite(pgliteDir(dataDir));
    await runMigrations(db);
    t = await createTestApp({ database: { db, url: null, dispose: () => db.close() } });
    admin = await listenForAdmin({ dataDir, db, logger: pino({ level: 'silent' }) });
    root = await register(t.app, 'root');
  });
  afterAll(async () => {
    await admin?.close();
    await t?.close().catch(() => undefined);
    await rm(dataDir, { recursive: true, force: true });
    await rm(backupFile(), { force: true });
  });

  it('copies the running service’s database while it keeps taking writes', async () => {
    for (let i = 0; i < 10; i++) await write(acknowledged.before);
    const writes = (async () => {
      for (let i = 0; i < 10; i++) await write(acknowledged.during);
    })();
    const result = await cli(['backup', backupFile()], env(), dataDir);
    await writes;
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('backup of the running service');
    for (let i = 0; i < 3; i++) await write(acknowledged.after);
    // Owner-only: it holds encrypted credentials and token hashes.
    const { mode } = await import('node:fs/promises').then((fs) => fs.stat(backupFile()));
    expect(mode & 0o077).toBe(0);
    expect(await cli(['backup', backupFile()], env(), dataDir)).toMatchObject({ code: 2 });
  });

  it('leaves no file when the copy is cut off in the middle, and the service keeps serving', async () => {
    // A client that goes away mid-transfer costs the service nothing.
    await new Promise<void>((resolve) => {
      const socket = net.createConnection(adminSocketPath(dataDir), () => socket.write('backup\n'));
      socket.once('data', () => {
        socket.destroy();
        resolve();
      });
    });
    // A copy that arrives short (the service died while sending) is refused, with nothing kept.
    const fakeDir = await mkdtemp(path.join(os.tmpdir(), 'gs-fake-'));
    const fake = net.createServer((socket) =>
      socket.once('data', () => socket.end('ok 100000\nsome bytes')),
    );
    await new Promise<void>((resolve) => fake.listen(adminSocketPath(fakeDir), resolve));
    try {
      const target = path.join(fakeDir, 'cut.tgz');
      const result = await cli(['backup', target], { DATA_DIR: fakeDir }, fakeDir);
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(/incomplete \(10 of 100000 bytes\)/);
      expect((await readdir(fakeDir)).filter((f) => f.startsWith('cut'))).toEqual([]);
    } finally {
      fake.close();
      await rm(fakeDir, { recursive: true, force: true });
    }
    await write(acknowledged.after);
  });

  it('refuses to restore, or to open the database for key rotation, while the service runs', async () => {
    const result = await cli(['restore', backupFile()], env(), dataDir);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/stop it before restoring/);
    const rotation = await cli(['encryption-keys', 'status'], env(), dataDir);
    expect(rotation.code).toBe(1);
    expect(rotation.stderr).toMatch(/only it may open the embedded database/);
  });

  it('restores the backup: every write acknowledged before it, none made after it', async () => {
    await admin.close();
    await t.close();
    // A damaged archive (a copy interrupted half-way) is refused and replaces nothing.
    const half = path.join(dataDir, '..', `${path.basename(dataDir)}-half.tgz`);
    const whole = await readFile(backupFile());
    await writeFile(half, whole.subarray(0, Math.floor(whole.length / 2)));
    const damaged = await cli(['restore', half], env(), dataDir);
    await rm(half, { force: true });
    expect(damaged.code).toBe(1);
    expect(damaged.stderr).toMatch(/nothing was replaced/);
    const untouched = await openPglite(pgliteDir(dataDir));
    const live = await teamNames(untouched);
    await untouched.close();
    for (const name of [...acknowledged.before, ...acknowledged.during, ...acknowledged.after])
      expect(live.has(name), name).toBe(true);

    const result = await cli(['restore', backupFile()], env(), dataDir);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/replaced database is kept in/);
    const restored = await openPglite(pgliteDir(dataDir));
    try {
      const names = await teamNames(restored);
      for (const name of acknowledged.before) expect(names.has(name), name).toBe(true);
      for (const name of acknowledged.after) expect(names.has(name), name).toBe(false);
      // The copy is whole: migrations and accounts are there, and it takes writes.
      const [row] = await restored.query<{ n: number }>('SELECT count(*)::int AS n FROM users');
      expect(row!.n).toBe(1);
      await runMigrations(restored);
    } finally {
      await restored.close();
    }
  });

  it('copies a stopped data directory directly', async () => {
    const file = path.join(dataDir, 'stopped.tgz');
    const result = await cli(['backup', file], env(), dataDir);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('the stopped data directory');
    expect((await readFile(file)).length).toBeGreaterThan(1000);
  });
});

describe.skipIf(usingPostgres())('backup and restore of a real service process', () => {
  it('takes a backup through the running process, survives its crash, and restores', async () => {
    const dataDir = await tempDataDir();
    const file = `${dataDir}-backup.tgz`;
    let server = await startServer({ DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
    try {
      const register = await fetch(`${server.url}/api/auth/email/register`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ username: 'root', email: 'root@example.com', password: PASSWORD }),
      });
      expect(register.status).toBe(201);
      const cookie = register.headers.getSetCookie()[0]!.split(';')[0]!;
      const createTeam = (name: string) =>
        fetch(`${server.url}/api/teams`, {
          method: 'POST',
          headers: { ...json, cookie },
          body: JSON.stringify({ name }),
        });
      const before: string[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await createTeam(`Before ${i}`);
        expect(res.status).toBe(201);
        before.push(`Before ${i}`);
      }
      const backup = await cli(['backup', file], { DATA_DIR: dataDir }, dataDir);
      expect(backup.code, backup.stderr).toBe(0);
      expect(backup.stdout).toContain('the running service');
      // Writes after the backup, then a crash in the middle of more of them.
      for (let i = 0; i < 3; i++) expect((await createTeam(`After ${i}`)).status).toBe(201);
      const inFlight = Array.from({ length: 5 }, (_, i) =>
        createTeam(`Lost ${i}`).catch(() => null),
      );
      await server.stop('SIGKILL');
      await Promise.all(inFlight);

      const restore = await cli(['restore', file], { DATA_DIR: dataDir }, dataDir);
      expect(restore.code, restore.stderr).toBe(0);
      server = await startServer({ DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
      const login = await fetch(`${server.url}/api/auth/email/login`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ login: 'root', password: PASSWORD }),
      });
      expect(login.status).toBe(200);
      const session = login.headers.getSetCookie()[0]!.split(';')[0]!;
      const teams = await fetch(`${server.url}/api/teams?limit=100`, {
        headers: { cookie: session },
      });
      const body = (await teams.json()) as { data: { teams: Array<{ name: string }> } };
      const names = body.data.teams.map((t) => t.name);
      for (const name of before) expect(names).toContain(name);
      expect(names.filter((n) => n.startsWith('After') || n.startsWith('Lost'))).toEqual([]);
    } finally {
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
      await rm(file, { force: true });
    }
  }, 120_000);
});
