import { readFile, writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Dialect } from './client.js';

/** Where the database choice came from: the environment, first-run set-up, or the default. */
export type DatabaseSource = 'environment' | 'setup' | 'default';

export interface DatabaseTarget {
  dialect: Dialect;
  url: string | null;
  source: DatabaseSource;
}

export interface SavedDatabaseChoice {
  dialect: Dialect;
  database_url?: string;
  configured_at: string;
}

const FILE_NAME = 'database.json';

export function pgliteDir(dataDir: string) {
  return path.join(dataDir, 'pglite');
}

export async function readDatabaseChoice(dataDir: string): Promise<SavedDatabaseChoice | null> {
  try {
    return JSON.parse(await readFile(path.join(dataDir, FILE_NAME), 'utf8')) as SavedDatabaseChoice;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/**
 * Saves the first-run choice. The file is created exclusively, so of two concurrent set-ups only
 * one wins; it is mode 0600 because a PostgreSQL URL may carry a password.
 * Returns false when a choice was already saved.
 */
export async function saveDatabaseChoice(
  dataDir: string,
  choice: SavedDatabaseChoice,
): Promise<boolean> {
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  try {
    await writeFile(path.join(dataDir, FILE_NAME), `${JSON.stringify(choice, null, 2)}\n`, {
      mode: 0o600,
      flag: 'wx',
    });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/** `DATABASE_URL` in the environment wins; then the saved set-up; then embedded PGlite. */
export async function resolveDatabaseTarget(
  dataDir: string,
  databaseUrl: string | null,
): Promise<DatabaseTarget> {
  if (databaseUrl) return { dialect: 'postgresql', url: databaseUrl, source: 'environment' };
  const saved = await readDatabaseChoice(dataDir);
  if (saved?.dialect === 'postgresql' && saved.database_url) {
    return { dialect: 'postgresql', url: saved.database_url, source: 'setup' };
  }
  return { dialect: 'pglite', url: null, source: saved ? 'setup' : 'default' };
}
