// CORS for the front ends of CORS_ORIGINS: their pages may call the API from another origin. Only an origin on the
// list is ever named in Access-Control-Allow-Origin (never one copied from a request), and never with credentials:
// the API takes its token in the Authorization header, so a browser's cookies have nothing to add.
import type { Context, Middleware, Next } from 'koa';

// What the API's routes take and send beyond what browsers allow without asking.
const ALLOWED_METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE';
const ALLOWED_HEADERS = 'Authorization, Content-Type, Idempotency-Key, X-Request-Id, Accept-Language, Range, If-Range';
const EXPOSED_HEADERS = 'X-Request-Id, Retry-After, Idempotent-Replayed, ETag, Content-Range, Accept-Ranges';
/** How long a browser may keep a preflight's answer. */
export const PREFLIGHT_MAX_AGE_SECONDS = 600;

export function cors(allowedOrigins: readonly string[]): Middleware {
  const allowed = new Set(allowedOrigins);
  return async function allowListedOrigins(ctx: Context, next: Next): Promise<void> {
    if (allowed.size === 0) return next();
    // The answer depends on the Origin header whenever there is a list: caches must keep one per origin.
    ctx.vary('Origin');
    const origin = ctx.get('Origin');
    if (!allowed.has(origin)) return next();
    ctx.set('Access-Control-Allow-Origin', origin);
    if (ctx.method === 'OPTIONS' && ctx.get('Access-Control-Request-Method')) {
      ctx.set('Access-Control-Allow-Methods', ALLOWED_METHODS);
      ctx.set('Access-Control-Allow-Headers', ALLOWED_HEADERS);
      ctx.set('Access-Control-Max-Age', String(PREFLIGHT_MAX_AGE_SECONDS));
      ctx.status = 204;
      return;
    }
    ctx.set('Access-Control-Expose-Headers', EXPOSED_HEADERS);
    await next();
  };
}
