import type { FastifyRequest } from 'fastify';
import type { Job } from './runner.js';
import type { RegistrySync } from '../modules/registry/sync.js';

export const REGISTRY_SYNC_JOB = 'registry-sync';

/**
 * The registry sync as a periodic job: the runner's advisory lock and slot claim make one
 * replica run it at a time. An administrator's "sync now" goes through the same runner (and
 * lock), and `runNow` says which of the two started a run: a run has the administrator's request
 * exactly when one asked for it.
 */
export function createRegistrySyncJob(sync: RegistrySync, intervalMs: number) {
  let askedBy: FastifyRequest | null = null;
  let lastRunId: string | null = null;
  const job: Job = {
    name: REGISTRY_SYNC_JOB,
    intervalMs,
    async run() {
      const request = askedBy;
      askedBy = null;
      const run = await sync.run(request ? 'admin' : 'schedule', request);
      lastRunId = run?.id ?? null;
      return run;
    },
  };
  return {
    job,
    /** Runs the sync now; null when another run holds the lock (or no source is configured). */
    async runNow(
      runner: { run(name: string): Promise<boolean> },
      request: FastifyRequest,
    ): Promise<string | null> {
      askedBy = request;
      lastRunId = null;
      const ran = await runner.run(REGISTRY_SYNC_JOB);
      askedBy = null;
      return ran ? lastRunId : null;
    },
  };
}
