// Layouts over HTTP: the moderators' product layout, shoppers' own layouts ("my products"), page schemes.
import Router from '@koa/router';
import { requireAccount } from '../http/auth';
import { idParam, layoutRefParam, uuidParam } from '../http/params';
import { bodyOf, optionalUser, queryOf, requireUser } from '../http/request-state';
import type { RouteDoc, RouteModule } from '../http/route-module';
import type { Validator } from '../http/validation';
import { printOptionsOf } from './print-options';
import type { LayoutsService } from './service';

export function layoutRoutes(deps: { layouts: LayoutsService; validator: Validator }): RouteModule {
  const { layouts, validator } = deps;
  const router = new Router();
  const signedIn = requireAccount();

  // The gallery's theme preview: public for products of approved themes (a 401 here would log the front end out).
  router.get('/api/ua/layout/product/:product_id/', async (ctx) => {
    ctx.body = await layouts.forProduct(optionalUser(ctx), idParam(ctx.params.product_id));
  });

  router.post('/api/ua/layout/', signedIn, validator.jsonBody('layout-create.json'), async (ctx) => {
    const { product_id: productId } = bodyOf(ctx, 'layout-create.json');
    ctx.body = await layouts.copyProduct(requireUser(ctx), productId, undefined, 'body');
    ctx.status = 201;
  });

  // The front end's "make a book": the same copy as POST /api/ua/layout/, the product named by the path.
  router.post('/api/ua/product/:product_id/generate-layout/', signedIn, validator.jsonBody('layout-generate.json', { optional: true }), async (ctx) => {
    const options = printOptionsOf(bodyOf(ctx, 'layout-generate.json'));
    ctx.body = await layouts.copyProduct(requireUser(ctx), idParam(ctx.params.product_id), options);
    ctx.status = 201;
  });

  router.get('/api/ua/layout/', signedIn, validator.query('layout-list-query.json'), async (ctx) => {
    const { status, shared } = queryOf(ctx, 'layout-list-query.json');
    const page = shared === '1' || shared === 'true'
      ? await layouts.listShared(requireUser(ctx), ctx.query.page, ctx.query.page_size)
      : await layouts.list(requireUser(ctx), status, ctx.query.page, ctx.query.page_size);
    ctx.body = page;
  });

  router.get('/api/ua/layout/:layout_id/', signedIn, async (ctx) => {
    ctx.body = await layouts.get(requireUser(ctx), layoutRefParam(ctx.params.layout_id));
  });

  router.patch('/api/ua/layout/:layout_id/', signedIn, validator.jsonBody('layout-update.json'), async (ctx) => {
    ctx.body = await layouts.update(requireUser(ctx), uuidParam(ctx.params.layout_id), bodyOf(ctx, 'layout-update.json'));
  });

  router.post('/api/ua/layout/:layout_id/clone/', signedIn, validator.jsonBody('layout-clone.json'), async (ctx) => {
    const { name } = bodyOf(ctx, 'layout-clone.json');
    ctx.body = await layouts.clone(requireUser(ctx), uuidParam(ctx.params.layout_id), name);
    ctx.status = 201;
  });

  router.get('/api/ua/scheme/', signedIn, validator.query('scheme-query.json'), async (ctx) => {
    const { fmt, template_cat: categories = [] } = queryOf(ctx, 'scheme-query.json');
    ctx.body = await layouts.schemes(fmt, categories);
  });

  return { router, docs: LAYOUT_DOCS };
}

const tags = ['layouts'];
const notLoggedIn = { description: 'Not logged in', schema: 'error-detail.json' };
const invalid = { description: 'Invalid fields', schema: 'validation-error.json' };
const invalidOrTooMany = {
  description: 'Invalid fields, or the caller already owns LAYOUTS_PER_USER layouts outside the bin (non_field_errors)', schema: 'validation-error.json',
};
const missing = { description: 'No such layout, or someone else\'s', schema: 'error-detail.json' };
const ownOrModerator = 'Owners read their layouts, moderators and administrators every layout; someone else\'s layout is 404.';

const LAYOUT_DOCS: RouteDoc[] = [
  {
    method: 'get', path: '/api/ua/layout/product/:product_id/', tags, summary: 'A product\'s layout (the gallery\'s theme preview)',
    description: 'Anyone (anonymous or logged in) reads the layout of a product of an approved theme; moderators and administrators read any product\'s.',
    responses: {
      200: { description: 'The layout', schema: 'layout.json' },
      401: { description: 'A token that is invalid, expired or revoked', schema: 'error-detail.json' },
      404: { description: 'No such product, it has no layout, or its theme is not approved (for shoppers)', schema: 'error-detail.json' },
    },
  },
  {
    method: 'post', path: '/api/ua/layout/', tags, auth: true, summary: 'Copy a product\'s layout into the caller\'s own layouts',
    description: 'The copy is the caller\'s to edit; the catalog\'s layout never changes. Products of unapproved themes can be copied by moderators and administrators only.',
    body: { schema: 'layout-create.json' },
    responses: { 201: { description: 'The new layout', schema: 'layout.json' }, 400: invalidOrTooMany, 401: notLoggedIn },
  },
  {
    method: 'post', path: '/api/ua/product/:product_id/generate-layout/', tags, auth: true, summary: 'Make a book: the caller\'s own copy of the product\'s layout',
    description: 'What POST /api/ua/layout/ does, for the product in the path. The body may be absent; its print options are accepted and ignored.',
    body: { schema: 'layout-generate.json' },
    responses: {
      201: { description: 'The new layout', schema: 'layout.json' }, 400: invalidOrTooMany, 401: notLoggedIn,
      404: { description: 'No such product with a layout the caller may copy', schema: 'error-detail.json' },
    },
  },
  {
    method: 'get', path: '/api/ua/layout/', tags, auth: true, summary: 'The caller\'s layouts ("my products"), newest first, under layouts',
    query: ['layout-list-query.json', 'gallery-paging.json'],
    responses: {
      200: { description: 'A page of layouts', schema: 'layout-list.json' }, 400: invalid, 401: notLoggedIn,
      404: { description: 'Invalid page.', schema: 'error-detail.json' },
    },
  },
  {
    method: 'get', path: '/api/ua/layout/:layout_id/', tags, auth: true, summary: 'One layout, by its id or its hash', description: ownOrModerator,
    responses: { 200: { description: 'The layout', schema: 'layout.json' }, 401: notLoggedIn, 404: missing },
  },
  {
    method: 'patch', path: '/api/ua/layout/:layout_id/', tags, auth: true, summary: 'Rename, or move to or from the bin',
    description: `${ownOrModerator} Only the owner (or an administrator) changes a layout: a moderator gets 403.`,
    body: { schema: 'layout-update.json' },
    responses: {
      200: { description: 'The layout after the change', schema: 'layout.json' }, 400: invalidOrTooMany, 401: notLoggedIn,
      403: { description: 'A moderator changing someone else\'s layout', schema: 'error-detail.json' }, 404: missing,
      409: { description: 'A move to the bin of a layout that is in an order (IN_WORK)', schema: 'error-detail.json' },
    },
  },
  {
    method: 'post', path: '/api/ua/layout/:layout_id/clone/', tags, auth: true, summary: 'A copy of a layout the caller may read, owned by the caller',
    body: { schema: 'layout-clone.json' },
    responses: { 201: { description: 'The new layout', schema: 'layout.json' }, 400: invalidOrTooMany, 401: notLoggedIn, 404: missing },
  },
  {
    method: 'get', path: '/api/ua/scheme/', tags, auth: true, summary: 'The page schemes that fit a format',
    description: 'A scheme fits a format when it has the format\'s proportions. Slots are listed in the order in which a page\'s photos and texts fill them.',
    query: ['scheme-query.json'],
    responses: { 200: { description: 'The schemes, by id', schema: 'scheme-list.json' }, 400: invalid, 401: notLoggedIn },
  },
];
