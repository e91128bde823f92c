import { ConfigError, integer, oneOf, type Env } from '../lib/env.js';

export const EMBEDDED_COMPILERS = ['baseline', 'optimizing'] as const;
export type EmbeddedCompiler = (typeof EMBEDDED_COMPILERS)[number];

/** The database's settings: which one, its pool, and the embedded database's own. */
export interface DatabaseConfig {
  /** PostgreSQL URL from the environment; it always wins over the one saved by first-run set-up. */
  databaseUrl: string | null;
  databasePoolMax: number;
  /** Hot statement texts prepared per connection lifetime (db/prepared.ts); 0 prepares none. */
  databasePreparedStatements: number;
  /** PGlite only: how often the next table is vacuumed in turn (db/embedded-vacuum.ts). */
  embeddedVacuumMs: number;
  /** PGlite only: which of V8's WASM compilers runs PostgreSQL (db/embedded-compiler.ts). */
  embeddedCompiler: EmbeddedCompiler;
}

function postgresUrl(raw: string | undefined): string | null {
  if (raw === undefined || raw === '') return null;
  if (!/^postgres(ql)?:\/\//.test(raw)) {
    throw new ConfigError('DATABASE_URL must start with postgres:// or postgresql://');
  }
  return raw;
}

/** DATABASE_URL, DATABASE_POOL_MAX, DATABASE_PREPARED_STATEMENTS and the embedded database's. */
export function readDatabaseConfig(env: Env): DatabaseConfig {
  return {
    databaseUrl: postgresUrl(env.DATABASE_URL),
    databasePoolMax: integer(env, 'DATABASE_POOL_MAX', 10, 1, 1000),
    databasePreparedStatements: integer(env, 'DATABASE_PREPARED_STATEMENTS', 8, 0, 100),
    embeddedVacuumMs: integer(env, 'EMBEDDED_VACUUM_MS', 20_000, 100, 3_600_000),
    embeddedCompiler: oneOf(env, 'EMBEDDED_COMPILER', EMBEDDED_COMPILERS, 'baseline'),
  };
}
