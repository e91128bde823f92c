import { createHash } from 'node:crypto';
import type { Logger } from 'pino';
import type { Database } from '../db/client.js';

export interface Job {
  name: string;
  intervalMs: number;
  run(): Promise<unknown>;
}

/** A stable 63-bit advisory lock key per job name, the same in every replica. */
function lockKey(name: string): string {
  return BigInt.asIntN(
    64,
    BigInt(
      `0x${createHash('sha256').update(`groundstation:job:${name}`).digest('hex').slice(0, 16)}`,
    ),
  ).toString();
}

/**
 * Runs periodic jobs. Each run takes a PostgreSQL advisory lock first, so with several replicas
 * a run happens in one of them, never twice at once.
 */
export function createJobRunner(deps: { db: Database; logger: Logger; jobs: Job[] }) {
  const timers: NodeJS.Timeout[] = [];
  const byName = new Map(deps.jobs.map((j) => [j.name, j]));

  async function run(name: string): Promise<boolean> {
    const job = byName.get(name);
    if (!job) throw new Error(`Unknown job ${name}`);
    return deps.db.withSession(async (session) => {
      const key = lockKey(name);
      const [row] = await session.query<{ locked: boolean }>(
        'SELECT pg_try_advisory_lock($1::bigint) AS locked',
        [key],
      );
      if (!row?.locked) return false;
      try {
        await job.run();
        return true;
      } finally {
        await session.query('SELECT pg_advisory_unlock($1::bigint)', [key]);
      }
    });
  }

  return {
    run,
    start() {
      for (const job of deps.jobs) {
        const timer = setInterval(() => {
          run(job.name).catch((error: unknown) =>
            deps.logger.error({ err: error, job: job.name }, 'job failed'),
          );
        }, job.intervalMs);
        timer.unref();
        timers.push(timer);
      }
    },
    stop() {
      for (const timer of timers.splice(0)) clearInterval(timer);
    },
  };
}

export type JobRunner = ReturnType<typeof createJobRunner>;
