// GET /api/gallery/product/ (v1), /api/gallery/meta/, /api/gallery2/product/ (v2), /api/gallery2/themecategory/
import Router from '@koa/router';
import type { Context } from 'koa';
import { HttpError, validationError } from '../http/errors';
import { notModified } from '../http/etag';
import { languageOf } from '../http/language';
import type { RouteDoc, RouteModule } from '../http/route-module';
import type { Validator } from '../http/validation';
import type { MediaStorage } from '../media/storage';
import { pickFilterParams, V1_FILTER_PARAMS, V2_FILTER_PARAMS } from './filters';
import { presentMeta, presentThemeCategories, presentV1Page, presentV2Page } from './presenters';
import type { GalleryPage, GalleryService } from './service';
import type { CatalogSnapshot } from './snapshot';

const ECHOED_PARAMS = [...V2_FILTER_PARAMS, 'page', 'page_size'];

const invalidPage = () => new HttpError(404, { detail: 'Invalid page.' });

/** The applied query parameters as strings (repeated values joined by commas), or undefined when nothing filters. */
function appliedQueryParams(ctx: Context): Record<string, string> | undefined {
  const present = ECHOED_PARAMS.filter((name) => ctx.query[name] !== undefined && ctx.query[name] !== '');
  if (!present.some((name) => (V2_FILTER_PARAMS as readonly string[]).includes(name))) return undefined;
  return Object.fromEntries(present.map((name) => {
    const value = ctx.query[name]!;
    return [name, Array.isArray(value) ? value.join(',') : value];
  }));
}

export function galleryRoutes(deps: { gallery: GalleryService; validator: Validator; media: MediaStorage }): RouteModule {
  const { gallery, validator, media } = deps;
  const router = new Router();

  const listProducts = (known: readonly string[], present: (page: GalleryPage, snapshot: CatalogSnapshot, ctx: Context) => object) =>
    async (ctx: Context) => {
      const snapshot = await gallery.snapshot();
      if (notModified(ctx, snapshot.version)) return;
      const params = pickFilterParams(ctx.state.query, known);
      const result = await gallery.list(snapshot, params, ctx.query.page, ctx.query.page_size);
      if (result.kind === 'invalid-filter') throw validationError(result.errors);
      if (result.kind === 'invalid-page') throw invalidPage();
      ctx.body = present(result.page, snapshot, ctx);
    };

  router.get('/api/gallery/product/', validator.query('gallery-filter.json'),
    listProducts(V1_FILTER_PARAMS, (page, snapshot) => presentV1Page(page, snapshot, media)));
  router.get('/api/gallery2/product/', validator.query('gallery2-filter.json'),
    listProducts(V2_FILTER_PARAMS, (page, snapshot, ctx) => presentV2Page(page, snapshot, media, appliedQueryParams(ctx))));

  router.get('/api/gallery/meta/', async (ctx) => {
    const snapshot = await gallery.snapshot();
    const language = languageOf(ctx);
    if (notModified(ctx, snapshot.version, language)) return;
    ctx.body = presentMeta(snapshot, language);
  });
  router.get('/api/gallery2/themecategory/', async (ctx) => {
    const snapshot = await gallery.snapshot();
    const language = languageOf(ctx);
    if (notModified(ctx, snapshot.version, language)) return;
    ctx.body = presentThemeCategories(snapshot, language);
  });

  return { router, docs: GALLERY_DOCS };
}

const tags = ['gallery'];
const errors = {
  304: { description: 'Not modified (If-None-Match matched the ETag)', schema: null },
  400: { description: 'A malformed filter value, or an id that does not exist', schema: 'validation-error.json' },
};
const localized = 'Names are Russian, or English for `Accept-Language: en`.';

const GALLERY_DOCS: RouteDoc[] = [
  {
    method: 'get', path: '/api/gallery/product/', tags, summary: 'Products, version 1 (frozen)',
    description: 'Filtered, sorted, paged products. Paging as version 2 (page, page_size). The response shape never changes.',
    query: ['gallery-filter.json', 'gallery-paging.json'],
    responses: { 200: { description: 'A page of products', schema: 'gallery-product-list.json' }, ...errors, 404: { description: 'Invalid page.', schema: 'error-detail.json' } },
  },
  {
    method: 'get', path: '/api/gallery/meta/', tags, summary: 'Filter metadata', description: localized,
    responses: { 200: { description: 'Every filter\'s choices', schema: 'gallery-meta.json' }, 304: errors[304] },
  },
  {
    method: 'get', path: '/api/gallery2/product/', tags, summary: 'Products, version 2 (alpha)',
    description: 'Also accepts every version 1 filter and sort. Filtered responses echo the applied query parameters in query_params (repeated values joined by commas).',
    query: ['gallery2-filter.json', 'gallery-filter.json', 'gallery-paging.json'],
    responses: { 200: { description: 'A page of products', schema: 'gallery2-product-list.json' }, ...errors, 404: { description: 'Invalid page.', schema: 'error-detail.json' } },
  },
  {
    method: 'get', path: '/api/gallery2/themecategory/', tags, summary: 'The 16 theme categories, by id', description: localized,
    responses: { 200: { description: 'Theme categories', schema: 'named-list.json' }, 304: errors[304] },
  },
];
