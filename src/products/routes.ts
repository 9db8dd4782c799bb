// Administering products (administrators; moderators may read).
import Router from '@koa/router';
import { requireRole } from '../http/auth';
import { HttpError, notFound, validationError } from '../http/errors';
import { idParam } from '../http/params';
import type { RouteDoc, RouteModule } from '../http/route-module';
import type { Validator } from '../http/validation';
import type { MediaStorage } from '../media/storage';
import type { ProductInput, ProductsAdminService } from './admin-service';
import type { Product } from './repository';

interface ProductUpdate {
  product_type_id?: number;
  name?: string;
  description?: string;
  special_project?: string | null;
  popularity?: number;
}

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
    const result = await products.create(ctx.state.body as ProductInput);
    if ('errors' in result) throw validationError(result.errors);
    ctx.status = 201;
    ctx.body = presentAdminProduct(result.product, media);
  });

  router.get('/api/product/', reader, validator.query('product-list-query.json'), async (ctx) => {
    const { theme_id: themeId } = ctx.state.query as { theme_id?: number };
    const page = await products.list(themeId, ctx.query.page, ctx.query.page_size);
    if (!page) throw new HttpError(404, { detail: 'Invalid page.' });
    ctx.body = { ...page, results: page.results.map((product) => presentAdminProduct(product, media)) };
  });

  router.get('/api/product/:product_id/', reader, async (ctx) => {
    const product = await products.find(idParam(ctx.params.product_id));
    if (!product) throw notFound();
    ctx.body = presentAdminProduct(product, media);
  });

  router.patch('/api/product/:product_id/', admin, validator.jsonBody('product-update.json'), async (ctx) => {
    const body = ctx.state.body as ProductUpdate;
    const result = await products.update(idParam(ctx.params.product_id), {
      productTypeId: body.product_type_id, name: body.name, description: body.description,
      specialProject: body.special_project, popularity: body.popularity,
    });
    if (!result) throw notFound();
    if ('errors' in result) throw validationError(result.errors);
    ctx.body = presentAdminProduct(result, media);
  });

  router.delete('/api/product/:product_id/', admin, async (ctx) => {
    if (!(await products.delete(idParam(ctx.params.product_id)))) throw notFound();
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
