import pino from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openPostgres, type Database } from '../../src/db/client.js';
import { createJobRunner, MAX_PARALLEL_RUNS } from '../../src/jobs/runner.js';
import { systemClock } from '../../src/lib/clock.js';
import { createTestDatabase, usingPostgres, type TestDatabase } from '../helpers/database.js';

let database: TestDatabase;
let small: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  // A pool with fewer connections than there are jobs, each of which needs one besides its lock.
  small = database.url
    ? await openPostgres({ url: database.url, poolMax: 3, connectTimeoutMs: 2_000 })
    : database.db;
});
afterAll(async () => {
  if (small !== database.db) await small.close();
  await database?.dispose();
});

it('runs more jobs at once than the pool has connections, each holding its lock, without starving', async () => {
  let concurrent = 0;
  let most = 0;
  const jobs = Array.from({ length: 8 }, (_, i) => ({
    name: `busy-${i}`,
    intervalMs: 60_000,
    async run() {
      concurrent += 1;
      most = Math.max(most, concurrent);
      // Work on the pool while the run's lock session is held.
      await small.query('SELECT pg_sleep(0.05)');
      concurrent -= 1;
    },
  }));
  const runner = createJobRunner({
    db: small,
    logger: pino({ level: 'silent' }),
    jobs,
    clock: systemClock,
  });
  const ran = await Promise.all(jobs.map((job) => runner.run(job.name)));
  expect(ran).toEqual(jobs.map(() => true));
  expect(most).toBeLessThanOrEqual(MAX_PARALLEL_RUNS);
  if (usingPostgres()) expect(most).toBe(MAX_PARALLEL_RUNS);
});
