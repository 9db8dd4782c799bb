// GET /media/<key>: files of the local-disk storage with their content type and cache headers.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import Router from '@koa/router';
import { notFound } from '../http/errors';
import type { RouteModule } from '../http/route-module';
import type { LocalDiskStorage } from './local-disk';

// A Map: the extension comes from the URL, and only these are served.
const CONTENT_TYPES = new Map<string, string>([
  ['.jpg', 'image/jpeg'],
  ['.jpeg', 'image/jpeg'],
  ['.png', 'image/png'],
  ['.webp', 'image/webp'],
]);

function decodedKey(rawPath: string): string | undefined {
  try {
    return decodeURIComponent(rawPath.slice('/media/'.length));
  } catch {
    return undefined;
  }
}

export function mediaRoutes(storage: LocalDiskStorage): RouteModule {
  const router = new Router();
  router.get(/^\/media\/.+/, async (ctx) => {
    const key = decodedKey(ctx.path);
    const file = key === undefined ? undefined : storage.fileOf(key);
    const contentType = file && CONTENT_TYPES.get(path.extname(file).toLowerCase());
    if (!file || !contentType) throw notFound();
    const info = await stat(file).catch(() => undefined);
    if (!info?.isFile()) throw notFound();
    ctx.status = 200;
    ctx.type = contentType;
    ctx.length = info.size;
    ctx.lastModified = info.mtime;
    // Keys are never reused for other content (re-rendered images get new keys), so a day of caching is safe.
    ctx.set('Cache-Control', 'public, max-age=86400');
    ctx.set('X-Content-Type-Options', 'nosniff');
    if (ctx.fresh) {
      ctx.status = 304;
      return;
    }
    ctx.body = createReadStream(file);
  });
  return {
    router,
    docs: [{
      method: 'get', path: '/media/:key', summary: 'An uploaded or generated image', tags: ['media'],
      responses: { 200: { description: 'The image', schema: null }, 404: { description: 'No such file', schema: 'error-detail.json' } },
    }],
  };
}
