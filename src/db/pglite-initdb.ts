import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { PGliteOptions } from '@electric-sql/pglite';

/** A compiled PGlite WASM module, as PGlite takes it (`pgliteWasmModule`). */
export type PgliteWasmModule = NonNullable<PGliteOptions['pgliteWasmModule']>;

/** The WebAssembly global, which this project's TypeScript libraries (ES2023, node) do not declare. */
const wasm = (
  globalThis as unknown as {
    WebAssembly: { compile(bytes: Uint8Array): Promise<PgliteWasmModule> };
  }
).WebAssembly;

/**
 * Creates the embedded database's files in a worker thread when the folder holds none yet.
 *
 * PGlite runs initdb in a second WASM instance whose memory (several hundred MB) the process keeps
 * for as long as the first client lives; in a worker it goes when the worker ends, so the service
 * that then opens the folder starts at the size of any later start (docs/performance.md).
 */
export async function initialisePgliteDir(
  dataDir: string,
  settings: string[],
): Promise<PgliteWasmModule | undefined> {
  if (existsSync(path.join(dataDir, 'PG_VERSION'))) return undefined;
  const url = import.meta.resolve('@electric-sql/pglite');
  // Compiled once here and shared with the worker and with the client opened afterwards, so the
  // worker costs a thread's start rather than a second compilation.
  const wasmModule = await wasm.compile(await readFile(new URL('pglite.wasm', url)));
  await new Promise<void>((resolve, reject) => {
    const worker = new Worker(
      `const { workerData } = require('node:worker_threads');
       import(workerData.url)
         .then(async ({ PGlite }) => {
           const db = await PGlite.create(workerData.dataDir, {
             postgresqlconf: workerData.settings,
             pgliteWasmModule: workerData.wasmModule,
           });
           await db.close();
         })
         .then(() => process.exit(0), (error) => { console.error(error); process.exit(1); });`,
      { eval: true, workerData: { url, dataDir, settings, wasmModule } },
    );
    worker.once('error', reject);
    worker.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`creating the embedded database failed (${code})`)),
    );
  });
  return wasmModule;
}
