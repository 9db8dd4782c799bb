// Administering products (administrators; moderators may read).
import Router from '@koa/router';
import { requireRole } from '../http/auth';
import { idParam } from '../http/params';
import { bodyOf, queryOf } from '../http/request-state';
import type { RouteDoc, RouteModule } from '../http/route-module';
import type { Validator } from '../http/validation';
import type { MediaStorage } from '../media/storage';
import type { ProductsAdminService } from './admin-service';
import type { Product } from './repository';

export function presentAdminProduct(product: Product, media: MediaStorage) {
  return {
    id: product.id, name: product.name, description: product.description, theme_id: product.themeId,
    format_id: product.formatId, product_type_id: product.productTypeId, special_project: product.specialProject,
    popularity: product.popularity, preview_cover: product.previewCover ? media.publicUrl(product.previewCover) : null,
    layout_id: product.layoutId, created_at: product.createdAt.toISOString(),
  };
}

export function productRoutes(deps: { products: ProductsAdminService; validator: Validator; media: MediaStorage }): RouteModule {
  const { products, validator, media } = deps;
  const router = new Router();
  const admin = requireRole('admin');
  const reader = requireRole('moderator', 'admin');

  router.post('/api/product/', admin, validator.jsonBody('product-create.json'), async (ctx) => {
    const product = await products.create(bodyOf(ctx, 'product-create.json'));
    ctx.status = 201;
    ctx.body = presentAdminProduct(product, media);
  });

  router.get('/api/product/', reader, validator.query('product-list-query.json'), async (ctx) => {
    const page = await products.list(queryOf(ctx, 'product-list-query.json').theme_id, ctx.query.page, ctx.query.page_size);
    ctx.body = { ...page, results: page.results.map((product) => presentAdminProduct(product, media)) };
  });

  router.get('/api/product/:product_id/', reader, async (ctx) => {
    ctx.body = presentAdminProduct(await products.find(idParam(ctx.params.product_id)), media);
  });

  router.patch('/api/product/:product_id/', admin, validator.jsonBody('product-update.json'), async (ctx) => {
    const body = bodyOf(ctx, 'product-update.json');
    const product = await products.update(idParam(ctx.params.product_id), {
      productTypeId: body.product_type_id, name: body.name, description: body.description,
      specialProject: body.special_project, popularity: body.popularity,
    });
    ctx.body = presentAdminProduct(product, media);
  });

  router.delete('/api/product/:product_id/', admin, async (ctx) => {
    await products.delete(idParam(ctx.params.product_id));
    ctx.status = 204;
  });

  return { router, docs: PRODUCT_DOCS };
}

const tags = ['catalog administration'];
const denied = {
  401: { description: 'Not logged in', schema: 'error-detail.json' },
  403: { description: 'Not an administrator (or, for reading, a moderator)', schema: 'error-detail.json' },
};
const invalid = { description: 'Invalid fields, or ids that do not exist', schema: 'validation-error.json' };
const missing = { description: 'No such product', schema: 'error-detail.json' };

const PRODUCT_DOCS: RouteDoc[] = [
  {
    method: 'post', path: '/api/product/', tags, auth: true, summary: 'Create a product with its layout (administrators)',
    description: 'The layout: a cover with the theme\'s front cover background and the title, and ten pages on the theme\'s page background following schemes that fit the format. The preview (job render-previews) appears within seconds.',
    body: { schema: 'product-create.json' },
    responses: { 201: { description: 'The product', schema: 'product-admin.json' }, 400: invalid, ...denied },
  },
  {
    method: 'get', path: '/api/product/', tags, auth: true, summary: 'Every product, newest first (moderators and administrators)',
    query: ['product-list-query.json', 'gallery-paging.json'],
    responses: {
      200: { description: 'A page of products', schema: 'product-admin-list.json' }, 400: invalid, ...denied,
      404: { description: 'Invalid page.', schema: 'error-detail.json' },
    },
  },
  {
    method: 'get', path: '/api/product/:product_id/', tags, auth: true, summary: 'One product (moderators and administrators)',
    responses: { 200: { description: 'The product', schema: 'product-admin.json' }, ...denied, 404: missing },
  },
  {
    method: 'patch', path: '/api/product/:product_id/', tags, auth: true, summary: 'Change a product (administrators)',
    body: { schema: 'product-update.json' },
    responses: { 200: { description: 'The product', schema: 'product-admin.json' }, 400: invalid, ...denied, 404: missing },
  },
  {
    method: 'delete', path: '/api/product/:product_id/', tags, auth: true, summary: 'Delete a product (administrators)',
    description: 'Its own layout and preview go with it unless another product shares them; shoppers\' copies of its layout stay.',
    responses: { 204: { description: 'Deleted', schema: null }, ...denied, 404: missing },
  },
];
