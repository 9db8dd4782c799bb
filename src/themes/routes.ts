// The theme resource: /api/theme/ (list, create) and /api/theme/:theme_id/ (read, change, delete). Reading is open
// for approved themes; the rest is the administration of themes. The elements have their own file (element-routes.ts).
import Router from '@koa/router';
import { requireRole } from '../http/auth';
import { idParam } from '../http/params';
import { bodyOf, queryOf, requireUser } from '../http/request-state';
import type { RouteDoc, RouteModule } from '../http/route-module';
import type { Validator } from '../http/validation';
import type { MediaStorage } from '../media/storage';
import type { ThemesAdminService, ThemeWithCategories } from './admin-service';
import { themeOfPath } from './http-theme-access';
import { presentTheme } from './presenters';
import type { ThemesService } from './service';

export function presentAdminTheme(theme: ThemeWithCategories) {
  return {
    id: theme.id, name: theme.name, description: theme.description, approved: theme.approved,
    author: theme.authorId, color: theme.colorId, style: theme.styleId, categories: theme.categories,
    created_at: theme.createdAt.toISOString(),
  };
}

export function themeRoutes(deps: { themes: ThemesService; themesAdmin: ThemesAdminService; validator: Validator; media: MediaStorage }): RouteModule {
  const { themes, themesAdmin, validator, media } = deps;
  const router = new Router();
  const admin = requireRole('admin');

  router.get('/api/theme/', requireRole('moderator', 'admin'), validator.query('theme-list-query.json'), async (ctx) => {
    const { approved } = queryOf(ctx, 'theme-list-query.json');
    const page = await themesAdmin.list(approved, ctx.query.page, ctx.query.page_size);
    ctx.body = { ...page, results: page.results.map(presentAdminTheme) };
  });

  router.post('/api/theme/', admin, validator.jsonBody('theme-create.json'), async (ctx) => {
    const theme = await themesAdmin.create(requireUser(ctx).id, bodyOf(ctx, 'theme-create.json'));
    ctx.status = 201;
    ctx.body = presentAdminTheme(theme);
  });

  router.get('/api/theme/:theme_id/', async (ctx) => {
    const theme = await themeOfPath(ctx, themes, 'read');
    ctx.body = presentTheme(theme, await themes.listElements(theme.id), media);
  });

  router.patch('/api/theme/:theme_id/', admin, validator.jsonBody('theme-update.json'), async (ctx) => {
    ctx.body = presentAdminTheme(await themesAdmin.update(idParam(ctx.params.theme_id), bodyOf(ctx, 'theme-update.json')));
  });

  router.delete('/api/theme/:theme_id/', admin, async (ctx) => {
    await themesAdmin.delete(idParam(ctx.params.theme_id));
    ctx.status = 204;
  });

  return { router, docs: THEME_DOCS };
}

const tags = ['themes'];
// Grouped with the other administration routes (products, jobs) in the API's documentation.
const adminTags = ['catalog administration'];
const denied = {
  401: { description: 'Not logged in', schema: 'error-detail.json' },
  403: { description: 'Not an administrator', schema: 'error-detail.json' },
};
const invalid = { description: 'Invalid fields, or ids that do not exist', schema: 'validation-error.json' };

const THEME_DOCS: RouteDoc[] = [
  {
    method: 'post', path: '/api/theme/', tags: adminTags, auth: true, summary: 'Create a theme (administrators)',
    description: 'Sends the notification e-mail (job send-theme-email). Created approved, it also gets its products (job generate-products).',
    body: { schema: 'theme-create.json' },
    responses: { 201: { description: 'The theme', schema: 'theme-admin.json' }, 400: invalid, ...denied },
  },
  {
    method: 'get', path: '/api/theme/', tags: adminTags, auth: true, summary: 'Every theme, newest first (moderators and administrators)',
    query: ['theme-list-query.json', 'gallery-paging.json'],
    responses: {
      200: { description: 'A page of themes', schema: 'theme-admin-list.json' }, 400: invalid, ...denied,
      404: { description: 'Invalid page.', schema: 'error-detail.json' },
    },
  },
  {
    method: 'get', path: '/api/theme/:theme_id/', tags, summary: 'A theme with its elements',
    description: 'Open for approved themes; other themes are for administrators only.',
    responses: {
      200: { description: 'The theme', schema: 'theme.json' }, ...denied,
      404: { description: 'No such theme (or element of this theme)', schema: 'error-detail.json' },
    },
  },
  {
    method: 'patch', path: '/api/theme/:theme_id/', tags: adminTags, auth: true, summary: 'Change a theme (administrators)',
    description: 'Saved approved while it has no products: one product per format is generated, with layouts and previews, once.',
    body: { schema: 'theme-update.json' },
    responses: {
      200: { description: 'The theme', schema: 'theme-admin.json' }, 400: invalid, ...denied,
      404: { description: 'No such theme', schema: 'error-detail.json' },
    },
  },
  {
    method: 'delete', path: '/api/theme/:theme_id/', tags: adminTags, auth: true, summary: 'Delete a theme without products (administrators)',
    responses: {
      204: { description: 'Deleted, with its elements and their files', schema: null }, ...denied,
      404: { description: 'No such theme', schema: 'error-detail.json' },
      409: { description: 'The theme has products', schema: 'error-detail.json' },
    },
  },
];
