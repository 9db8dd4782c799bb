// GET /metrics/: the Prometheus text format. Open outside production; in production it exists only with
// METRICS_TOKEN set, and then wants that token as a bearer.
import { createHash, timingSafeEqual } from 'node:crypto';
import Router from '@koa/router';
import type { Context } from 'koa';
import { invalidToken, notAuthenticated, notFound } from '../http/errors';
import type { RouteModule } from '../http/route-module';
import type { Metrics } from './metrics';

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Constant time whatever the lengths: the digests compared are always 32 bytes. */
function checkBearer(ctx: Context, token: string): void {
  const header = ctx.get('Authorization');
  if (!header) throw notAuthenticated();
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match || !timingSafeEqual(digest(match[1]!), digest(token))) throw invalidToken();
}

export function metricsRoutes(deps: { metrics: Metrics; production: boolean; token: string | undefined }): RouteModule {
  const { metrics, production, token } = deps;
  const router = new Router();
  router.get('/metrics/', async (ctx) => {
    if (production && !token) throw notFound();
    if (token) checkBearer(ctx, token);
    ctx.set('Cache-Control', 'no-store');
    ctx.type = metrics.register.contentType;
    ctx.body = await metrics.register.metrics();
  });
  return {
    router,
    // The bearer here is METRICS_TOKEN, not a user's JWT: authentication must not read it.
    ignoresAuthorization: true,
    docs: [{
      method: 'get', path: '/metrics/', summary: 'Prometheus metrics of this process', tags: ['health'],
      description: 'The Prometheus text format. Open outside production; with NODE_ENV=production it answers 404 unless METRICS_TOKEN is set, and then requires `Authorization: Bearer <METRICS_TOKEN>`.',
      responses: {
        200: { description: 'Metrics', schema: null, contentType: 'text/plain' },
        401: { description: 'METRICS_TOKEN is set and the request did not carry it', schema: 'error-detail.json' },
        404: { description: 'Production without METRICS_TOKEN', schema: 'error-detail.json' },
      },
    }],
  };
}
