// The background jobs as administrators see them over HTTP: what they are doing, and a job failed for good run again,
// refused as a not found or a conflict here, so the route answers and the command line keeps the queue's own outcome.
import type { Queue } from '../queue/queue';
import { conflict, notFound } from '../shared/errors';

export function createJobsAdminService(queue: Pick<Queue, 'overview' | 'rerun'>) {
  return {
    /** Per job name: counts by state, the jobs that look stuck, the most recent failures. */
    overview: () => queue.overview(),

    /** Runs the job again from its first attempt; not found for no such job, a conflict for one that has not failed for good. */
    async rerun(id: string): Promise<{ name: string }> {
      const rerun = await queue.rerun(id);
      if (rerun.outcome === 'not-found') throw notFound();
      if (rerun.outcome === 'not-failed') throw conflict(`Only a job that failed for good can be run again; this one is ${rerun.state}.`);
      return { name: rerun.name };
    },
  };
}

export type JobsAdminService = ReturnType<typeof createJobsAdminService>;
