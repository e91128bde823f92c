import { chmod, mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';

/**
 * Backups of the embedded database (PGlite). A backup is PGlite's own dump of its data
 * directory (a gzipped tar), taken from the running service (Database.snapshot, reached through
 * the admin socket) or, with the service stopped, from the directory itself. PostgreSQL
 * deployments use pg_dump instead (docs/operators.md).
 */

/** A snapshot of a data directory no process has open. */
export async function snapshotStoppedDataDir(dir: string): Promise<Buffer> {
  await stat(dir);
  const client = await PGlite.create(dir);
  try {
    await client.exec('CHECKPOINT');
    return Buffer.from(await (await client.dumpDataDir('gzip')).arrayBuffer());
  } finally {
    await client.close();
  }
}

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );

/**
 * Makes a directory tree owner-only, directories 0700 and files 0600, as the rest of DATA_DIR is:
 * it holds teams' encrypted credentials and token hashes. PGlite unpacks an archive with its own
 * file system's modes (files 0666, directories 0755) whatever the umask. Symbolic links are left
 * alone, since chmod would follow one out of the tree; PGlite writes none. Iterative, so the
 * depth of the tree does not matter.
 */
async function makeOwnerOnly(root: string): Promise<void> {
  const pending = [root];
  for (let dir = pending.pop(); dir !== undefined; dir = pending.pop()) {
    await chmod(dir, 0o700);
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const child = path.join(dir, entry.name);
      if (entry.isDirectory()) pending.push(child);
      else if (entry.isFile()) await chmod(child, 0o600);
    }
  }
}

/**
 * Replaces the data directory with a backup's contents. The backup is unpacked and opened in a
 * directory beside it first, and only a backup that opens takes the directory's place, by
 * renames; the directory it replaces is kept beside it. An interruption at any point leaves
 * either the old directory or the restored one in place, never a mix.
 */
export async function restoreDataDir(
  dir: string,
  archive: Buffer,
  now: Date = new Date(),
): Promise<{ previous: string | null }> {
  // gzip's checksum and length find a cut-off or damaged copy before anything is unpacked.
  let tar: Buffer;
  try {
    tar = gunzipSync(archive);
  } catch (error) {
    throw new Error(`not a complete backup: ${(error as Error).message}`);
  }
  const staging = `${dir}.restoring`;
  await rm(staging, { recursive: true, force: true });
  await mkdir(staging, { recursive: true, mode: 0o700 });
  try {
    const client = await PGlite.create(staging, {
      loadDataDir: new Blob([new Uint8Array(tar)]),
    });
    try {
      // A damaged or foreign archive fails here, before anything is replaced.
      await client.query('SELECT count(*) FROM pg_class');
    } finally {
      await client.close();
    }
    // Before it takes the directory's place, so no restored file is ever readable by others there.
    await makeOwnerOnly(staging);
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
  let previous: string | null = null;
  if (await exists(dir)) {
    previous = `${dir}.before-restore-${now.toISOString().replace(/[:.]/g, '-')}`;
    await rename(dir, previous);
  }
  await rename(staging, dir);
  return { previous };
}
