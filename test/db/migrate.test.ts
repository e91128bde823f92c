import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openPostgres } from '../../src/db/client.js';
import { readMigrationFiles, runMigrations, CORE_MIGRATIONS_DIR } from '../../src/db/migrate.js';
import { createEmptyDatabase, usingPostgres, type TestDatabase } from '../helpers/database.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function emptyDatabase(): Promise<TestDatabase> {
  const database = await createEmptyDatabase();
  cleanups.push(() => database.dispose());
  return database;
}

async function migrationsDir(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'gs-migrations-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  for (const [name, sql] of Object.entries(files)) await writeFile(path.join(dir, name), sql);
  return dir;
}

describe('core migrations', () => {
  it('applies every committed file once and records it', async () => {
    const { db } = await emptyDatabase();
    const files = await readMigrationFiles(CORE_MIGRATIONS_DIR);
    const first = await runMigrations(db);
    expect(first.applied).toEqual(files.map((f) => f.name));
    const second = await runMigrations(db);
    expect(second).toEqual({ applied: [], alreadyApplied: files.length });
    const rows = await db.query<{ name: string }>(
      'SELECT name FROM schema_migrations ORDER BY name',
    );
    expect(rows.map((r) => r.name)).toEqual(files.map((f) => f.name));
  });
});

describe('migration runner', () => {
  it('stops at a failing file, names it, and keeps the files before it', async () => {
    const { db } = await emptyDatabase();
    const dir = await migrationsDir({
      '0001_first.sql': 'CREATE TABLE first_table (id int);',
      '0002_broken.sql': 'CREATE TABLE second_table (id int);\nCREATE TABLE oops (;',
      '0003_third.sql': 'CREATE TABLE third_table (id int);',
    });
    await expect(runMigrations(db, { dir })).rejects.toThrow(/Migration 0002_broken\.sql failed/);
    const recorded = await db.query<{ name: string }>('SELECT name FROM schema_migrations');
    expect(recorded.map((r) => r.name)).toEqual(['0001_first.sql']);
    // The failing file ran in its own transaction, so none of it remains.
    const tables = await db.query<{ table_name: string }>(
      "SELECT table_name FROM information_schema.tables WHERE table_name IN ('first_table','second_table','third_table')",
    );
    expect(tables.map((t) => t.table_name)).toEqual(['first_table']);
  });

  it('refuses a file that changed after it was applied', async () => {
    const { db } = await emptyDatabase();
    const dir = await migrationsDir({ '0001_first.sql': 'CREATE TABLE a (id int);' });
    await runMigrations(db, { dir });
    await writeFile(path.join(dir, '0001_first.sql'), 'CREATE TABLE a (id bigint);');
    await expect(runMigrations(db, { dir })).rejects.toThrow(
      /0001_first\.sql was changed after it was applied/,
    );
  });

  it('refuses a badly named file', async () => {
    const { db } = await emptyDatabase();
    const dir = await migrationsDir({ 'first.sql': 'SELECT 1;' });
    await expect(runMigrations(db, { dir })).rejects.toThrow(
      /first\.sql must look like 0001_name\.sql/,
    );
  });

  it('keeps separate records per table, as plugins need', async () => {
    const { db } = await emptyDatabase();
    const dir = await migrationsDir({ '0001_p.sql': 'CREATE TABLE plugin_thing (id int);' });
    await runMigrations(db, { dir, table: 'plugin_migrations' });
    const rows = await db.query<{ name: string }>('SELECT name FROM plugin_migrations');
    expect(rows).toEqual([{ name: '0001_p.sql' }]);
  });
});

describe.runIf(usingPostgres())('concurrent starts on PostgreSQL', () => {
  it('lets only one of several connections migrate; the others wait and find nothing to do', async () => {
    const { url } = await emptyDatabase();
    // Separate pools stand for separate processes: the advisory lock is per connection.
    const pools = await Promise.all(
      [1, 2, 3, 4].map(() => openPostgres({ url: url!, poolMax: 1 })),
    );
    cleanups.push(async () => {
      await Promise.all(pools.map((p) => p.close()));
    });
    const dir = await migrationsDir({
      // pg_sleep widens the window in which an unlocked runner would also start migrating.
      '0001_slow.sql': 'SELECT pg_sleep(0.3); CREATE TABLE once_only (id int);',
      '0002_more.sql': 'CREATE TABLE twice_never (id int);',
    });
    const results = await Promise.all(pools.map((p) => runMigrations(p, { dir })));
    const appliedCounts = results.map((r) => r.applied.length).sort();
    expect(appliedCounts).toEqual([0, 0, 0, 2]);
    const rows = await pools[0]!.query<{ name: string }>(
      'SELECT name FROM schema_migrations ORDER BY name',
    );
    expect(rows.map((r) => r.name)).toEqual(['0001_slow.sql', '0002_more.sql']);
  });
});
