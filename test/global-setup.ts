import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../src/db/client.js';
import { runMigrations } from '../src/db/migrate.js';
import { randomBase62 } from '../src/lib/ids.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dump of an embedded database with every migration applied (test/helpers/database.ts). */
    pgliteMigratedDump: string | null;
    /** A PostgreSQL database with every migration applied, to copy (CREATE DATABASE … TEMPLATE). */
    postgresMigratedTemplate: string | null;
  }
}

/**
 * Runs once per project before its files. Creating and migrating a database takes seconds on
 * PGlite and most of a second on PostgreSQL, and the suite opens hundreds, so each project makes
 * one migrated database and every test database starts as a copy of it.
 */
export default async function setup(project: TestProject) {
  project.provide('pgliteMigratedDump', null);
  project.provide('postgresMigratedTemplate', null);
  if (project.config.env?.TEST_DB === 'pglite') return pgliteDump(project);
  if (project.config.env?.TEST_DB === 'postgres') return postgresTemplate(project);
}

async function pgliteDump(project: TestProject) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'groundstation-test-'));
  const db = await openPglite();
  try {
    await runMigrations(db);
    const dump = await db.snapshot?.();
    if (!dump) throw new Error('the embedded database cannot be dumped');
    const file = path.join(dir, 'migrated.tar.gz');
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
    project.provide('pgliteMigratedDump', file);
  } finally {
    await db.close();
  }
  return () => rm(dir, { recursive: true, force: true });
}

async function postgresTemplate(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return;
  const name = `gs_template_${randomBase62(12).toLowerCase()}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  // Closed before any copy: PostgreSQL copies only a database nobody is connected to.
  const db = await openPostgres({ url: url.toString(), poolMax: 1 });
  try {
    await runMigrations(db);
  } finally {
    await db.close();
  }
  project.provide('postgresMigratedTemplate', name);
  return () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}
