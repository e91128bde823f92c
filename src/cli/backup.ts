import { readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { loadConfig } from '../config.js';
import { requestSnapshot, serviceRunning, ServiceNotRunning } from '../db/admin-socket.js';
import { restoreDataDir, snapshotStoppedDataDir } from '../db/backup.js';
import { pgliteDir, resolveDatabaseTarget } from '../db/target.js';
import { EXIT, type CliIo } from './io.js';

export const BACKUP_USAGE = 'usage: groundstation backup <file>\n';
export const RESTORE_USAGE = 'usage: groundstation restore <file>\n';

const POSTGRES_ADVICE =
  'this deployment uses PostgreSQL (DATABASE_URL): back it up with pg_dump and restore it with ' +
  'pg_restore (docs/operators.md, "Backups")\n';

/** The embedded database's directory, or null (after saying so) when PostgreSQL is in use. */
async function embeddedDatabase(io: CliIo) {
  const config = loadConfig(io.env ?? process.env);
  const target = await resolveDatabaseTarget(config.dataDir, config.databaseUrl);
  if (target.dialect === 'postgresql') {
    io.stderr(POSTGRES_ADVICE);
    return null;
  }
  return { dataDir: config.dataDir, dir: pgliteDir(config.dataDir) };
}

function fileArgument(args: string[], io: CliIo, usage: string): string | null {
  const [file, ...rest] = args;
  if (file === undefined || file.startsWith('-') || rest.length > 0) {
    io.stderr(usage);
    return null;
  }
  return path.resolve(io.cwd, file);
}

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );

/**
 * `groundstation backup <file>`: a consistent copy of the embedded database. From the running
 * service when one answers on DATA_DIR's admin socket, else from the stopped data directory.
 * The copy is written beside the file and renamed into place once complete, so an interrupted
 * backup never leaves a partial file under the name asked for.
 */
export async function backupCommand(args: string[], io: CliIo): Promise<number> {
  if (args[0] === '-h' || args[0] === '--help') {
    io.stdout(BACKUP_USAGE);
    return EXIT.ok;
  }
  const file = fileArgument(args, io, BACKUP_USAGE);
  if (!file) return EXIT.usage;
  if (await exists(file)) {
    io.stderr(`${file} exists; choose a new file name\n`);
    return EXIT.usage;
  }
  const database = await embeddedDatabase(io);
  if (!database) return EXIT.usage;
  let archive: Buffer;
  let source = 'the running service';
  try {
    archive = await requestSnapshot(database.dataDir);
  } catch (error) {
    if (!(error instanceof ServiceNotRunning)) {
      io.stderr(`backup failed: ${(error as Error).message}\n`);
      return EXIT.invalid;
    }
    source = 'the stopped data directory';
    archive = await snapshotStoppedDataDir(database.dir);
  }
  const partial = `${file}.partial`;
  try {
    // The database holds teams' encrypted credentials and hashed tokens: owner-only.
    await writeFile(partial, archive, { mode: 0o600 });
    await rename(partial, file);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  io.stdout(`backup of ${source} written to ${file} (${archive.length} bytes)\n`);
  return EXIT.ok;
}

/**
 * `groundstation restore <file>`: replaces the embedded database with a backup. The service
 * must be stopped; the replaced directory is kept beside the restored one.
 */
export async function restoreCommand(args: string[], io: CliIo): Promise<number> {
  if (args[0] === '-h' || args[0] === '--help') {
    io.stdout(RESTORE_USAGE);
    return EXIT.ok;
  }
  const file = fileArgument(args, io, RESTORE_USAGE);
  if (!file) return EXIT.usage;
  const database = await embeddedDatabase(io);
  if (!database) return EXIT.usage;
  if (await serviceRunning(database.dataDir)) {
    io.stderr('the service is running on this DATA_DIR: stop it before restoring\n');
    return EXIT.invalid;
  }
  let archive: Buffer;
  try {
    archive = await readFile(file);
  } catch (error) {
    io.stderr(`cannot read ${file}: ${(error as Error).message}\n`);
    return EXIT.usage;
  }
  try {
    const { previous } = await restoreDataDir(database.dir, archive);
    io.stdout(
      `restored ${file} into ${database.dir}` +
        (previous ? `; the replaced database is kept in ${previous}` : '') +
        '\n',
    );
    return EXIT.ok;
  } catch (error) {
    io.stderr(`restore failed, nothing was replaced: ${(error as Error).message}\n`);
    return EXIT.invalid;
  }
}
