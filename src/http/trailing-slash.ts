// Every route answers with and without its trailing slash: paths are routed as if they ended in one.
// A last segment with a dot names a file (/openapi.json, /media/x.jpg) and is left alone.
import type { Context, Next } from 'koa';
import { notFound } from './errors';

export async function trailingSlash(ctx: Context, next: Next): Promise<void> {
  const path = ctx.path;
  // An empty segment names nothing (/api/ua/layout//): it must not fall through to the route of its parent.
  if (path.includes('//')) throw notFound();
  const lastSegment = path.slice(path.lastIndexOf('/') + 1);
  if (!path.endsWith('/') && !lastSegment.includes('.')) ctx.path = `${path}/`;
  await next();
}
