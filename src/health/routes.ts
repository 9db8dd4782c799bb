// Liveness (the process answers) and readiness (the database answers, every migration is applied, and what else the
// process needs to serve correctly works: changes made here reach editors connected to other processes).
import Router from '@koa/router';
import type { Database } from '../db/database';
import { migrationsApplied } from '../db/migrate';
import type { RouteModule } from '../http/route-module';
import { withTimeout } from '../util/with-timeout';

const READINESS_TIMEOUT_MS = 2000;

/** What else readiness needs besides the database: why it does not work now (the 503's detail), or undefined. */
export type ReadinessCheck = () => Promise<string | undefined>;

export function healthRoutes(db: Database, checks: ReadinessCheck[] = []): RouteModule {
  const router = new Router();
  router.get('/healthz/', (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { status: 'ok' };
  });
  router.get('/readyz/', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    const applied = await withTimeout(migrationsApplied(db), READINESS_TIMEOUT_MS).catch(() => undefined);
    if (applied === undefined) {
      ctx.status = 503;
      ctx.body = { detail: 'Database unreachable.' };
    } else if (!applied) {
      ctx.status = 503;
      ctx.body = { detail: 'Migrations pending.' };
    } else {
      const problems = await Promise.all(checks.map((check) => withTimeout(check(), READINESS_TIMEOUT_MS).catch(() => 'A readiness check did not answer in time.')));
      const problem = problems.find((each) => each !== undefined);
      if (problem === undefined) {
        ctx.body = { status: 'ready' };
      } else {
        ctx.status = 503;
        ctx.body = { detail: problem };
      }
    }
  });
  const tags = ['health'];
  return {
    router,
    docs: [
      { method: 'get', path: '/healthz/', summary: 'The process is up', tags, responses: { 200: { description: 'Up', schema: 'health.json' } } },
      {
        method: 'get', path: '/readyz/', summary: 'The database is reachable and migrated, and editing changes reach other processes', tags,
        responses: { 200: { description: 'Ready', schema: 'health.json' }, 503: { description: 'Not ready', schema: 'error-detail.json' } },
      },
    ],
  };
}
