// Conditional GETs for public, versioned data: a weak ETag from the data's version and the request, 304 on a match.
import { createHash } from 'node:crypto';
import type { Context } from 'koa';

/**
 * Sets the ETag and caching headers; returns true when the client's copy is current (the response is then a 304
 * and the caller does no more work). Clients revalidate every time, so a new product shows up at once.
 */
export function notModified(ctx: Context, version: number, ...varying: string[]): boolean {
  const digest = createHash('sha1').update([ctx.path, ctx.querystring, ...varying].join('\n')).digest('base64url').slice(0, 16);
  ctx.status = 200;
  ctx.etag = `W/"${version}-${digest}"`;
  ctx.set('Cache-Control', 'public, no-cache');
  if (!ctx.fresh) return false;
  ctx.status = 304;
  return true;
}
