// Counts and times every HTTP request by its route pattern (never the raw URL, which would make a series per id).
import type { Context, Next } from 'koa';
import { type Metrics, secondsSince } from './metrics';

export function httpMetricsMiddleware(metrics: Metrics) {
  return async (ctx: Context, next: Next): Promise<void> => {
    const started = process.hrtime.bigint();
    try {
      await next();
    } finally {
      const labels = { method: ctx.method, route: ctx._matchedRoute ? String(ctx._matchedRoute) : 'unmatched', status: String(ctx.status) };
      metrics.httpRequests.inc(labels);
      metrics.httpSeconds.observe(labels, secondsSince(started));
    }
  };
}
