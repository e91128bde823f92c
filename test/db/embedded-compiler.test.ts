import { rm } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { usingPostgres } from '../helpers/database.js';
import { startServer, tempDataDir, type ServerProcess } from '../helpers/process.js';

// V8 prints one line per WASM function it compiles with this flag, naming the module (by address)
// and the compiler. The service's own start (opening the database, migrations, first queries)
// runs PostgreSQL's hot functions often enough for V8 to optimise some of them, unless told not
// to. Other, small WASM modules (the loader's lexers) are compiled before the database is.
const TRACE = ['--trace-wasm-compilation-times'];

/** How the functions of the module compiled most (PGlite's, some 14,000 functions) were compiled. */
function databaseModuleCompilers(log: string) {
  const modules = new Map<string, { Liftoff: number; TurboFan: number }>();
  for (const [, module, compiler] of log.matchAll(
    /Compiled function (0x[0-9a-f]+)#\d+ using (\w+),/g,
  )) {
    const counts = modules.get(module!) ?? { Liftoff: 0, TurboFan: 0 };
    if (compiler === 'Liftoff' || compiler === 'TurboFan') counts[compiler] += 1;
    modules.set(module!, counts);
  }
  const all = [...modules.values()];
  return all.sort((a, b) => b.Liftoff + b.TurboFan - (a.Liftoff + a.TurboFan))[0]!;
}

const running: ServerProcess[] = [];
const dirs: string[] = [];
afterEach(async () => {
  while (running.length) await running.pop()!.stop('SIGKILL');
  while (dirs.length) await rm(dirs.pop()!, { recursive: true, force: true });
});

/** Starts the service on an empty folder, has it answer a few sign-ins (reads and writes), stops it. */
async function startAndRead(env: Record<string, string>) {
  const dir = await tempDataDir();
  dirs.push(dir);
  const server = await startServer(
    { DATA_DIR: dir, LOG_LEVEL: 'warn', ...env },
    { nodeArgs: TRACE },
  );
  running.push(server);
  for (let i = 0; i < 10; i++) {
    const res = await fetch(`${server.url}/api/auth/email/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ login: `nobody${i}@example.com`, password: 'not the password' }),
    });
    expect(res.status).toBe(401);
  }
  await server.stop('SIGTERM');
  return server.output();
}

describe.runIf(!usingPostgres())(
  'how the embedded database is compiled',
  { timeout: 120_000 },
  () => {
    it('uses V8’s baseline compiler only by default, so no optimising compilation keeps memory', async () => {
      const compiled = databaseModuleCompilers(await startAndRead({}));
      expect(compiled.Liftoff).toBeGreaterThan(1000);
      expect(compiled.TurboFan).toBe(0);
    });

    it('optimises PostgreSQL’s hot functions when EMBEDDED_COMPILER is optimizing', async () => {
      const compiled = databaseModuleCompilers(
        await startAndRead({ EMBEDDED_COMPILER: 'optimizing' }),
      );
      expect(compiled.Liftoff).toBeGreaterThan(1000);
      expect(compiled.TurboFan).toBeGreaterThan(0);
    });
  },
);
