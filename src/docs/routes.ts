// GET /openapi.json, and the browsable reference at /docs/ served from the swagger-ui-dist package (no CDN).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Router from '@koa/router';
import { getAbsoluteFSPath } from 'swagger-ui-dist';
import { notFound } from '../http/errors';
import type { RouteModule } from '../http/route-module';

// A Map, not an object: the asset's name comes from the URL, and "__proto__" or "toString" must not be found.
const ASSETS = new Map<string, string>([
  ['swagger-ui.css', 'text/css; charset=utf-8'],
  ['swagger-ui-bundle.js', 'application/javascript; charset=utf-8'],
  ['swagger-ui-standalone-preset.js', 'application/javascript; charset=utf-8'],
  ['favicon-32x32.png', 'image/png'],
]);

const INDEX_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Photobook API</title>
<link rel="stylesheet" href="/docs/swagger-ui.css"><link rel="icon" href="/docs/favicon-32x32.png"></head>
<body><div id="api"></div>
<script src="/docs/swagger-ui-bundle.js"></script><script src="/docs/docs-init.js"></script></body></html>`;

// In its own file rather than inline, so that the page works under a Content-Security-Policy without 'unsafe-inline'.
const INIT_JS = "window.ui = SwaggerUIBundle({ url: '/openapi.json', dom_id: '#api', deepLinking: true });";

export function docsRoutes(openApiDocument: () => object): RouteModule {
  const router = new Router();
  const assetsDir = getAbsoluteFSPath();
  const assetCache = new Map<string, Buffer>();
  // Made on first request, when every router (this one too) has been mounted.
  let openApiJson: string | undefined;

  router.get('/openapi.json', (ctx) => {
    ctx.type = 'application/json';
    ctx.body = openApiJson ??= JSON.stringify(openApiDocument());
  });
  router.get('/docs/', (ctx) => {
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = INDEX_HTML;
  });
  router.get('/docs/docs-init.js', (ctx) => {
    ctx.type = 'application/javascript; charset=utf-8';
    ctx.body = INIT_JS;
  });
  router.get('/docs/:asset', (ctx) => {
    const type = ASSETS.get(ctx.params.asset);
    if (!type) throw notFound();
    if (!assetCache.has(ctx.params.asset)) assetCache.set(ctx.params.asset, readFileSync(path.join(assetsDir, ctx.params.asset)));
    ctx.type = type;
    ctx.set('Cache-Control', 'public, max-age=3600');
    ctx.body = assetCache.get(ctx.params.asset);
  });
  return {
    router,
    docs: [{
      method: 'get', path: '/openapi.json', summary: 'This document', tags: ['docs'],
      responses: { 200: { description: 'The OpenAPI document', schema: null } },
    }],
  };
}
