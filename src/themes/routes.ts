// Theme reading and its elements' upload, listing and deletion.
import { rm } from 'node:fs/promises';
import path from 'node:path';
import Router from '@koa/router';
import type { Context, Next } from 'koa';
import type { AuthenticatedUser } from '../auth/token-user';
import type { ThemeElementType } from '../db/tables/index';
import { requireRole } from '../http/auth';
import { idParam } from '../http/params';
import { forbidden, notAuthenticated, notFound, validationError } from '../http/errors';
import type { RouteDoc, RouteModule } from '../http/route-module';
import type { Validator } from '../http/validation';
import type { MediaStorage } from '../media/storage';
import { presentElement, presentTheme } from './presenters';
import type { Theme } from './repository';
import { type ElementFields, InvalidImageError, type ThemesService } from './service';
import { singleFileUpload, type UploadLimits } from './upload';

interface UploadFields {
  type: 'cover' | 'bg';
  cover_type?: ThemeElementType;
  position: string;
  format: string;
  is_pattern: boolean;
  scale: number;
  image_type?: string;
}

function elementFieldsOf(fields: UploadFields): ElementFields {
  return {
    elementType: fields.type === 'cover' ? fields.cover_type! : 'PAGE_BACKGROUND',
    imageType: fields.image_type || null,
    position: fields.position,
    format: fields.format,
    isPattern: fields.is_pattern,
    scale: fields.scale,
  };
}

export function themeRoutes(deps: { themes: ThemesService; validator: Validator; media: MediaStorage; upload: UploadLimits }): RouteModule {
  const { themes, validator, media } = deps;
  const router = new Router();

  /** Loads the theme into ctx.state.theme: approved themes are open to all, the others to administrators only. */
  const loadTheme = (access: 'read' | 'admin') => async (ctx: Context, next: Next) => {
    const theme = await themes.findTheme(idParam(ctx.params.theme_id));
    if (!theme) throw notFound();
    const user = ctx.state.user as AuthenticatedUser | undefined;
    if (access === 'read' && !theme.approved && user?.role !== 'admin') throw user ? forbidden() : notAuthenticated();
    ctx.state.theme = theme;
    await next();
  };

  router.get('/api/theme/:theme_id/', loadTheme('read'), async (ctx) => {
    const theme = ctx.state.theme as Theme;
    ctx.body = presentTheme(theme, await themes.listElements(theme.id), media);
  });

  router.get('/api/theme/:theme_id/element/', loadTheme('read'), validator.query('theme-element-query.json'), async (ctx) => {
    const theme = ctx.state.theme as Theme;
    const { element_type: type } = ctx.state.query as { element_type?: ThemeElementType };
    ctx.body = (await themes.listElements(theme.id, type)).map((element) => presentElement(element, media));
  });

  router.post('/api/theme/:theme_id/up-element/', requireRole('admin'), loadTheme('admin'),
    singleFileUpload('file', deps.upload), async (ctx, next) => {
      // Whatever happens from here on, the temporary upload does not outlive the request.
      const file = ctx.file as { path: string } | undefined;
      try {
        await next();
      } finally {
        if (file) await rm(file.path, { force: true });
      }
    },
    validator.form('theme-element-upload.json'),
    async (ctx) => {
      const file = ctx.file as { path: string } | undefined;
      if (!file) throw validationError({ file: ['No file was submitted.'] });
      const theme = ctx.state.theme as Theme;
      try {
        const element = await themes.addElement(theme.id, elementFieldsOf(ctx.state.body as UploadFields), path.resolve(file.path));
        ctx.status = 201;
        ctx.body = presentElement(element, media);
      } catch (error) {
        if (error instanceof InvalidImageError) throw validationError({ file: [error.message] });
        throw error;
      }
    });

  router.delete('/api/theme/:theme_id/element/:element_id/', requireRole('admin'), async (ctx) => {
    const deleted = await themes.deleteElement(idParam(ctx.params.theme_id), idParam(ctx.params.element_id));
    if (!deleted) throw notFound();
    ctx.status = 204;
  });

  return { router, docs: THEME_DOCS };
}

const tags = ['themes'];
const denied = {
  401: { description: 'Not logged in', schema: 'error-detail.json' },
  403: { description: 'Not an administrator', schema: 'error-detail.json' },
  404: { description: 'No such theme (or element of this theme)', schema: 'error-detail.json' },
};
const readable = 'Open for approved themes; other themes are for administrators only.';

const THEME_DOCS: RouteDoc[] = [
  {
    method: 'get', path: '/api/theme/:theme_id/', tags, summary: 'A theme with its elements', description: readable,
    responses: { 200: { description: 'The theme', schema: 'theme.json' }, ...denied },
  },
  {
    method: 'get', path: '/api/theme/:theme_id/element/', tags, summary: 'A theme\'s elements, oldest first', description: readable,
    query: ['theme-element-query.json'],
    responses: { 200: { description: 'The elements', schema: 'theme-element-list.json' }, 400: { description: 'Unknown element_type', schema: 'validation-error.json' }, ...denied },
  },
  {
    method: 'post', path: '/api/theme/:theme_id/up-element/', tags, auth: true, summary: 'Upload a cover or background image (administrators)',
    description: 'multipart/form-data with the fields of theme-element-upload.json. The image is checked by decoding it; JPEG derivatives _sm.jpg (300 px) and _md.jpg (1200 px) are stored beside it.',
    body: { schema: 'theme-element-upload.json', contentType: 'multipart/form-data' },
    responses: {
      201: { description: 'The created element', schema: 'theme-element.json' },
      400: { description: 'Invalid fields, or a file that is not an accepted image', schema: 'validation-error.json' },
      413: { description: 'File over the size limit', schema: 'error-detail.json' },
      415: { description: 'Not multipart/form-data', schema: 'error-detail.json' },
      ...denied,
    },
  },
  {
    method: 'delete', path: '/api/theme/:theme_id/element/:element_id/', tags, auth: true, summary: 'Delete an element and its files (administrators)',
    responses: { 204: { description: 'Deleted', schema: null }, ...denied },
  },
];
