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

const isConfigured = async (deps: SystemServiceDeps): Promise<boolean> =>
  deps.target.source === 'environment' || (await readDatabaseChoice(deps.dataDir)) !== null;

/** Connects to a candidate PostgreSQL database and migrates it; 400 when it cannot be reached. */
async function checkPostgres(deps: SystemServiceDeps, migrationsDir: string, url: string) {
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

async function probeHealth(deps: SystemServiceDeps) {
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

async function readStatus(deps: SystemServiceDeps, migrationsDir: string) {
  const [files, applied, configured] = await Promise.all([
    readMigrationFiles(migrationsDir),
    deps.repository.appliedMigrationNames(),
    isConfigured(deps),
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

export type Health = Awaited<ReturnType<typeof probeHealth>>;
export type DatabaseStatus = Awaited<ReturnType<typeof readStatus>>;

async function listMigrations(deps: SystemServiceDeps, page: Page) {
  const { items, total } = await deps.repository.listMigrations(page);
  return {
    migrations: items.map((m) => ({
      name: m.name,
      applied_at: new Date(m.applied_at).toISOString(),
    })),
    pagination: paginationOf(page, total),
  };
}

async function prepareFirstRun(deps: SystemServiceDeps) {
  try {
    if (!(await isConfigured(deps)) && !(await deps.accountsExist())) deps.setupCode.issue();
  } catch (error) {
    // Not a reason to stay down: the first set-up attempt makes and logs a code instead.
    deps.logger.warn({ err: error }, 'could not check for a first run at start');
  }
}

async function checkSetupAccess(deps: SystemServiceDeps, caller: SetupCaller) {
  if (caller.signedIn || (await isConfigured(deps))) return;
  try {
    await deps.setupCode.check(caller.code, caller.ip);
  } catch (error) {
    // A concurrent set-up that finished meanwhile spent the code: this one is answered 409
    // by setup(), like any set-up after the first.
    if (await isConfigured(deps)) return;
    throw error;
  }
}

/** Checks, saves and announces the first-run choice; `saved` runs once it is saved. */
async function setupDatabase(
  deps: SystemServiceDeps,
  migrationsDir: string,
  request: SetupRequest,
  saved: () => void,
) {
  if (await isConfigured(deps)) {
    throw new ConflictError('The database is already configured', 'ALREADY_CONFIGURED');
  }
  if (request.dialect === 'postgresql') {
    if (!request.database_url) {
      throw new ValidationError('body.database_url is required when dialect is postgresql');
    }
    await checkPostgres(deps, migrationsDir, request.database_url);
  } else if (request.database_url) {
    throw new ValidationError('body.database_url is only allowed when dialect is postgresql');
  }
  const now = deps.now ?? (() => new Date());
  const written = await saveDatabaseChoice(deps.dataDir, {
    dialect: request.dialect,
    ...(request.database_url ? { database_url: request.database_url } : {}),
    configured_at: now().toISOString(),
  });
  if (!written) throw new ConflictError('The database is already configured', 'ALREADY_CONFIGURED');
  deps.setupCode.clear();
  const switching = request.dialect !== deps.target.dialect;
  const target: DatabaseTarget = {
    dialect: request.dialect,
    url: request.database_url ?? null,
    source: 'setup',
  };
  saved();
  if (switching) deps.onDatabaseConfigured?.(target);
  return { dialect: request.dialect, restarting: switching };
}

/** Who asks for the first-run set-up, as its access check sees them. */
export interface SetupCaller {
  signedIn: boolean;
  code: string | undefined;
  ip: string;
}

/** The service's health, its database, and the first-run choice of database. */
export interface SystemService {
  /** At start: a fresh service (no database chosen, no account) logs its set-up code. */
  prepareFirstRun(): Promise<void>;
  /**
   * Runs before the set-up request is validated. Signed-in administrators need no code; nor
   * does anyone once the database is configured (set-up then answers 409). Everyone else
   * must give the code from the log.
   */
  checkSetupAccess(caller: SetupCaller): Promise<void>;
  /** The latest health reading (the database's reachability and latency). */
  health(): Promise<Health>;
  /** The latest reading of which database is in use and its migrations. */
  status(): Promise<DatabaseStatus>;
  /** Applied migrations, a page of them. */
  listMigrations(page: Page): Promise<Awaited<ReturnType<typeof listMigrations>>>;
  /**
   * First-run choice of database. A PostgreSQL URL is checked and migrated before it is saved;
   * the environment's DATABASE_URL always wins and makes set-up unavailable.
   */
  setup(request: SetupRequest): Promise<{ dialect: Dialect; restarting: boolean }>;
}

export function createSystemService(deps: SystemServiceDeps): SystemService {
  const migrationsDir = deps.migrationsDir ?? CORE_MIGRATIONS_DIR;
  // Health checks and the status page are asked for far more often than either changes: both are
  // answered from the latest background reading (docs/operators.md).
  const health = createRefreshed(() => probeHealth(deps), deps.refreshMs ?? 0);
  const status = createRefreshed(() => readStatus(deps, migrationsDir), deps.refreshMs ?? 0);

  return {
    prepareFirstRun: () => prepareFirstRun(deps),
    checkSetupAccess: (caller) => checkSetupAccess(deps, caller),
    health: () => health.get(),
    status: () => status.get(),
    listMigrations: (page) => listMigrations(deps, page),
    setup: (request) => setupDatabase(deps, migrationsDir, request, () => status.invalidate()),
  };
}
