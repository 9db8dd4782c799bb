// GET /api/gallery/product/ (v1), /api/gallery/meta/, /api/gallery2/product/ (v2), /api/gallery2/themecategory/
import Router from '@koa/router';
import type { Context, Next } from 'koa';
import { sendCacheable } from '../http/etag';
import { type Language, languageOf } from '../http/language';
import { queryOf } from '../http/request-state';
import type { RouteDoc, RouteModule } from '../http/route-module';
import type { Validator } from '../http/validation';
import type { MediaStorage } from '../media/storage';
import type { Metrics } from '../metrics/metrics';
import { type FilterParamName, pickFilterParams, V1_FILTER_PARAMS, V2_FILTER_PARAMS } from './filters';
import { presentMeta, presentThemeCategories, presentV1Page, presentV2Page } from './presenters';
import type { CachedResponse } from './page-cache';
import type { GalleryPage, GalleryService } from './service';
import type { CatalogSnapshot } from './snapshot';

const ECHOED_PARAMS = [...V2_FILTER_PARAMS, 'page', 'page_size'];

declare module 'koa' {
  interface DefaultState {
    /** Whether this gallery request may use the cache: asked once, before validation (see servedFromCache). */
    galleryCaching?: boolean;
  }
}

/** The applied query parameters as strings (repeated values joined by commas), or undefined when nothing filters. */
function appliedQueryParams(ctx: Context): Record<string, string> | undefined {
  const present = ECHOED_PARAMS.filter((name) => ctx.query[name] !== undefined && ctx.query[name] !== '');
  if (!present.some((name) => (V2_FILTER_PARAMS as readonly string[]).includes(name))) return undefined;
  return Object.fromEntries(present.map((name) => {
    const value = ctx.query[name]!;
    return [name, Array.isArray(value) ? value.join(',') : value];
  }));
}

type CacheStatus = 'HIT' | 'MISS' | 'BYPASS';

/** Sends ready bytes with their ETag, or a 304 when the client holds them. X-Cache tells where the bytes came from. */
function send(ctx: Context, response: CachedResponse, cache: CacheStatus, metrics: Metrics): void {
  ctx.set('X-Cache', cache);
  metrics.galleryCache.inc({ result: cache });
  if (sendCacheable(ctx, response.etag)) {
    ctx.type = 'application/json';
    ctx.body = response.body;
  }
}

export function galleryRoutes(deps: { gallery: GalleryService; validator: Validator; media: MediaStorage; metrics: Metrics }): RouteModule {
  const { gallery, validator, media, metrics } = deps;
  metrics.watchGalleryCacheBytes(gallery.cacheBytes);
  const router = new Router();

  // Before validation: a URL whose answer is cached was validated when the answer was made.
  const servedFromCache = (cacheKey: (ctx: Context) => string) => async (ctx: Context, next: Next) => {
    const caching = await gallery.caching();
    ctx.state.galleryCaching = caching;
    const cached = caching ? gallery.cached(cacheKey(ctx)) : undefined;
    if (cached) send(ctx, cached, 'HIT', metrics);
    else await next();
  };

  const listProducts = (
    filterSchema: 'gallery-filter.json' | 'gallery2-filter.json', known: readonly FilterParamName[], cacheKey: (ctx: Context) => string,
    present: (page: GalleryPage, snapshot: CatalogSnapshot, ctx: Context) => object,
  ) =>
    async (ctx: Context) => {
      const caching = ctx.state.galleryCaching === true;
      const params = pickFilterParams(queryOf(ctx, filterSchema), known);
      const request = { url: cacheKey(ctx), params, page: ctx.query.page, pageSize: ctx.query.page_size };
      const response = await gallery.list(request, caching, (page, snapshot) => present(page, snapshot, ctx));
      send(ctx, response, caching ? 'MISS' : 'BYPASS', metrics);
    };

  // Version 2 names each product's group in the caller's language: its answers are kept per language.
  const byUrl = (ctx: Context) => ctx.url;
  const byLanguageAndUrl = (ctx: Context) => `${languageOf(ctx)} ${ctx.url}`;
  router.get('/api/gallery/product/', servedFromCache(byUrl), validator.query('gallery-filter.json'),
    listProducts('gallery-filter.json', V1_FILTER_PARAMS, byUrl, (page, snapshot) => presentV1Page(page, snapshot, media)));
  router.get('/api/gallery2/product/', servedFromCache(byLanguageAndUrl), validator.query('gallery2-filter.json'),
    listProducts('gallery2-filter.json', V2_FILTER_PARAMS, byLanguageAndUrl,
      (page, snapshot, ctx) => presentV2Page(page, snapshot, media, languageOf(ctx), appliedQueryParams(ctx))));

  const fromSnapshot = (name: string, present: (snapshot: CatalogSnapshot, language: Language) => object) => async (ctx: Context) => {
    const caching = await gallery.caching();
    const language = languageOf(ctx);
    const snapshot = await gallery.snapshot(caching);
    ctx.vary('Accept-Language');
    const { response, made } = gallery.fromSnapshot(snapshot, `${name}|${language}`, () => present(snapshot, language));
    send(ctx, response, !caching ? 'BYPASS' : made ? 'MISS' : 'HIT', metrics);
  };
  router.get('/api/gallery/meta/', fromSnapshot('meta', presentMeta));
  router.get('/api/gallery2/themecategory/', fromSnapshot('themecategory', presentThemeCategories));

  return { router, docs: GALLERY_DOCS };
}

const tags = ['gallery'];
const errors = {
  304: { description: 'Not modified (If-None-Match matched the ETag)', schema: null },
  400: { description: 'A malformed filter value, or an id that does not exist', schema: 'validation-error.json' },
};
const localized = 'Names are Russian, or English for `Accept-Language: en`.';
const cached = ' `X-Cache` says where the answer came from: `HIT` (memory), `MISS` (made now and kept), `BYPASS` (made now; the cache is not in use).';

const GALLERY_DOCS: RouteDoc[] = [
  {
    method: 'get', path: '/api/gallery/product/', tags, summary: 'Products, version 1 (frozen)',
    description: `Filtered, sorted, paged products. Paging as version 2 (page, page_size). The response shape never changes.${cached}`,
    query: ['gallery-filter.json', 'gallery-paging.json'],
    responses: { 200: { description: 'A page of products', schema: 'gallery-product-list.json' }, ...errors, 404: { description: 'Invalid page.', schema: 'error-detail.json' } },
  },
  {
    method: 'get', path: '/api/gallery/meta/', tags, summary: 'Filter metadata', description: localized,
    responses: { 200: { description: 'Every filter\'s choices', schema: 'gallery-meta.json' }, 304: errors[304] },
  },
  {
    method: 'get', path: '/api/gallery2/product/', tags, summary: 'Products, version 2 (alpha)',
    description: `Also accepts every version 1 filter and sort. Filtered responses echo the applied query parameters in query_params (repeated values joined by commas).${cached}`,
    query: ['gallery2-filter.json', 'gallery-filter.json', 'gallery-paging.json'],
    responses: { 200: { description: 'A page of products', schema: 'gallery2-product-list.json' }, ...errors, 404: { description: 'Invalid page.', schema: 'error-detail.json' } },
  },
  {
    method: 'get', path: '/api/gallery2/themecategory/', tags, summary: 'The 16 theme categories, by id', description: localized,
    responses: { 200: { description: 'Theme categories', schema: 'named-list.json' }, 304: errors[304] },
  },
];
