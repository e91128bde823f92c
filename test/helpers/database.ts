import pg from 'pg';
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

/** Creates an empty PostgreSQL database and returns its URL and a way to drop it. */
export async function createScratchPostgres(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `gs_test_${randomBase62(12).toLowerCase()}`;
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
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

/** A fresh, empty database: in-memory PGlite, or a scratch PostgreSQL database. */
export async function createEmptyDatabase(): Promise<TestDatabase> {
  if (!usingPostgres()) {
    const db = await openPglite();
    return { db, url: null, dispose: () => db.close() };
  }
  const scratch = await createScratchPostgres();
  const db = await openPostgres({ url: scratch.url, poolMax: 5 });
  return {
    db,
    url: scratch.url,
    async dispose() {
      await db.close();
      await scratch.drop();
    },
  };
}

/** A fresh database with every core migration applied. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const test = await createEmptyDatabase();
  await runMigrations(test.db);
  return test;
}
