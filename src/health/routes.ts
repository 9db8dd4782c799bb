// Liveness (the process answers) and readiness (the database answers and every migration is applied).
import Router from '@koa/router';
import type { Database } from '../db/database';
import { migrationsApplied } from '../db/migrate';
import type { RouteModule } from '../http/route-module';

const READINESS_TIMEOUT_MS = 2000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export function healthRoutes(db: Database): RouteModule {
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
      ctx.body = { status: 'ready' };
    }
  });
  const tags = ['health'];
  return {
    router,
    docs: [
      { method: 'get', path: '/healthz/', summary: 'The process is up', tags, responses: { 200: { description: 'Up', schema: 'health.json' } } },
      {
        method: 'get', path: '/readyz/', summary: 'The database is reachable and migrated', tags,
        responses: { 200: { description: 'Ready', schema: 'health.json' }, 503: { description: 'Not ready', schema: 'error-detail.json' } },
      },
    ],
  };
}
