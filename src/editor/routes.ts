// GET /redaktor/: the book editor (web/editor/), where the shop sends a shopper with the book in the fragment
// (#<layout hash>/ or #<layout id>/). The page itself is never cached; its assets are named by their hash and kept.
import Router from '@koa/router';
import type { Context } from 'koa';
import { notFound } from '../http/errors';
import type { RouteModule } from '../http/route-module';
import { type EditorBundle, lazyEditorBundle } from './bundle';

const YEAR_SECONDS = 365 * 24 * 3600;

/** Only the service itself: its scripts, styles, fonts, images (photos, theme images) and its editing channel. */
export function editorContentSecurityPolicy(publicBaseUrl: string): string {
  const service = new URL(publicBaseUrl);
  const socket = `${service.protocol === 'https:' ? 'wss' : 'ws'}://${service.host}`;
  return [
    "default-src 'none'", "script-src 'self'", "style-src 'self'", "font-src 'self'", "img-src 'self' data: blob:",
    `connect-src 'self' ${socket}`, "base-uri 'none'", "form-action 'self'", "frame-ancestors 'none'",
  ].join('; ');
}

function editorPage(bundle: EditorBundle): string {
  const styles = bundle.styles.map((name) => `<link rel="stylesheet" href="/redaktor/assets/${name}">`).join('\n');
  return `<!doctype html>
<html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Редактор фотокниги</title>
${styles}
<script type="module" src="/redaktor/assets/${bundle.script}"></script></head>
<body><div id="editor"></div><noscript>Редактору нужен JavaScript. The editor needs JavaScript.</noscript></body></html>`;
}

/** publicBaseUrl: where the editing channel's WebSocket is, for the page's Content-Security-Policy. */
export function editorRoutes(publicBaseUrl: string): RouteModule {
  const bundle = lazyEditorBundle();
  const policy = editorContentSecurityPolicy(publicBaseUrl);
  const router = new Router();
  const page = async (ctx: Context) => {
    const html = editorPage(await bundle());
    ctx.set('Content-Security-Policy', policy);
    ctx.set('Cache-Control', 'no-cache');
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = html;
  };
  // The trailing-slash middleware routes /redaktor as /redaktor/.
  router.get('/redaktor/', page);
  router.get('/redaktor/assets/:name', async (ctx) => {
    const asset = (await bundle()).assets.get(ctx.params.name);
    if (!asset) throw notFound();
    ctx.set('Cache-Control', `public, max-age=${YEAR_SECONDS}, immutable`);
    ctx.type = asset.type;
    ctx.body = asset.body;
  });
  return {
    router,
    ignoresAuthorization: true,
    docs: [{
      method: 'get', path: '/redaktor/', tags: ['editor'],
      summary: 'The book editor, a single-page application; the book is named by the fragment: #<layout hash>/ or #<layout id>/',
      responses: { 200: { description: 'An HTML page', schema: null, contentType: 'text/html' } },
    }],
  };
}
