import { createHash } from 'node:crypto';
import type { Logger } from 'pino';
import type { Database } from '../db/client.js';
import type { Clock } from '../lib/clock.js';

export interface Job {
  name: string;
  intervalMs: number;
  run(): Promise<unknown>;
}

/**
 * Light work every replica does on its own timer, without the jobs' lock and slot: it must be
 * safe to run in every replica at once and cheap when there is nothing to do. A tick still under
 * way when the next is due is not doubled.
 */
export interface Ticker {
  intervalMs: number;
  tick(): Promise<void>;
}

/** Job runs one process has under way at once (see `limited`). */
export const MAX_PARALLEL_RUNS = 2;

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
 * Runs periodic jobs. Each run takes a PostgreSQL advisory lock first, so two runs of a job
 * never overlap; a scheduled run also claims its slot of time in `job_runs`, so with several
 * replicas each scheduled run happens in exactly one of them.
 */
export function createJobRunner(deps: {
  db: Database;
  logger: Logger;
  jobs: Job[];
  clock: Clock;
  /** One interval for every job instead of each job's own (JOBS_INTERVAL_MS, for tests and demos). */
  intervalMs?: number | null;
  tickers?: Ticker[];
}) {
  const timers: NodeJS.Timeout[] = [];
  const byName = new Map(deps.jobs.map((j) => [j.name, j]));

  const intervalOf = (job: Job) => deps.intervalMs ?? job.intervalMs;

  // Each run holds a pooled connection for its advisory lock while its work takes others: with
  // as many jobs at once as the pool has connections, every connection would hold a lock and
  // every job wait for one more. So a process runs at most this many jobs at a time.
  let running = 0;
  const waiting: Array<() => void> = [];
  async function limited<T>(work: () => Promise<T>): Promise<T> {
    if (running >= MAX_PARALLEL_RUNS) await new Promise<void>((resolve) => waiting.push(resolve));
    running += 1;
    try {
      return await work();
    } finally {
      running -= 1;
      waiting.shift()?.();
    }
  }
  /** Jobs queued or running in this process: a scheduled tick does not queue one twice. */
  const pending = new Set<string>();

  /**
   * Runs a job now, unless another replica is running it. With `slot`, the run is the scheduled
   * one for that slot of time, and only the first replica to claim the slot runs it.
   */
  function run(name: string, slot?: number): Promise<boolean> {
    return limited(() => runNow(name, slot));
  }

  async function runNow(name: string, slot?: number): Promise<boolean> {
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
        if (slot !== undefined) {
          const claimed = await session.query(
            'INSERT INTO job_runs (name, slot) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING slot',
            [name, slot],
          );
          if (claimed.length === 0) return false;
        }
        await job.run();
        deps.logger.info({ job: name, slot: slot ?? null }, 'job ran');
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
        const interval = intervalOf(job);
        const timer = setInterval(() => {
          // A run still queued or under way here is not queued again behind itself.
          if (pending.has(job.name)) return;
          pending.add(job.name);
          // Every replica keeps the schedule; the slot is what makes a run happen only once.
          const slot = Math.floor(deps.clock().getTime() / interval);
          run(job.name, slot)
            .catch((error: unknown) =>
              deps.logger.error({ err: error, job: job.name }, 'job failed'),
            )
            .finally(() => pending.delete(job.name));
        }, interval);
        timer.unref();
        timers.push(timer);
      }
      for (const ticker of deps.tickers ?? []) {
        let busy = false;
        const timer = setInterval(() => {
          if (busy) return;
          busy = true;
          void ticker.tick().finally(() => {
            busy = false;
          });
        }, ticker.intervalMs);
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
