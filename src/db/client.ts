import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { initialisePgliteDir, recreatePgliteDir, type PgliteWasmModule } from './pglite-initdb.js';
import { listenPglite, listenPostgres, type ListenHandlers, type Listening } from './listen.js';
import {
  createPreparedStatementKinds,
  noPreparedStatements,
  STATEMENT_KINDS,
  type PreparedStatementKinds,
} from './prepared.js';
import { shareOrmParsers } from './pglite-parsers.js';
import { createPgliteStatementRunner } from './pglite-prepared.js';
import * as schema from './schema/index.js';
import type { Dialect, Orm, SessionSource, SqlSession } from './executor.js';

export type { Dialect, Executor, Orm, Schema, SessionSource, SqlSession, Tx } from './executor.js';

export interface Database extends SessionSource {
  readonly dialect: Dialect;
  readonly orm: Orm;
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** LISTENs on a channel for as long as the returned handle is open (see listen.ts). */
  listen(channel: string, on: ListenHandlers): Listening;
  /** Which hot statements run as named prepared statements, by kind (prepared.ts). */
  readonly statementNames: PreparedStatementKinds;
  /** The connection pool's counters, for metrics; PostgreSQL only (PGlite has no pool). */
  poolStats?(): { total: number; idle: number; waiting: number };
  /**
   * PGlite only: a consistent copy of the data directory (a gzipped tar), taken between
   * transactions while the database keeps serving (db/backup.ts).
   */
  snapshot?(): Promise<Blob>;
  close(): Promise<void>;
}

/** Rows of a raw `execute()`: node-postgres and PGlite both answer `{rows}` through the ORM. */
export function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

const drizzleOptions = { schema, casing: 'snake_case' as const };

/**
 * PostgreSQL's shared memory is WASM memory that PGlite touches whole at start, so all of it is
 * resident for the life of the process. An embedded database is small and its files sit in the
 * OS page cache, so 8 MB of shared buffers (1,024 pages) is plenty: 16 MB cost 8 MB more RSS and
 * read 10,000 catalogue servers no faster. PGlite runs one backend, so the shared memory sized
 * for 100 connections is 4 MB spent on nothing (docs/performance.md).
 */
export const PGLITE_SETTINGS = ['shared_buffers = 8MB', 'max_connections = 5'];

/** How long a connection lives, and how long statement admissions last (prepared.ts). */
const CONNECTION_LIFETIME_SECONDS = 3600;
const DEFAULT_PREPARED_STATEMENTS = 8;

/**
 * Embedded PostgreSQL (WASM). `dataDir` undefined keeps everything in memory (tests).
 * `templateRoot` says where first starts find ready-made databases (null: none; pglite-template.ts).
 */
export async function openPglite(
  dataDir?: string,
  options: {
    templateRoot?: string | null;
    /** In memory only: start from this dump (`snapshot()`) instead of an empty database. */
    loadDataDir?: Blob;
    /** PGlite compiled once (`compilePglite()`), for a process that opens many databases. */
    wasmModule?: PgliteWasmModule;
    /** Statement texts prepared per period at most, for each kind (prepared.ts); 0 prepares none. Default 8. */
    preparedStatements?: number;
  } = {},
): Promise<Database> {
  if (dataDir) await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const first = dataDir
    ? await initialisePgliteDir(dataDir, PGLITE_SETTINGS, options.templateRoot)
    : undefined;
  const wasmModule = first?.wasmModule ?? options.wasmModule;
  const open = () =>
    PGlite.create(dataDir, {
      postgresqlconf: PGLITE_SETTINGS,
      ...(wasmModule ? { pgliteWasmModule: wasmModule } : {}),
      ...(options.loadDataDir && !dataDir ? { loadDataDir: options.loadDataDir } : {}),
    });
  let client: PGlite;
  try {
    client = await open();
  } catch (error) {
    // A copied template that does not open (damaged) must not stop a first start.
    if (!first?.template) throw error;
    await recreatePgliteDir(dataDir!, PGLITE_SETTINGS, first);
    client = await open();
  }
  const { ormClient, restoreDefaultTypes } = shareOrmParsers(client);
  const orm = drizzlePglite({ client: ormClient, ...drizzleOptions }) as unknown as Orm;
  const session: SqlSession = {
    async exec(sql) {
      await client.exec(sql);
    },
    async query<T>(sql: string, params?: unknown[]) {
      return restoreDefaultTypes(await client.query<T>(sql, params));
    },
  };
  // PGlite has one connection, so every "session" is that connection; its own queue
  // serialises callers.
  const max = options.preparedStatements ?? DEFAULT_PREPARED_STATEMENTS;
  return {
    dialect: 'pglite',
    orm,
    statementNames:
      max === 0
        ? noPreparedStatements
        : createPreparedStatementKinds({
            max,
            periodMs: CONNECTION_LIFETIME_SECONDS * 1000,
            // Each kind admits `max` names in this period and the last.
            runNamed: createPgliteStatementRunner(client, {
              capacity: 2 * STATEMENT_KINDS * max,
              ormClient,
            }),
          }),
    query: session.query,
    withSession: (fn) => fn(session),
    listen: (channel, on) => listenPglite(client, channel, on),
    async snapshot() {
      // Written-back pages make the copy quicker to open; the WAL would restore them anyway.
      await client.exec('CHECKPOINT');
      // Holding a transaction keeps every other transaction out (single statements are atomic
      // on their own), so the copy never holds half of one.
      return client.transaction(() => client.dumpDataDir('gzip'));
    },
    close: () => client.close(),
  };
}

export interface PostgresOptions {
  url: string;
  poolMax?: number;
  connectTimeoutMs?: number;
  /** Statement texts prepared per period at most, for each kind (prepared.ts); 0 prepares none. Default 8. */
  preparedStatements?: number;
}

export async function openPostgres(options: PostgresOptions): Promise<Database> {
  // Loaded here, so that the embedded database's starts do not load PostgreSQL's client.
  const [{ default: pg }, { drizzle: drizzlePg }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
  ]);
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolMax ?? 10,
    connectionTimeoutMillis: options.connectTimeoutMs ?? 10_000,
    maxLifetimeSeconds: CONNECTION_LIFETIME_SECONDS,
  });
  // An idle client that loses its server must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  const orm = drizzlePg({ client: pool, ...drizzleOptions }) as unknown as Orm;
  const query = async <T>(sql: string, params?: unknown[]) =>
    (await pool.query(sql, params as unknown[])).rows as T[];
  return {
    dialect: 'postgresql',
    orm,
    statementNames: createPreparedStatementKinds({
      max: options.preparedStatements ?? DEFAULT_PREPARED_STATEMENTS,
      periodMs: CONNECTION_LIFETIME_SECONDS * 1000,
    }),
    query,
    async withSession(fn) {
      const client = await pool.connect();
      try {
        return await fn({
          async exec(sql) {
            await client.query(sql);
          },
          async query<T>(sql: string, params?: unknown[]) {
            return (await client.query(sql, params as unknown[])).rows as T[];
          },
        });
      } finally {
        client.release();
      }
    },
    listen: (channel, on) => listenPostgres(options.url, channel, on),
    poolStats: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }),
    close: () => pool.end(),
  };
}
