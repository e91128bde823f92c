import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SessionSource, SqlSession } from './executor.js';

/** src/db and dist/db both sit two levels below the project root, beside migrations/. */
export const CORE_MIGRATIONS_DIR = fileURLToPath(new URL('../../migrations', import.meta.url));

// Any fixed 64-bit number works; every process that migrates this database must use the same one.
const MIGRATION_LOCK_KEY = 7_242_019_001;
const FILE_PATTERN = /^\d{4}_[a-z0-9_]+\.sql$/;

export class MigrationError extends Error {
  override name = 'MigrationError';
  constructor(
    message: string,
    readonly file?: string,
  ) {
    super(message);
  }
}

export interface MigrationFile {
  name: string;
  sql: string;
  checksum: string;
}

export interface MigrationResult {
  applied: string[];
  alreadyApplied: number;
}

export interface MigrateOptions {
  dir?: string;
  /** Table that records applied files; plugins keep their own. */
  table?: string;
  lockKey?: number;
}

export async function readMigrationFiles(dir: string): Promise<MigrationFile[]> {
  const names = (await readdir(dir)).filter((n) => n.endsWith('.sql')).sort();
  const files: MigrationFile[] = [];
  for (const name of names) {
    if (!FILE_PATTERN.test(name)) {
      throw new MigrationError(`Migration file name ${name} must look like 0001_name.sql`, name);
    }
    const sql = (await readFile(path.join(dir, name), 'utf8')).replace(/\r\n/g, '\n');
    files.push({ name, sql, checksum: createHash('sha256').update(sql).digest('hex') });
  }
  return files;
}

function quoteIdent(name: string) {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new MigrationError(`Invalid table name ${name}`);
  return `"${name}"`;
}

async function applyPending(
  session: SqlSession,
  files: MigrationFile[],
  table: string,
): Promise<MigrationResult> {
  await session.exec(
    `CREATE TABLE IF NOT EXISTS ${table} (
       name text PRIMARY KEY,
       checksum text NOT NULL,
       applied_at timestamptz NOT NULL DEFAULT now()
     )`,
  );
  const rows = await session.query<{ name: string; checksum: string }>(
    `SELECT name, checksum FROM ${table}`,
  );
  const applied = new Map(rows.map((r) => [r.name, r.checksum]));
  const result: MigrationResult = { applied: [], alreadyApplied: 0 };
  for (const file of files) {
    const known = applied.get(file.name);
    if (known !== undefined) {
      if (known !== file.checksum) {
        throw new MigrationError(
          `Migration ${file.name} was changed after it was applied; migrations are forward-only, add a new file instead`,
          file.name,
        );
      }
      result.alreadyApplied += 1;
      continue;
    }
    try {
      await session.exec('BEGIN');
      await session.exec(file.sql);
      await session.query(`INSERT INTO ${table} (name, checksum) VALUES ($1, $2)`, [
        file.name,
        file.checksum,
      ]);
      await session.exec('COMMIT');
    } catch (error) {
      await session.exec('ROLLBACK').catch(() => undefined);
      throw new MigrationError(
        `Migration ${file.name} failed: ${(error as Error).message}`,
        file.name,
      );
    }
    result.applied.push(file.name);
  }
  return result;
}

/**
 * Applies every migration file not yet recorded, in name order, each in its own transaction.
 * A session-level advisory lock makes concurrent starters wait, so only one of them migrates.
 */
export function runMigrations(
  db: SessionSource,
  options: MigrateOptions = {},
): Promise<MigrationResult> {
  return db.withSession((session) => migrateSession(session, options));
}

/** runMigrations on one connection the caller holds (the embedded database's first-start worker). */
export async function migrateSession(
  session: SqlSession,
  options: MigrateOptions = {},
): Promise<MigrationResult> {
  const files = await readMigrationFiles(options.dir ?? CORE_MIGRATIONS_DIR);
  const table = quoteIdent(options.table ?? 'schema_migrations');
  const lockKey = options.lockKey ?? MIGRATION_LOCK_KEY;
  await session.query('SELECT pg_advisory_lock($1)', [lockKey]);
  try {
    return await applyPending(session, files, table);
  } finally {
    await session.query('SELECT pg_advisory_unlock($1)', [lockKey]);
  }
}
