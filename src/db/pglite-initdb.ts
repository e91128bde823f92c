import { existsSync } from 'node:fs';
import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { PGliteOptions } from '@electric-sql/pglite';
import {
  copyTemplate,
  defaultTemplateRoot,
  dropTemplate,
  readyTemplate,
} from './pglite-template.js';

/** A compiled PGlite WASM module, as PGlite takes it (`pgliteWasmModule`). */
export type PgliteWasmModule = NonNullable<PGliteOptions['pgliteWasmModule']>;

/** The WebAssembly global, which this project's TypeScript libraries (ES2023, node) do not declare. */
const wasm = (
  globalThis as unknown as {
    WebAssembly: { compile(bytes: Uint8Array): Promise<PgliteWasmModule> };
  }
).WebAssembly;

/** What a first start did: the compiled module to open with, and the template copied, if any. */
export interface FirstStart {
  wasmModule: PgliteWasmModule;
  template: string | null;
}

/**
 * Fills an empty data folder: with a copy of the ready-made template (pglite-template.ts), or,
 * when the template folder cannot be written, by creating and migrating the database in place.
 * `templateRoot` null skips templates. Returns undefined when the folder already holds a database.
 */
export async function initialisePgliteDir(
  dataDir: string,
  settings: string[],
  templateRoot: string | null = defaultTemplateRoot(),
): Promise<FirstStart | undefined> {
  if (existsSync(path.join(dataDir, 'PG_VERSION'))) return undefined;
  // Compiled once here and shared with the worker and with the client opened afterwards, so the
  // worker costs a thread's start rather than a second compilation. It compiles (off the main
  // thread) while the template is copied.
  const compiling = compilePglite();
  compiling.catch(() => undefined);
  const create = async (dir: string) => createInWorker(dir, settings, await compiling);
  const template = templateRoot ? await readyTemplate(templateRoot, create) : null;
  if (!template) {
    await create(dataDir);
    return { wasmModule: await compiling, template };
  }
  try {
    await copyTemplate(template, dataDir);
  } catch {
    // E.g. removed while copying by a start with other migrations sharing these node_modules.
    await emptyDir(dataDir);
    await create(dataDir);
    return { wasmModule: await compiling, template: null };
  }
  return { wasmModule: await compiling, template };
}

/** Makes the template ahead of any start (`npm run build`); null when it cannot be written. */
export async function prepareTemplate(
  settings: string[],
  templateRoot = defaultTemplateRoot(),
): Promise<string | null> {
  const wasmModule = await compilePglite();
  return readyTemplate(templateRoot, (dir) => createInWorker(dir, settings, wasmModule));
}

/** PGlite's WASM, compiled: passed to each client and worker, it is compiled once per process. */
export async function compilePglite() {
  const url = import.meta.resolve('@electric-sql/pglite');
  return wasm.compile(await readFile(new URL('pglite.wasm', url)));
}

/** After a copied template failed to open: the template goes and the database is made afresh. */
export async function recreatePgliteDir(dataDir: string, settings: string[], first: FirstStart) {
  if (first.template) await dropTemplate(first.template);
  await emptyDir(dataDir);
  await createInWorker(dataDir, settings, first.wasmModule);
}

async function emptyDir(dir: string) {
  for (const name of await readdir(dir))
    await rm(path.join(dir, name), { recursive: true, force: true });
}

/**
 * Creates and migrates a database in a worker thread. PGlite runs initdb in a second WASM
 * instance whose memory (several hundred MB) a process keeps for as long as the first client
 * lives; in a worker it goes when the worker ends (docs/performance.md).
 */
function createInWorker(dataDir: string, settings: string[], wasmModule: PgliteWasmModule) {
  // dist/db/*.js when built; src/db/*.ts under tsx or Vitest, whose loader a thread does not
  // inherit, so it registers tsx itself first.
  const ext = path.extname(fileURLToPath(import.meta.url));
  const file = new URL(`./pglite-create-worker${ext}`, import.meta.url).href;
  const loader = ext === '.ts' ? import.meta.resolve('tsx/esm/api') : null;
  return new Promise<void>((resolve, reject) => {
    const worker = new Worker(
      `const { workerData: { loader, file } } = require('node:worker_threads');
       (loader ? import(loader).then(({ register }) => register()) : Promise.resolve())
         .then(() => import(file))
         .catch((error) => { console.error(error); process.exit(1); });`,
      { eval: true, workerData: { loader, file, dataDir, settings, wasmModule } },
    );
    worker.once('error', reject);
    worker.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`creating the embedded database failed (${code})`)),
    );
  });
}
