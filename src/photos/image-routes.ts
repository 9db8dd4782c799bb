// A photo's files over HTTP, outside /media/: its sizes (the url the front end appends =wN, =hN or =w0 to) and its
// original (orig). Opened by the signed link the owner's JSON carries, or by the token of the owner, a moderator or
// an administrator; its sizes also by a book's viewer link while the book names the photo. Anyone else gets 404, and
// a request with neither link nor token 401.
import Router from '@koa/router';
import type { Context } from 'koa';
import { notAuthenticated, notFound } from '../http/errors';
import { sendCacheable } from '../http/etag';
import { idParam } from '../http/params';
import { optionalUser } from '../http/request-state';
import type { RouteDoc, RouteModule } from '../http/route-module';
import type { PhotoFiles, PhotoViewer, ServedPhotoFile } from './photo-files';
import type { PhotoLinks } from './photo-links';
import { parseRequestedSize } from './photo-sizes';

/** The link's "<expires>.<sig>", then the size the front end appended ("=w400"), if any. */
const IMAGE_SEGMENT = /^(\d{1,12}\.[A-Za-z0-9_-]+)?(=.*)?$/;

function viewerOf(ctx: Context, signed: boolean): PhotoViewer {
  const user = optionalUser(ctx);
  if (!signed && !user) throw notAuthenticated();
  return { user, signed };
}

async function send(ctx: Context, file: ServedPhotoFile): Promise<void> {
  // The link is the permission: it must not travel on in a Referer, and no shared cache may keep the picture.
  ctx.set({ 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'no-referrer' });
  if (!sendCacheable(ctx, file.etag, 'private')) return;
  const opened = await file.open();
  ctx.type = file.contentType;
  ctx.length = opened.size;
  ctx.body = opened.body;
}

/** A layout's hash, as in its viewer link /layout/<hash>/. */
const LAYOUT_HASH = /^[0-9a-f]{16}$/;

/**
 * bookLinkOpens: whether expires and sig are of an unexpired viewer link to the layout of that hash (the layouts'
 * viewer says, src/layouts/viewer/service.ts).
 */
export function photoImageRoutes(deps: {
  files: PhotoFiles; links: PhotoLinks; bookLinkOpens: (layoutHash: string, expires: string, sig: string) => boolean;
}): RouteModule {
  const { files, links } = deps;
  const router = new Router();

  router.get('/photos/api/photo/:photo_id/image/:signed', async (ctx) => {
    const id = idParam(ctx.params.photo_id);
    const [, token, suffix] = IMAGE_SEGMENT.exec(ctx.params.signed) ?? [];
    const size = parseRequestedSize(suffix);
    const viewer = viewerOf(ctx, token !== undefined && links.verifyImage(id, token));
    if (!size) throw notFound();
    await send(ctx, await files.image(id, viewer, size));
  });

  // The sizes only: the original keeps its metadata (location included), for its owner alone.
  router.get('/photos/api/photo/:photo_id/book/:hash/:signed', async (ctx) => {
    const id = idParam(ctx.params.photo_id);
    const [, token, suffix] = IMAGE_SEGMENT.exec(ctx.params.signed) ?? [];
    const [expires, sig] = token?.split('.') ?? [];
    const hash = ctx.params.hash;
    const opens = LAYOUT_HASH.test(hash) && expires !== undefined && deps.bookLinkOpens(hash, expires, sig);
    const size = parseRequestedSize(suffix);
    // The link opens the book's photos, not any photo as a photo's own signed link does.
    const viewer: PhotoViewer = { user: viewerOf(ctx, opens).user, signed: false, book: opens ? hash : undefined };
    if (!size) throw notFound();
    await send(ctx, await files.image(id, viewer, size));
  });

  router.get('/photos/api/photo/:photo_id/original/', async (ctx) => {
    const id = idParam(ctx.params.photo_id);
    const viewer = viewerOf(ctx, links.verifyOriginal(id, ctx.query.expires, ctx.query.sig));
    await send(ctx, await files.original(id, viewer));
  });

  return { router, docs: IMAGE_DOCS };
}

const tags = ['photos'];
const denied = {
  401: { description: 'Neither a valid, unexpired signed link nor a token', schema: 'error-detail.json' },
  404: { description: 'No such photo, or not the caller\'s (a moderator and an administrator see every photo)', schema: 'error-detail.json' },
};

const IMAGE_DOCS: RouteDoc[] = [
  {
    method: 'get', path: '/photos/api/photo/:photo_id/image/:signed', tags, summary: 'A photo at a size, from its print master',
    description: 'The url of a photo with =wN, =hN or =w0 (full size) appended. The width is snapped up to 200, 400, 800 or 1600 pixels, '
      + 'never past the master\'s; each size is made once and cached. ETag, and 304 for a current copy. The signed segment comes '
      + 'from the photo\'s url (valid for 6 to 12 hours); with the token of the owner, a moderator or an administrator any segment will do.',
    responses: { 200: { description: 'The picture', schema: null, contentType: 'image/jpeg' }, 304: { description: 'Not modified', schema: null }, ...denied },
  },
  {
    method: 'get', path: '/photos/api/photo/:photo_id/book/:hash/:signed', tags, summary: 'A photo of a book at a size, for a holder of the book\'s viewer link',
    description: 'The same sizes as the photo\'s url, opened by the viewer link of a book (layout) that names the photo in its photos or in a '
      + 'PHOTO block: :hash is the layout\'s hash and :signed is "<expires>.<sig>" of its link /layout/<hash>/?expires=...&sig=... '
      + '(GET /api/ua/layout/<id>/viewer/), then =wN, =hN or =w0. Any other photo is 404, as is the original: it is its owner\'s alone.',
    responses: { 200: { description: 'The picture', schema: null, contentType: 'image/jpeg' }, 304: { description: 'Not modified', schema: null }, ...denied },
  },
  {
    method: 'get', path: '/photos/api/photo/:photo_id/original/', tags, summary: 'A photo\'s original, as uploaded',
    description: 'The file as sent, metadata (location included) and all: by the orig link of the owner\'s JSON (expires and sig), or '
      + 'with the token of the owner, a moderator or an administrator. ETag, and 304 for a current copy.',
    responses: { 200: { description: 'The original', schema: null, contentType: 'image/*' }, 304: { description: 'Not modified', schema: null }, ...denied },
  },
];
