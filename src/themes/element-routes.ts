// A theme's elements: /api/theme/:theme_id/element/ (list), up-element/ (upload) and element/:element_id/ (delete).
import { rm } from 'node:fs/promises';
import path from 'node:path';
import Router from '@koa/router';
import { requireRole } from '../http/auth';
import { validationError } from '../http/errors';
import { idParam } from '../http/params';
import { bodyOf, queryOf } from '../http/request-state';
import type { RouteDoc, RouteModule } from '../http/route-module';
import type { Validator } from '../http/validation';
import type { MediaStorage } from '../media/storage';
import type { ThemeElementUpload } from '../types/schemas';
import { requireThemeAccess } from './http-theme-access';
import { singleFileUpload, uploadedFile, type UploadLimits } from '../http/upload';
import { presentElement } from './presenters';
import type { ElementFields, ThemesService } from './service';

function elementFieldsOf(fields: ThemeElementUpload): ElementFields {
  return {
    elementType: fields.type === 'cover' ? fields.cover_type! : 'PAGE_BACKGROUND',
    imageType: fields.image_type || null,
    position: fields.position,
    format: fields.format,
    isPattern: fields.is_pattern,
    scale: fields.scale,
  };
}

export function themeElementRoutes(deps: { themes: ThemesService; validator: Validator; media: MediaStorage; upload: UploadLimits }): RouteModule {
  const { themes, validator, media } = deps;
  const router = new Router();

  router.get('/api/theme/:theme_id/element/', requireThemeAccess(themes, 'read'), validator.query('theme-element-query.json'), async (ctx) => {
    const { element_type: type } = queryOf(ctx, 'theme-element-query.json');
    ctx.body = (await themes.listElements(idParam(ctx.params.theme_id), type)).map((element) => presentElement(element, media));
  });

  router.post('/api/theme/:theme_id/up-element/', requireRole('admin'), requireThemeAccess(themes, 'admin'),
    singleFileUpload('file', deps.upload), async (ctx, next) => {
      // Whatever happens from here on, the temporary upload does not outlive the request.
      const file = uploadedFile(ctx);
      try {
        await next();
      } finally {
        if (file) await rm(file, { force: true });
      }
    },
    validator.form('theme-element-upload.json'),
    async (ctx) => {
      const file = uploadedFile(ctx);
      if (!file) throw validationError({ file: ['No file was submitted.'] });
      const fields = elementFieldsOf(bodyOf(ctx, 'theme-element-upload.json'));
      const element = await themes.addElement(idParam(ctx.params.theme_id), fields, path.resolve(file));
      ctx.status = 201;
      ctx.body = presentElement(element, media);
    });

  router.delete('/api/theme/:theme_id/element/:element_id/', requireRole('admin'), async (ctx) => {
    await themes.deleteElement(idParam(ctx.params.theme_id), idParam(ctx.params.element_id));
    ctx.status = 204;
  });

  return { router, docs: ELEMENT_DOCS };
}

const tags = ['themes'];
const denied = {
  401: { description: 'Not logged in', schema: 'error-detail.json' },
  403: { description: 'Not an administrator', schema: 'error-detail.json' },
  404: { description: 'No such theme (or element of this theme)', schema: 'error-detail.json' },
};

const ELEMENT_DOCS: RouteDoc[] = [
  {
    method: 'get', path: '/api/theme/:theme_id/element/', tags, summary: 'A theme\'s elements, oldest first',
    description: 'Open for approved themes; other themes are for administrators only.',
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
