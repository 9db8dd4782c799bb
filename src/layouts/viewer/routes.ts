// The layout viewer over HTTP: an HTML page of a layout's pages, the page images, and signed links to the page.
import Router from '@koa/router';
import type { Context } from 'koa';
import { requireAccount } from '../../http/auth';
import { sendCacheable } from '../../http/etag';
import { notFound } from '../../http/errors';
import { uuidParam } from '../../http/params';
import { optionalUser, queryOf, requireUser } from '../../http/request-state';
import type { RouteDoc, RouteModule } from '../../http/route-module';
import type { Validator } from '../../http/validation';
import { ServiceError } from '../../shared/errors';
import { PAGE_IMAGE_WIDTHS, type PageImageClient, type PageImages, snapPageWidth } from './page-images';
import type { LayoutViewer, SignedQuery } from './service';
import { viewerHtml } from './page';

const HASH = /^[0-9a-f]{16}$/;
const PAGE_FILE = /^(0|[1-9]\d{0,3})\.jpg$/;
/** nginx's status for a request whose client closed the connection before the answer: logged, never received. */
const CLIENT_CLOSED_REQUEST = 499;

const hashParam = (value: string | undefined) => {
  if (!value || !HASH.test(value)) throw notFound();
  return value;
};

/** The client of a request: its address, and a signal that aborts if the connection closes before the answer. */
function clientOf(ctx: Context): PageImageClient {
  const gone = new AbortController();
  ctx.res.once('close', () => {
    if (!ctx.res.writableFinished) gone.abort(new Error('the client closed the connection'));
  });
  return { address: ctx.ip, gone: gone.signal };
}


/** The signature of the request, to hand on to the page's images (they are opened by the same link). */
const signedQueryOf = (query: SignedQuery) =>
  typeof query.expires === 'string' && typeof query.sig === 'string'
    ? `expires=${encodeURIComponent(query.expires)}&sig=${encodeURIComponent(query.sig)}` : '';

export function layoutViewerRoutes(deps: { viewer: LayoutViewer; pageImages: PageImages; validator: Validator; publicBaseUrl: string }): RouteModule {
  const { viewer, pageImages, validator } = deps;
  const router = new Router();
  router.get('/layout/:hash/', validator.query('layout-viewer-query.json'), async (ctx) => {
    const query = queryOf(ctx, 'layout-viewer-query.json');
    const viewable = await viewer.open(hashParam(ctx.params.hash), optionalUser(ctx), query);
    ctx.set({
      // No script at all; images only from this service. The signed link is in the page's URL: never sent on.
      'Content-Security-Policy': "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'",
      'Referrer-Policy': 'no-referrer',
      'Cache-Control': viewable.public ? 'public, no-cache' : 'private, no-store',
    });
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = viewerHtml(viewable, signedQueryOf(query));
  });

  router.get('/layout/:hash/page/:file', validator.query('layout-page-image-query.json'), async (ctx) => {
    const query = queryOf(ctx, 'layout-page-image-query.json');
    const width = snapPageWidth(query.width);
    const num = PAGE_FILE.exec(ctx.params.file ?? '')?.[1];
    if (num === undefined) throw notFound();
    const viewable = await viewer.open(hashParam(ctx.params.hash), optionalUser(ctx), query);
    const etag = viewer.pageEtag(viewable, Number(num), width);
    ctx.set('Referrer-Policy', 'no-referrer');
    if (!sendCacheable(ctx, etag, viewable.public ? 'public' : 'private')) return;
    const client = clientOf(ctx);
    try {
      ctx.body = await pageImages.image(etag, () => viewer.pageImage(viewable, Number(num), width), client);
      ctx.type = 'image/jpeg';
    } catch (error) {
      // A refusal (the drawing queue full, this address asking too much) is answered; a client gone hears nothing.
      if (error instanceof ServiceError || !client.gone.aborted) throw error;
      ctx.status = CLIENT_CLOSED_REQUEST;
    }
  });

  router.get('/api/ua/layout/:layout_id/viewer/', requireAccount(), async (ctx) => {
    const link = await viewer.signedLink(requireUser(ctx), uuidParam(ctx.params.layout_id), deps.publicBaseUrl);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = link;
  });

  return { router, docs: VIEWER_DOCS };
}

const tags = ['layouts'];
const hidden = { description: 'No such layout, or one the caller may not view (a private layout without its token or a valid signed link)', schema: 'error-detail.json' };
const whoSees = 'Anyone sees the layout of a product of an approved theme; the owner, moderators and administrators see any layout they may read, '
  + 'with their token in the Authorization header or through a signed link from GET /api/ua/layout/<id>/viewer/ (valid for an hour).';

const VIEWER_DOCS: RouteDoc[] = [
  {
    method: 'get', path: '/layout/:hash/', tags, summary: 'The layout viewer: every page as an image, the cover first', description: whoSees,
    query: ['layout-viewer-query.json'],
    responses: { 200: { description: 'An HTML page', schema: null, contentType: 'text/html' }, 400: { description: 'Invalid query', schema: 'validation-error.json' }, 404: hidden },
  },
  {
    method: 'get', path: '/layout/:hash/page/:num.jpg', tags, summary: 'A page of a layout as a JPEG (page 0: the cover spread)',
    description: `${whoSees} The width is rounded up to the next of ${PAGE_IMAGE_WIDTHS.join(', ')} pixels. `
      + 'Cached by ETag (revalidated every time): a 304 when the page has not changed. Drawing is queued: past the queue\'s '
      + 'bound (VIEWER_RENDER_QUEUE) a 503, and past VIEWER_RENDERS_PER_ADDRESS images waiting for one client address a 429, both with Retry-After.',
    query: ['layout-page-image-query.json'],
    responses: {
      200: { description: 'The page', schema: null, contentType: 'image/jpeg' },
      400: { description: 'A width out of range', schema: 'validation-error.json' },
      404: hidden,
      429: { description: 'This client address already waits for VIEWER_RENDERS_PER_ADDRESS page images (Retry-After)', schema: 'error-detail.json' },
      503: { description: 'Too many page images are waiting to be drawn (Retry-After)', schema: 'error-detail.json' },
    },
  },
  {
    method: 'get', path: '/api/ua/layout/:layout_id/viewer/', tags, auth: true, summary: 'A signed link to a layout\'s viewer page',
    description: 'For a browser tab that has no token: the link opens the viewer (and its images) for an hour. The owner, moderators and administrators get one.',
    responses: {
      200: { description: 'The link', schema: 'layout-viewer-link.json' },
      401: { description: 'Not logged in', schema: 'error-detail.json' },
      404: { description: 'No such layout, or someone else\'s', schema: 'error-detail.json' },
    },
  },
];
