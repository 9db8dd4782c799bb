// GET and HEAD /media/<key>: the public media files, from whichever storage holds them, streamed with their content
// type, cache validators and single byte ranges.
import Router from '@koa/router';
import type { Context } from 'koa';
import { HttpError, notFound } from './errors';
import type { RouteModule } from './route-module';
import { ifRangeHolds, requestedRange } from '../media/byte-range';
import { imageContentTypeOf } from '../media/content-types';
import { isValidMediaKey, type MediaStorage, type StoredFileFacts } from '../media/storage';

function decodedKey(rawPath: string): string | undefined {
  try {
    return decodeURIComponent(rawPath.slice('/media/'.length));
  } catch {
    return undefined;
  }
}

function describeFile(ctx: Context, facts: StoredFileFacts, contentType: string): void {
  ctx.status = 200;
  ctx.type = contentType;
  ctx.length = facts.size;
  ctx.etag = facts.etag;
  ctx.lastModified = facts.lastModified;
  ctx.set('Accept-Ranges', 'bytes');
  // Keys are never reused for other content (re-rendered images get new keys), so a day of caching is safe.
  ctx.set('Cache-Control', 'public, max-age=86400');
  ctx.set('X-Content-Type-Options', 'nosniff');
}

const unsatisfiable = (size: number) =>
  new HttpError(416, { detail: 'Requested range not satisfiable.' }, { 'Content-Range': `bytes */${size}` });

export function mediaRoutes(storage: MediaStorage): RouteModule {
  const router = new Router();
  router.get(/^\/media\/.+/, async (ctx) => {
    const key = decodedKey(ctx.path);
    const contentType = key !== undefined && isValidMediaKey(key) ? imageContentTypeOf(key) : undefined;
    if (key === undefined || !contentType) throw notFound();
    // A plain GET is one call to the storage (the answer's headers come with the bytes); only a request whose
    // answer depends on the file's size or validators first asks for those.
    const needsFacts = ctx.method === 'HEAD' || ['Range', 'If-None-Match', 'If-Modified-Since'].some((header) => ctx.get(header));
    if (!needsFacts) {
      const file = await storage.open(key);
      if (!file) throw notFound();
      describeFile(ctx, file, contentType);
      ctx.body = file.body;
      return;
    }
    const facts = await storage.stat(key);
    if (!facts) throw notFound();
    describeFile(ctx, facts, contentType);
    if (ctx.fresh) {
      ctx.status = 304;
      return;
    }
    const asked = ifRangeHolds(ctx.get('If-Range') || undefined, facts) ? requestedRange(ctx.get('Range') || undefined, facts.size) : { kind: 'whole' as const };
    if (asked.kind === 'unsatisfiable') throw unsatisfiable(facts.size);
    const range = asked.kind === 'partial' ? asked.range : undefined;
    if (range) {
      ctx.status = 206;
      ctx.length = range.end - range.start + 1;
      ctx.set('Content-Range', `bytes ${range.start}-${range.end}/${facts.size}`);
    }
    if (ctx.method === 'HEAD') return;
    const file = await storage.open(key, range);
    if (!file) throw notFound();
    ctx.body = file.body;
  });
  return {
    router,
    docs: [{
      method: 'get', path: '/media/:key', summary: 'An uploaded or generated image', tags: ['media'],
      description: 'Streamed from the media storage (local disk or object storage), with ETag and Last-Modified; '
        + 'If-None-Match and If-Modified-Since answer 304, a single Range 206 (If-Range honoured). HEAD answers the headers alone.',
      responses: {
        200: { description: 'The image', schema: null },
        206: { description: 'One byte range of the image (Content-Range)', schema: null },
        304: { description: 'Not modified since the copy the client holds', schema: null },
        404: { description: 'No such file', schema: 'error-detail.json' },
        416: { description: 'No byte of the range is in the file (Content-Range: bytes */size)', schema: 'error-detail.json' },
        503: { description: 'The media storage cannot be reached right now (Retry-After)', schema: 'error-detail.json' },
      },
    }],
  };
}
