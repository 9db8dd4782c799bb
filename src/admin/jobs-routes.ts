// GET /api/admin/jobs/: what the background jobs are doing, for administrators: per job name, counts by state, the
// jobs that look stuck, and the most recent failures (retrying or failed for good) with their error and attempt count.
// POST /api/admin/jobs/<id>/retry/: a job failed for good is run again.
import Router from '@koa/router';
import type { Database } from '../db/database';
import { requireRole } from '../http/auth';
import { HttpError, notFound } from '../http/errors';
import type { RouteDoc, RouteModule } from '../http/route-module';
import type { JobRegistry, Queue } from '../queue/queue';

const STATES = ['created', 'retry', 'active', 'completed', 'cancelled', 'failed'] as const;
const RECENT_FAILURES = 20;
const STUCK_SHOWN = 20;

interface StuckRow { id: string; name: string; started_at: Date; expires_at: Date; past_expiry: boolean; payload: object }
interface FailureRow { id: string; name: string; state: 'retry' | 'failed'; error: string | null; attempts: number; failed_at: Date | null; payload: object }

export function adminJobRoutes(deps: { db: Database; registry: JobRegistry; queue: Queue }): RouteModule {
  const router = new Router();

  router.get('/api/admin/jobs/', requireRole('admin'), async (ctx) => {
    const names = deps.registry.map((job) => job.name);
    const { rows: counts } = await deps.db.sql.query<{ name: string; state: string; jobs: number }>(
      'SELECT name, state::text AS state, count(*)::int AS jobs FROM pgboss.job WHERE name = ANY($1::text[]) GROUP BY name, state', [names]);
    const { rows: failures } = await deps.db.sql.query<FailureRow>(`
      SELECT id::text, name, state::text AS state, output->>'message' AS error,
             coalesce((output->>'attempt')::int, retry_count + 1) AS attempts,
             coalesce(completed_on, started_on) AS failed_at, coalesce(data, '{}'::jsonb) AS payload
      FROM (SELECT *, row_number() OVER (PARTITION BY name ORDER BY coalesce(completed_on, started_on) DESC NULLS LAST) AS recent
            FROM pgboss.job WHERE name = ANY($1::text[]) AND state IN ('retry', 'failed') AND output IS NOT NULL) failed
      WHERE recent <= $2 ORDER BY failed_at DESC NULLS LAST`, [names, RECENT_FAILURES]);
    // Running for more than half its expiry: hung, or its worker died (the queue retries it once the expiry passed).
    const { rows: stuck } = await deps.db.sql.query<StuckRow>(`
      SELECT id::text, name, started_on AS started_at, started_on + expire_in AS expires_at,
             started_on + expire_in < now() AS past_expiry, coalesce(data, '{}'::jsonb) AS payload
      FROM (SELECT *, row_number() OVER (PARTITION BY name ORDER BY started_on) AS oldest
            FROM pgboss.job WHERE name = ANY($1::text[]) AND state = 'active' AND started_on + expire_in / 2 < now()) running
      WHERE oldest <= $2 ORDER BY started_on`, [names, STUCK_SHOWN]);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = names.map((name) => ({
      name,
      counts: Object.fromEntries(STATES.map((state) => [state, counts.find((row) => row.name === name && row.state === state)?.jobs ?? 0])),
      stuck: stuck.filter((row) => row.name === name).map(({ name: _name, started_at: startedAt, expires_at: expiresAt, ...row }) => ({
        ...row, started_at: new Date(startedAt).toISOString(), expires_at: new Date(expiresAt).toISOString(),
      })),
      recent_failures: failures.filter((row) => row.name === name).map(({ name: _name, failed_at: failedAt, error, ...row }) => ({
        ...row, error: error ?? '', failed_at: failedAt ? new Date(failedAt).toISOString() : null,
      })),
    }));
  });

  router.post('/api/admin/jobs/:job_id/retry/', requireRole('admin'), async (ctx) => {
    const id = ctx.params.job_id;
    const rerun = await deps.queue.rerun(id);
    if (rerun.outcome === 'not-found') throw notFound();
    if (rerun.outcome === 'not-failed') throw new HttpError(409, { detail: `Only a job that failed for good can be run again; this one is ${rerun.state}.` });
    ctx.body = { id, name: rerun.name, state: 'created' };
  });

  return { router, docs: JOB_DOCS };
}

const JOB_DOCS: RouteDoc[] = [{
  method: 'get', path: '/api/admin/jobs/', tags: ['catalog administration'], auth: true,
  summary: 'Background jobs: counts by state, stuck jobs and recent failures (administrators)',
  description: 'Jobs completed more than 12 hours ago, and jobs failed for good more than 14 days ago, are no longer counted (pg-boss moves them out of its job table).',
  responses: {
    200: { description: 'One entry per job name', schema: 'admin-jobs.json' },
    401: { description: 'Not logged in', schema: 'error-detail.json' },
    403: { description: 'Not an administrator', schema: 'error-detail.json' },
  },
}, {
  method: 'post', path: '/api/admin/jobs/:job_id/retry/', tags: ['catalog administration'], auth: true,
  summary: 'Run a job that failed for good again (administrators)',
  description: 'The job (its id is in recent_failures of GET /api/admin/jobs/) starts again from its first attempt, with its whole retry policy, within a second when a worker runs. Jobs failed for good are kept 14 days.',
  responses: {
    200: { description: 'The job is queued to run again', schema: 'admin-job-retry.json' },
    401: { description: 'Not logged in', schema: 'error-detail.json' },
    403: { description: 'Not an administrator', schema: 'error-detail.json' },
    404: { description: 'No job with that id (or it is older than the job table keeps)', schema: 'error-detail.json' },
    409: { description: 'The job has not failed for good: it is waiting, running, retrying or completed', schema: 'error-detail.json' },
  },
}];
