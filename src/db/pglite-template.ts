import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CORE_MIGRATIONS_DIR, readMigrationFiles } from './migrate.js';

/**
 * A first start copies a ready-made embedded database (initdb and the core migrations already
 * done) instead of creating one: initdb alone takes several seconds of WASM work. Templates are
 * made once per PGlite version and migration set, when the service is built or at the first start
 * that finds none, and kept beside the installed PGlite package (docs/operators.md).
 */

/** Bump when what a template holds changes in a way its key would not show. */
const FORMAT = 2;
/** Files copied at once: libuv's threads (4 by default) stay busy while others wait. */
const COPIES_AT_ONCE = 8;
/** A staging folder this old was left by a process that stopped while making a template. */
const ABANDONED_MS = 60 * 60 * 1000;

const pgliteUrl = () => import.meta.resolve('@electric-sql/pglite');

/** `<node_modules>/.cache/groundstation/pglite`, in the node_modules that holds PGlite. */
export function defaultTemplateRoot(): string {
  // .../node_modules/@electric-sql/pglite/dist/index.js
  const dist = path.dirname(fileURLToPath(pgliteUrl()));
  return path.join(dist, '..', '..', '..', '.cache', 'groundstation', 'pglite');
}

/** Names the template for the installed PGlite and the core migrations it was made with. */
export async function templateKey(): Promise<string> {
  const pkg = JSON.parse(await readFile(new URL('../package.json', pgliteUrl()), 'utf8')) as {
    version: string;
  };
  const hash = createHash('sha256').update(`format ${FORMAT}\n`);
  for (const file of await readMigrationFiles(CORE_MIGRATIONS_DIR))
    hash.update(`${file.name} ${file.checksum}\n`);
  return `${pkg.version}-${hash.digest('hex').slice(0, 16)}`;
}

const complete = (dir: string) =>
  existsSync(path.join(dir, 'PG_VERSION')) && existsSync(path.join(dir, 'global', 'pg_control'));

/**
 * The template folder for this PGlite version and migration set, made with `create` when there
 * is none; null when the cache folder cannot be written (the caller creates the database itself).
 * Concurrent callers each make their own and the first to publish it wins.
 */
export async function readyTemplate(
  root: string,
  create: (dir: string) => Promise<void>,
): Promise<string | null> {
  const key = await templateKey();
  const dir = path.join(root, key);
  if (complete(dir)) return dir;
  let staging: string;
  try {
    await mkdir(root, { recursive: true });
    staging = await mkdtemp(path.join(root, `.${key}-`));
  } catch {
    return null;
  }
  try {
    await create(staging);
    await publish(staging, dir);
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
  await removeOthers(root, key);
  return dir;
}

async function publish(staging: string, dir: string) {
  try {
    await rename(staging, dir);
  } catch (error) {
    if (complete(dir)) return; // another process published it first; theirs is as good
    // A damaged leftover under the same name (never one being copied: that one is complete).
    await rm(dir, { recursive: true, force: true });
    await rename(staging, dir).catch(() => {
      throw error;
    });
  }
}

/** Templates of other PGlite versions or migration sets are never used again. */
async function removeOthers(root: string, key: string) {
  for (const name of await readdir(root).catch(() => [])) {
    if (name === key) continue;
    const full = path.join(root, name);
    if (name.startsWith('.')) {
      const { mtimeMs } = await stat(full).catch(() => ({ mtimeMs: Date.now() }));
      if (Date.now() - mtimeMs < ABANDONED_MS) continue; // another process may be making it
    }
    await rm(full, { recursive: true, force: true }).catch(() => undefined);
  }
}

/**
 * Copies the template into the (empty) data folder, several files at a time (a template is some
 * 400 files, and a copy costs more per file than per byte). PG_VERSION, which marks a created
 * database, goes last, so a copy cut short is redone at the next start rather than opened half
 * made.
 */
export async function copyTemplate(template: string, dataDir: string) {
  const entries = await readdir(template, { recursive: true, withFileTypes: true });
  const relative = (e: (typeof entries)[number]) =>
    path.relative(template, path.join(e.parentPath, e.name));
  const dirs = entries.filter((e) => e.isDirectory()).map(relative);
  // Parents before children: a directory's path sorts before every path inside it.
  for (const dir of dirs.sort()) await mkdir(path.join(dataDir, dir), { recursive: true });
  const files = entries
    .filter((e) => e.isFile())
    .map(relative)
    .filter((file) => file !== 'PG_VERSION');
  let next = 0;
  const copier = async () => {
    while (next < files.length) {
      const file = files[next++]!;
      await copyFile(path.join(template, file), path.join(dataDir, file));
    }
  };
  await Promise.all(Array.from({ length: COPIES_AT_ONCE }, copier));
  await copyFile(path.join(template, 'PG_VERSION'), path.join(dataDir, 'PG_VERSION'));
}

/** A template that did not open is removed, so the next first start makes a new one. */
export async function dropTemplate(template: string) {
  await rm(template, { recursive: true, force: true });
}
