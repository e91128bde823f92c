import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { compilePglite, type PgliteWasmModule } from '../../src/db/pglite-initdb.js';
import { openPglite, openPostgres, type Database } from '../../src/db/client.js';
import { runMigrations } from '../../src/db/migrate.js';
import { randomBase62 } from '../../src/lib/ids.js';

export const usingPostgres = () => process.env.TEST_DB === 'postgres';

export interface TestDatabase {
  db: Database;
  /** Connection URL of the throw-away PostgreSQL database; null on PGlite. */
  url: string | null;
  dispose(): Promise<void>;
}

function adminUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  return url;
}

/**
 * Creates a PostgreSQL database and returns its URL and a way to drop it: empty, or a copy of
 * `template` (a database name).
 */
export async function createScratchPostgres(
  template?: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `gs_test_${randomBase62(12).toLowerCase()}`;
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  await admin.end();
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl() });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/**
 * A fresh database: in-memory PGlite, or a scratch PostgreSQL database; empty, or on PostgreSQL
 * a copy of `template`.
 */
export async function createEmptyDatabase(template?: string): Promise<TestDatabase> {
  if (!usingPostgres()) {
    const db = await openPglite();
    return { db, url: null, dispose: () => db.close() };
  }
  const scratch = await createScratchPostgres(template);
  const db = await openPostgres({ url: scratch.url, poolMax: 5 });
  return {
    db,
    url: scratch.url,
    async dispose() {
      try {
        await db.close();
      } finally {
        // Dropped even when the test closed the database itself.
        await scratch.drop();
      }
    },
  };
}

let migratedDump: Promise<{ dump: Blob; wasmModule: PgliteWasmModule }> | undefined;

/** The migrated embedded database that test/global-setup.ts dumped, and PGlite compiled. */
function pgliteStart(file: string) {
  migratedDump ??= Promise.all([readFile(file), compilePglite()]).then(([bytes, wasmModule]) => ({
    dump: new Blob([bytes]),
    wasmModule,
  }));
  return migratedDump;
}

/**
 * A fresh database with every core migration applied. It starts from the migrated database made
 * once per run (test/global-setup.ts: a dump on PGlite, a template database on PostgreSQL), which
 * takes a fraction of creating and migrating one; the migrations still run, and find nothing to do.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const file = usingPostgres() ? null : inject('pgliteMigratedDump');
  let test: TestDatabase;
  if (file) {
    const { dump, wasmModule } = await pgliteStart(file);
    const db = await openPglite(undefined, { loadDataDir: dump, wasmModule });
    test = { db, url: null, dispose: () => db.close() };
  } else {
    test = await createEmptyDatabase(inject('postgresMigratedTemplate') ?? undefined);
  }
  await runMigrations(test.db);
  return test;
}
