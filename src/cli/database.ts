import { loadConfig, type Config } from '../config.js';
import type { Database } from '../db/client.js';
import { serviceRunning } from '../db/admin-socket.js';
import { openDatabase } from '../db/open.js';
import { resolveDatabaseTarget, type DatabaseTarget } from '../db/target.js';
import { loadSecrets, type Secrets } from '../lib/secrets.js';
import { EXIT, type CliIo } from './io.js';

/** The embedded database is open in the running service. */
export class EmbeddedDatabaseBusy extends Error {}

export interface CliDatabase {
  config: Config;
  target: DatabaseTarget;
  secrets: Secrets;
  db: Database;
}

/**
 * Opens the database the service itself would use, with the same configuration and secrets
 * (DATABASE_URL, DATA_DIR, ENCRYPTION_KEY, …). The embedded database (PGlite) can be opened by
 * one process only: commands that use it run while the service is stopped.
 */
export async function openServiceDatabase(io: CliIo): Promise<CliDatabase> {
  const config = loadConfig(io.env ?? process.env);
  const secrets = await loadSecrets(config.dataDir, config.secretsFromEnv);
  const target = await resolveDatabaseTarget(config.dataDir, config.databaseUrl);
  // Two processes on one PGlite directory would corrupt it: refuse while the service runs.
  if (target.dialect === 'pglite' && (await serviceRunning(config.dataDir))) {
    throw new EmbeddedDatabaseBusy(
      'the service is running on this DATA_DIR and only it may open the embedded database: ' +
        'stop it first (its encryption-rotation job re-encrypts while it runs)',
    );
  }
  const db = await openDatabase(target, { dataDir: config.dataDir, poolMax: 2 });
  return { config, target, secrets, db };
}

/**
 * The shell of a command that works on the service's database: `-h`/`--help` print its usage
 * (and no arguments print it as an error), the database is opened as `openServiceDatabase` does,
 * refused while the service holds the embedded one, and closed whatever `run` does.
 */
export async function runOnServiceDatabase(
  args: string[],
  io: CliIo,
  usage: string,
  run: (opened: CliDatabase) => Promise<number>,
): Promise<number> {
  if (args[0] === '-h' || args[0] === '--help' || args.length === 0) {
    (args.length === 0 ? io.stderr : io.stdout)(usage);
    return args.length === 0 ? EXIT.usage : EXIT.ok;
  }
  let opened: CliDatabase;
  try {
    opened = await openServiceDatabase(io);
  } catch (error) {
    if (!(error instanceof EmbeddedDatabaseBusy)) throw error;
    io.stderr(`${error.message}\n`);
    return EXIT.invalid;
  }
  try {
    return await run(opened);
  } finally {
    await opened.db.close();
  }
}
