import { access, readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from '../../db/client.js';
import { readMigrationFiles, runMigrations } from '../../db/migrate.js';

// Statements that name a table they create or change, and the name they give it.
const TARGETS = [
  /\bCREATE\s+(?:UNLOGGED\s+)?TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?("?[\w.]+"?)/gi,
  /\b(?:ALTER|DROP)\s+TABLE\s+(?:IF\s+EXISTS\s+)?(?:ONLY\s+)?("?[\w.]+"?)/gi,
  /\bCREATE\s+(?:UNIQUE\s+)?INDEX\s+(?:CONCURRENTLY\s+)?(?:IF\s+NOT\s+EXISTS\s+)?("?[\w.]+"?)/gi,
  /\bINDEX\s+(?:CONCURRENTLY\s+)?(?:IF\s+NOT\s+EXISTS\s+)?(?:"?[\w.]+"?\s+)?ON\s+(?:ONLY\s+)?("?[\w.]+"?)/gi,
  /\b(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM|TRUNCATE(?:\s+TABLE)?)\s+("?[\w.]+"?)/gi,
];

/**
 * Refuses a migration that names a table outside the plugin's prefix. It reads the statements
 * that create, change or write tables; referring to core tables (a foreign key to users) is fine.
 */
export function checkTableNames(sql: string, prefix: string): void {
  for (const pattern of TARGETS) {
    for (const match of sql.matchAll(pattern)) {
      const name = match[1]!.replace(/"/g, '').replace(/^public\./, '');
      if (!name.startsWith(prefix))
        throw new Error(`names table or index ${name}; a plugin's must start with ${prefix}`);
    }
  }
}

/**
 * Applies a plugin's own forward-only migrations (its `migrations/` folder), recorded in its own
 * table apart from the core's, after checking that every table they touch is the plugin's.
 */
export async function migratePlugin(db: Database, folder: string, prefix: string) {
  const dir = path.join(folder, 'migrations');
  try {
    await access(dir);
  } catch {
    return { applied: [] as string[] };
  }
  if ((await readdir(dir)).length === 0) return { applied: [] as string[] };
  for (const file of await readMigrationFiles(dir)) {
    try {
      checkTableNames(file.sql, prefix);
    } catch (error) {
      throw new Error(`migration ${file.name} ${(error as Error).message}`);
    }
  }
  return runMigrations(db, { dir, table: `plugin_migrations_${prefix.replace(/_$/, '')}` });
}
