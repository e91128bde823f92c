// Worker thread (started by pglite-initdb.ts): creates an embedded database in a folder, applies
// the core migrations and drops the template databases nothing uses, so that neither initdb's WASM
// instance nor the migrating one stays in the service's memory once the worker ends.
import { workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import type { SqlSession } from './client.js';
import { migrateSession } from './migrate.js';
import type { PgliteWasmModule } from './pglite-initdb.js';

const { dataDir, settings, wasmModule } = workerData as {
  dataDir: string;
  settings: string[];
  wasmModule: PgliteWasmModule;
};

const db = await PGlite.create(dataDir, { postgresqlconf: settings, pgliteWasmModule: wasmModule });
try {
  const session: SqlSession = {
    async exec(sql) {
      await db.exec(sql);
    },
    async query<T>(sql: string, params?: unknown[]) {
      return (await db.query<T>(sql, params)).rows;
    },
  };
  await migrateSession(session);
  // The service uses the `postgres` database only. initdb's two template databases are half the
  // folder's files, which every first start copies (pglite-template.ts), file by file.
  // One statement each: DROP DATABASE refuses to run in the transaction a multi-statement text is.
  for (const statement of [
    `UPDATE pg_database SET datistemplate = false WHERE datname IN ('template0', 'template1')`,
    'DROP DATABASE template0',
    'DROP DATABASE template1',
    'CHECKPOINT',
  ])
    await db.exec(statement);
} finally {
  await db.close();
}
