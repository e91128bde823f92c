import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openPglite, openPostgres, type Database } from '../../src/db/client.js';
import { pgliteDir } from '../../src/db/target.js';
import { createScratchPostgres, usingPostgres } from '../helpers/database.js';
import { startServer, tempDataDir, type ServerProcess } from '../helpers/process.js';
import { api, executions, satelliteWorld } from '../helpers/remote.js';

// The service is killed with SIGKILL while satellites post event batches. Whatever it answered
// 200 for must be in the database after a restart, and nothing may be there twice.
let dataDir: string;
let scratch: Awaited<ReturnType<typeof createScratchPostgres>> | null = null;
let env: Record<string, string>;
let server: ServerProcess | null = null;

beforeAll(async () => {
  dataDir = await tempDataDir();
  scratch = usingPostgres() ? await createScratchPostgres() : null;
  env = { DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...(scratch ? { DATABASE_URL: scratch.url } : {}) };
});
afterAll(async () => {
  await server?.stop('SIGKILL');
  await scratch?.drop();
  await rm(dataDir, { recursive: true, force: true });
});

it('keeps every acknowledged event exactly once across a SIGKILL', async () => {
  server = await startServer(env);
  const world = await satelliteWorld(server.url);
  const acknowledged = new Set<string>();
  let sent = 0;
  let stop = false;

  // Four satellites' worth of posting, back to back, until the process dies under them.
  const poster = async (lane: number) => {
    for (let batch = 0; !stop; batch++) {
      const names = Array.from({ length: 20 }, (_, i) => `lane${lane}-b${batch}-e${i}`);
      sent += names.length;
      try {
        const res = await api(server!.url, `/api/satellites/${world.satellite.id}/events`, {
          method: 'POST',
          bearer: world.satellite.key,
          body: executions(world, names),
        });
        if (res.status === 200 && res.body.processed === names.length)
          for (const name of names) acknowledged.add(name);
      } catch {
        return; // the connection died with the process
      }
    }
  };
  const posting = Promise.all([0, 1, 2, 3].map(poster));
  while (acknowledged.size < 400) await new Promise((r) => setTimeout(r, 20));
  server.child.kill('SIGKILL');
  await server.exited;
  stop = true;
  await posting;
  expect(sent).toBeGreaterThan(acknowledged.size); // some batches were cut off mid-flight

  // It starts again on the same data, and takes events again.
  server = await startServer(env);
  const after = await api(server.url, `/api/satellites/${world.satellite.id}/events`, {
    method: 'POST',
    bearer: world.satellite.key,
    body: executions(world, ['after-restart']),
  });
  expect(after.body).toMatchObject({ processed: 1, failed: 0 });
  await server.stop('SIGTERM');
  server = null;

  const db: Database = scratch
    ? await openPostgres({ url: scratch.url, poolMax: 1 })
    : await openPglite(pgliteDir(dataDir));
  try {
    const rows = await db.query<{ tool_name: string; n: number }>(
      'SELECT tool_name, count(*)::int AS n FROM satellite_usage_logs GROUP BY tool_name',
    );
    const stored = new Map(rows.map((r) => [r.tool_name, r.n]));
    expect([...stored.values()].filter((n) => n > 1)).toEqual([]);
    const missing = [...acknowledged].filter((name) => !stored.has(name));
    expect(missing).toEqual([]);
    expect(stored.get('after-restart')).toBe(1);
  } finally {
    await db.close();
  }
}, 120_000);
