// Request id (taken from a sane X-Request-Id or made here), echoed in the response, and one JSON log line per request.
import { randomUUID } from 'node:crypto';
import type { Context, Next } from 'koa';
import type { Logger } from 'pino';

const ACCEPTABLE_REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;

export function requestLogMiddleware(log: Logger) {
  return async function logRequest(ctx: Context, next: Next): Promise<void> {
    const started = process.hrtime.bigint();
    const given = ctx.get('X-Request-Id');
    const requestId = ACCEPTABLE_REQUEST_ID.test(given) ? given : randomUUID();
    ctx.state.requestId = requestId;
    ctx.set('X-Request-Id', requestId);
    try {
      await next();
    } finally {
      // The URL is logged without its query: OAuth callbacks carry codes and tokens there.
      log.info(
        {
          requestId,
          method: ctx.method,
          path: ctx.path,
          status: ctx.status,
          ms: Number(process.hrtime.bigint() - started) / 1e6,
          userId: ctx.state.user?.id,
        },
        'request',
      );
    }
  };
}
