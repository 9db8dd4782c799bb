// Conditional GETs: the ETag is given by the caller (a digest of the bytes), 304 on a match.
import type { Context } from 'koa';

/**
 * Sets the ETag and caching headers; returns false when the client's copy is current (the response is then a 304
 * and the caller sends no body). Clients revalidate every time, so a new product shows up at once.
 */
export function sendCacheable(ctx: Context, etag: string, scope: 'public' | 'private' = 'public'): boolean {
  ctx.status = 200;
  ctx.set('ETag', etag);
  // private: a response only its caller may see is kept by the browser, never by a shared cache.
  ctx.set('Cache-Control', `${scope}, no-cache`);
  if (!ctx.fresh) return true;
  ctx.status = 304;
  return false;
}
