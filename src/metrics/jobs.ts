import type { Job } from '../jobs/runner.js';
import type { Metrics } from './registry.js';

/**
 * The jobs with each run counted by outcome. Only runs that happen are counted: a replica that
 * finds the run taken by another counts nothing, so the sum over replicas is the real runs.
 */
export function instrumentJobs(metrics: Metrics, jobs: Job[]): Job[] {
  return jobs.map((job) => ({
    ...job,
    async run() {
      try {
        const result = await job.run();
        metrics.countJobRun(job.name, 'success');
        return result;
      } catch (error) {
        metrics.countJobRun(job.name, 'failure');
        throw error;
      }
    },
  }));
}
