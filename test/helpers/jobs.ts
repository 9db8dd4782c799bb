// Waiting for background jobs by their settle events instead of sleeping and looking.
import type { Queue, SettledJob } from '../../src/queue/queue';

/** Resolves once every job of these ids has settled in this process, with each one's outcome. */
export function jobsSettled(queue: Queue, ids: string[]): Promise<Map<string, SettledJob>> {
  const outcomes = new Map<string, SettledJob>();
  return new Promise((resolve) => {
    const stop = queue.onSettled((job) => {
      if (!ids.includes(job.id)) return;
      outcomes.set(job.id, job);
      if (outcomes.size === ids.length) {
        stop();
        resolve(outcomes);
      }
    });
  });
}

/** Resolves when no job is pending any more: checked now, and again each time a job settles. */
export function queueDrained(queue: Queue): Promise<void> {
  return new Promise((resolve, reject) => {
    const check = () => queue.pendingCount().then((pending) => {
      if (pending > 0) return;
      stop();
      resolve();
    }, reject);
    const stop = queue.onSettled(check);
    check();
  });
}
