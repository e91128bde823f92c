import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from '../../src/db/client.js';
import { CORE_MIGRATIONS_DIR, readMigrationFiles } from '../../src/db/migrate.js';
import { templateKey } from '../../src/db/pglite-template.js';
import { usingPostgres } from '../helpers/database.js';

// On an empty folder the embedded database is copied from a ready-made template (initdb and the
// core migrations done once, in a worker thread: src/db/pglite-template.ts, pglite-initdb.ts);
// on later starts it is opened directly. Each template made here takes initdb's seconds.
describe.skipIf(usingPostgres())('PGlite on an empty data folder', { timeout: 120_000 }, () => {
  let dir: string;
  let coreMigrations: number;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'gs-first-start-'));
    coreMigrations = (await readMigrationFiles(CORE_MIGRATIONS_DIR)).length;
  });
  afterAll(async () => rm(dir, { recursive: true, force: true }));

  const applied = async (db: Awaited<ReturnType<typeof openPglite>>) =>
    (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM schema_migrations'))[0]!.n;

  it('is created migrated, opened with small shared memory, and found again at the next start', async () => {
    const data = path.join(dir, 'default', 'pglite');
    const first = await openPglite(data);
    try {
      expect(existsSync(path.join(data, 'PG_VERSION'))).toBe(true);
      expect(await applied(first)).toBe(coreMigrations);
      const [buffers] = await first.query<{ setting: string; unit: string }>(
        "SELECT setting, unit FROM pg_settings WHERE name = 'shared_buffers'",
      );
      expect(Number(buffers!.setting) * 8).toBe(8 * 1024);
      expect(buffers!.unit).toBe('8kB');
      const [connections] = await first.query<{ setting: string }>(
        "SELECT setting FROM pg_settings WHERE name = 'max_connections'",
      );
      expect(connections!.setting).toBe('5');
      // initdb's template databases, half the files a first start copies, are gone.
      expect(await first.query('SELECT datname FROM pg_database')).toEqual([
        { datname: 'postgres' },
      ]);
      await first.query('CREATE TABLE kept (n int)');
      await first.query('INSERT INTO kept VALUES (42)');
    } finally {
      await first.close();
    }
    const again = await openPglite(data);
    try {
      expect(await again.query('SELECT n FROM kept')).toEqual([{ n: 42 }]);
    } finally {
      await again.close();
    }
  });

  it('makes the template once and copies it into the next empty folder', async () => {
    const root = path.join(dir, 'templates-used');
    const template = path.join(root, await templateKey());
    const first = await openPglite(path.join(dir, 'a'), { templateRoot: root });
    await first.close();
    expect(existsSync(path.join(template, 'PG_VERSION'))).toBe(true);
    // Marks the template: only a copy of it can have this table.
    const direct = await PGlite.create(template);
    await direct.exec('CREATE TABLE from_template (n int); INSERT INTO from_template VALUES (7)');
    await direct.close();

    const second = await openPglite(path.join(dir, 'b'), { templateRoot: root });
    try {
      expect(await second.query('SELECT n FROM from_template')).toEqual([{ n: 7 }]);
      expect(await applied(second)).toBe(coreMigrations);
      // A copy, not the template itself: writes stay in the data folder.
      await second.query('INSERT INTO from_template VALUES (8)');
    } finally {
      await second.close();
    }
    const third = await openPglite(path.join(dir, 'c'), { templateRoot: root });
    try {
      expect(await third.query('SELECT n FROM from_template')).toEqual([{ n: 7 }]);
    } finally {
      await third.close();
    }
  });

  it('ignores templates of another PGlite version or migration set, and replaces a half-made one', async () => {
    const root = path.join(dir, 'templates-stale');
    const stale = path.join(root, '0.0.1-0000000000000000');
    const halfMade = path.join(root, await templateKey());
    for (const folder of [stale, halfMade]) {
      await mkdir(folder, { recursive: true });
      await writeFile(path.join(folder, 'PG_VERSION'), '17\n');
    }
    const db = await openPglite(path.join(dir, 'd'), { templateRoot: root });
    try {
      expect(await applied(db)).toBe(coreMigrations);
    } finally {
      await db.close();
    }
    expect(await readdir(root)).toEqual([path.basename(halfMade)]);
    expect(existsSync(path.join(halfMade, 'global', 'pg_control'))).toBe(true);
  });

  it('drops a damaged template that does not open and creates the database instead', async () => {
    const root = path.join(dir, 'templates-damaged');
    const template = path.join(root, await templateKey());
    await (await openPglite(path.join(dir, 'e'), { templateRoot: root })).close();
    await writeFile(path.join(template, 'global', 'pg_control'), 'damaged');

    const db = await openPglite(path.join(dir, 'f'), { templateRoot: root });
    try {
      expect(await applied(db)).toBe(coreMigrations);
    } finally {
      await db.close();
    }
    expect(existsSync(template)).toBe(false);
  });

  it('creates the database in place when the template folder cannot be written', async () => {
    // A file where the folder would go stops any user, root included (permissions would not).
    await writeFile(path.join(dir, 'not-a-folder'), '');
    const root = path.join(dir, 'not-a-folder', 'templates');
    const db = await openPglite(path.join(dir, 'g'), { templateRoot: root });
    try {
      expect(await applied(db)).toBe(coreMigrations);
    } finally {
      await db.close();
    }
    expect(existsSync(path.join(dir, 'g', 'PG_VERSION'))).toBe(true);
  });
});
