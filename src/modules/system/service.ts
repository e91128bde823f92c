import type { Logger } from 'pino';
import { openPostgres, type Dialect } from '../../db/client.js';
import { readMigrationFiles, runMigrations, CORE_MIGRATIONS_DIR } from '../../db/migrate.js';
import { readDatabaseChoice, saveDatabaseChoice, type DatabaseTarget } from '../../db/target.js';
import { API_VERSION } from '../../config.js';
import { ConflictError, ServiceUnavailableError, ValidationError } from '../../http/errors.js';
import { paginationOf, type Page } from '../../http/pagination.js';
import { createRefreshed } from './refreshed.js';
import type { SystemRepository } from './repository.js';
import type { SetupCode } from './setup-code.js';

export interface SystemServiceDeps {
  repository: SystemRepository;
  target: DatabaseTarget;
  dataDir: string;
  /** The one-time code anonymous callers of the first-run set-up must give. */
  setupCode: SetupCode;
  accountsExist: () => Promise<boolean>;
  logger: Logger;
  migrationsDir?: string;
  /** Called after a set-up saved a new database, so the process can move over to it. */
  onDatabaseConfigured?: (target: DatabaseTarget) => void;
  now?: () => Date;
  /** How old (ms) a health or status answer may be before it is refreshed in the background. */
  refreshMs?: number;
}

export interface SetupRequest {
  dialect: Dialect;
  database_url?: string;
  /** Checked before validation (checkSetupAccess); ignored here. */
  setup_code?: string;
}

const HEALTH_TIMEOUT_MS = 2_000;
const SETUP_CONNECT_TIMEOUT_MS = 5_000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** A driver message without the URL (and its password), for the operator's log. */
function safeReason(error: unknown): string {
  const message = (error as Error)?.message ?? 'unknown error';
  return message.replace(/postgres(ql)?:\/\/\S+/gi, '<url>').slice(0, 200);
}

export function createSystemService(deps: SystemServiceDeps) {
  const migrationsDir = deps.migrationsDir ?? CORE_MIGRATIONS_DIR;
  const now = deps.now ?? (() => new Date());

  async function isConfigured(): Promise<boolean> {
    if (deps.target.source === 'environment') return true;
    return (await readDatabaseChoice(deps.dataDir)) !== null;
  }

  async function checkPostgres(url: string) {
    let candidate;
    try {
      candidate = await openPostgres({
        url,
        poolMax: 1,
        connectTimeoutMs: SETUP_CONNECT_TIMEOUT_MS,
      });
      await withTimeout(candidate.query('SELECT 1'), SETUP_CONNECT_TIMEOUT_MS);
    } catch (error) {
      await candidate?.close().catch(() => undefined);
      // The caller learns nothing about hosts, ports or what answered: the route must not be a
      // network probe. The operator finds the reason in the log.
      deps.logger.warn({ reason: safeReason(error) }, 'first-run set-up could not connect');
      throw new ValidationError('Could not connect to the database');
    }
    try {
      await runMigrations(candidate, { dir: migrationsDir });
    } finally {
      await candidate.close().catch(() => undefined);
    }
  }

  async function probeHealth() {
    const started = performance.now();
    try {
      const version = await withTimeout(deps.repository.serverVersion(), HEALTH_TIMEOUT_MS);
      return {
        status: 'ok' as const,
        version: API_VERSION,
        database: {
          reachable: true,
          dialect: deps.target.dialect,
          server_version: version,
          latency_ms: Math.round((performance.now() - started) * 100) / 100,
        },
      };
    } catch {
      throw new ServiceUnavailableError('The database is unreachable');
    }
  }

  async function readStatus() {
    const [files, applied, configured] = await Promise.all([
      readMigrationFiles(migrationsDir),
      deps.repository.appliedMigrationNames(),
      isConfigured(),
    ]);
    const appliedFiles = files.filter((f) => applied.has(f.name));
    return {
      configured,
      dialect: deps.target.dialect,
      source: deps.target.source,
      migrations: {
        applied: applied.size,
        pending: files.length - appliedFiles.length,
        latest: appliedFiles.at(-1)?.name ?? null,
      },
    };
  }

  // Health checks and the status page are asked for far more often than either changes: both are
  // answered from the latest background reading (docs/operators.md).
  const health = createRefreshed(probeHealth, deps.refreshMs ?? 0);
  const status = createRefreshed(readStatus, deps.refreshMs ?? 0);

  return {
    /** At start: a fresh service (no database chosen, no account) logs its set-up code. */
    async prepareFirstRun() {
      try {
        if (!(await isConfigured()) && !(await deps.accountsExist())) deps.setupCode.issue();
      } catch (error) {
        // Not a reason to stay down: the first set-up attempt makes and logs a code instead.
        deps.logger.warn({ err: error }, 'could not check for a first run at start');
      }
    },

    /**
     * Runs before the set-up request is validated. Signed-in administrators need no code; nor
     * does anyone once the database is configured (set-up then answers 409). Everyone else
     * must give the code from the log.
     */
    async checkSetupAccess(caller: { signedIn: boolean; code: string | undefined; ip: string }) {
      if (caller.signedIn || (await isConfigured())) return;
      try {
        await deps.setupCode.check(caller.code, caller.ip);
      } catch (error) {
        // A concurrent set-up that finished meanwhile spent the code: this one is answered 409
        // by setup(), like any set-up after the first.
        if (await isConfigured()) return;
        throw error;
      }
    },

    health: () => health.get(),
    status: () => status.get(),

    async listMigrations(page: Page) {
      const { items, total } = await deps.repository.listMigrations(page);
      return {
        migrations: items.map((m) => ({
          name: m.name,
          applied_at: new Date(m.applied_at).toISOString(),
        })),
        pagination: paginationOf(page, total),
      };
    },

    /**
     * First-run choice of database. A PostgreSQL URL is checked and migrated before it is saved;
     * the environment's DATABASE_URL always wins and makes set-up unavailable.
     */
    async setup(request: SetupRequest) {
      if (await isConfigured()) {
        throw new ConflictError('The database is already configured', 'ALREADY_CONFIGURED');
      }
      if (request.dialect === 'postgresql') {
        if (!request.database_url) {
          throw new ValidationError('body.database_url is required when dialect is postgresql');
        }
        await checkPostgres(request.database_url);
      } else if (request.database_url) {
        throw new ValidationError('body.database_url is only allowed when dialect is postgresql');
      }
      const saved = await saveDatabaseChoice(deps.dataDir, {
        dialect: request.dialect,
        ...(request.database_url ? { database_url: request.database_url } : {}),
        configured_at: now().toISOString(),
      });
      if (!saved)
        throw new ConflictError('The database is already configured', 'ALREADY_CONFIGURED');
      deps.setupCode.clear();
      const switching = request.dialect !== deps.target.dialect;
      const target: DatabaseTarget = {
        dialect: request.dialect,
        url: request.database_url ?? null,
        source: 'setup',
      };
      status.invalidate();
      if (switching) deps.onDatabaseConfigured?.(target);
      return { dialect: request.dialect, restarting: switching };
    },
  };
}

export type SystemService = ReturnType<typeof createSystemService>;
