// GET /api/admin/jobs/: what the background jobs are doing, for administrators: per job name, counts by state, the
// jobs that look stuck, and the most recent failures (retrying or failed for good) with their error and attempt count.
// POST /api/admin/jobs/<id>/retry/: a job failed for good is run again.
import Router from '@koa/router';
import { requireRole } from '../http/auth';
import type { RouteDoc, RouteModule } from '../http/route-module';
import type { JobsAdminService } from './jobs-service';

export function adminJobRoutes(deps: { jobs: JobsAdminService }): RouteModule {
  const router = new Router();

  router.get('/api/admin/jobs/', requireRole('admin'), async (ctx) => {
    const overview = await deps.jobs.overview();
    ctx.set('Cache-Control', 'no-store');
    ctx.body = overview.map(({ name, counts, stuck, recentFailures }) => ({
      name,
      counts,
      stuck: stuck.map(({ name: _name, started_at: startedAt, expires_at: expiresAt, ...row }) => ({
        ...row, started_at: new Date(startedAt).toISOString(), expires_at: new Date(expiresAt).toISOString(),
      })),
      recent_failures: recentFailures.map(({ name: _name, failed_at: failedAt, error, ...row }) => ({
        ...row, error: error ?? '', failed_at: failedAt ? new Date(failedAt).toISOString() : null,
      })),
    }));
  });

  router.post('/api/admin/jobs/:job_id/retry/', requireRole('admin'), async (ctx) => {
    const id = ctx.params.job_id;
    const { name } = await deps.jobs.rerun(id);
    ctx.body = { id, name, state: 'created' };
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
