// Administering themes: create, change, list and delete (administrators; moderators may read).
import Router from '@koa/router';
import type { Context } from 'koa';
import type { AuthenticatedUser } from '../auth/token-user';
import { requireRole } from '../http/auth';
import { HttpError, notFound, validationError } from '../http/errors';
import { idParam } from '../http/params';
import type { RouteDoc, RouteModule } from '../http/route-module';
import type { Validator } from '../http/validation';
import type { CatalogService, SaveResult, ThemeInput } from './catalog-service';
import type { Theme } from './repository';


export function presentAdminTheme(theme: Theme & { categories: number[] }) {
  return {
    id: theme.id, name: theme.name, description: theme.description, approved: theme.approved,
    author: theme.authorId, color: theme.colorId, style: theme.styleId, categories: theme.categories,
    created_at: theme.createdAt.toISOString(),
  };
}

function answer(ctx: Context, result: SaveResult, status: number): void {
  if (result.kind === 'not-found') throw notFound();
  if (result.kind === 'invalid') throw validationError(result.errors);
  ctx.status = status;
  ctx.body = presentAdminTheme(result.theme);
}

export function catalogRoutes(deps: { catalog: CatalogService; validator: Validator }): RouteModule {
  const { catalog, validator } = deps;
  const router = new Router();
  const admin = requireRole('admin');

  router.post('/api/theme/', admin, validator.jsonBody('theme-create.json'), async (ctx) => {
    const user = ctx.state.user as AuthenticatedUser;
    answer(ctx, await catalog.create(user.id, ctx.state.body as ThemeInput & { name: string }), 201);
  });

  router.get('/api/theme/', requireRole('moderator', 'admin'), validator.query('theme-list-query.json'), async (ctx) => {
    const { approved } = ctx.state.query as { approved?: boolean };
    const page = await catalog.list(approved, ctx.query.page, ctx.query.page_size);
    if (!page) throw new HttpError(404, { detail: 'Invalid page.' });
    ctx.body = { ...page, results: page.results.map(presentAdminTheme) };
  });

  router.patch('/api/theme/:theme_id/', admin, validator.jsonBody('theme-update.json'), async (ctx) => {
    answer(ctx, await catalog.update(idParam(ctx.params.theme_id), ctx.state.body as ThemeInput), 200);
  });

  router.delete('/api/theme/:theme_id/', admin, async (ctx) => {
    const outcome = await catalog.delete(idParam(ctx.params.theme_id));
    if (outcome === 'not-found') throw notFound();
    if (outcome === 'conflict') throw new HttpError(409, { detail: 'The theme has products: delete them first.' });
    ctx.status = 204;
  });

  return { router, docs: CATALOG_DOCS };
}

const tags = ['catalog administration'];
const denied = {
  401: { description: 'Not logged in', schema: 'error-detail.json' },
  403: { description: 'Not an administrator', schema: 'error-detail.json' },
};
const invalid = { description: 'Invalid fields, or ids that do not exist', schema: 'validation-error.json' };

const CATALOG_DOCS: RouteDoc[] = [
  {
    method: 'post', path: '/api/theme/', tags, auth: true, summary: 'Create a theme (administrators)',
    description: 'Sends the notification e-mail (job send-theme-email). Created approved, it also gets its products (job generate-products).',
    body: { schema: 'theme-create.json' },
    responses: { 201: { description: 'The theme', schema: 'theme-admin.json' }, 400: invalid, ...denied },
  },
  {
    method: 'get', path: '/api/theme/', tags, auth: true, summary: 'Every theme, newest first (moderators and administrators)',
    query: ['theme-list-query.json', 'gallery-paging.json'],
    responses: {
      200: { description: 'A page of themes', schema: 'theme-admin-list.json' }, 400: invalid, ...denied,
      404: { description: 'Invalid page.', schema: 'error-detail.json' },
    },
  },
  {
    method: 'patch', path: '/api/theme/:theme_id/', tags, auth: true, summary: 'Change a theme (administrators)',
    description: 'Saved approved while it has no products: one product per format is generated, with layouts and previews, once.',
    body: { schema: 'theme-update.json' },
    responses: {
      200: { description: 'The theme', schema: 'theme-admin.json' }, 400: invalid, ...denied,
      404: { description: 'No such theme', schema: 'error-detail.json' },
    },
  },
  {
    method: 'delete', path: '/api/theme/:theme_id/', tags, auth: true, summary: 'Delete a theme without products (administrators)',
    responses: {
      204: { description: 'Deleted, with its elements and their files', schema: null }, ...denied,
      404: { description: 'No such theme', schema: 'error-detail.json' },
      409: { description: 'The theme has products', schema: 'error-detail.json' },
    },
  },
];
