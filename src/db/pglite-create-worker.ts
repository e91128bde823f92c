// Worker thread (started by pglite-initdb.ts): creates an embedded database in a folder and
// applies the core migrations, so that neither initdb's WASM instance nor the migrating one
// stays in the service's memory once the worker ends.
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
} finally {
  await db.close();
}
