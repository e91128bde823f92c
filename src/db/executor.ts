import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type * as schema from './schema/index.js';

// The types every query is written against. They live apart from client.ts, which opens
// databases, so that the parts it opens them with (migrations, prepared statements) can name
// them without importing it back.

export type Schema = typeof schema;
export type Orm = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** What repositories run queries on: the database or an open transaction. */
export type Executor = Orm | Tx;

export type Dialect = 'pglite' | 'postgresql';

/** A single connection, for work that must stay on one session (advisory locks, migrations). */
export interface SqlSession {
  exec(sql: string): Promise<void>;
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
}

/** Whatever lends one connection at a time: a Database, or a test's own. */
export interface SessionSource {
  withSession<T>(fn: (session: SqlSession) => Promise<T>): Promise<T>;
}
