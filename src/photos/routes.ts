// Shoppers' photos over REST, as the front end calls them: the upload /api/or/photo/, the library /photos/api/photo/
// (list, one photo, destroy_many) and a turn PUT /api/photo/. Every route acts on the caller's own photos only.
import { rm } from 'node:fs/promises';
import path from 'node:path';
import Router from '@koa/router';
import type { Context } from 'koa';
import { requireAccount } from '../http/auth';
import { validationError } from '../http/errors';
import { idParam } from '../http/params';
import { bodyOf, queryOf, requireUser } from '../http/request-state';
import { notFound } from '../shared/errors';
import type { RouteDoc, RouteModule } from '../http/route-module';
import type { Validator } from '../http/validation';
import { singleFileUpload, uploadedFile, type UploadLimits } from '../http/upload';
import type { PhotoLinks } from './photo-links';
import { presentPage, presentPhoto } from './presenters';
import type { PhotosService } from './service';

/** Photos per page at most, whatever page_size asks. */
export const MAX_PHOTO_PAGE_SIZE = 100;

/** The page asked for by photo-list-query.json (the library's and a folder's). */
export function pagingOf(ctx: Context): { pageSize: number; before: number | null } {
  const query = queryOf(ctx, 'photo-list-query.json');
  return { pageSize: Math.min(query.page_size ?? 50, MAX_PHOTO_PAGE_SIZE), before: query.before ?? null };
}

export function photoRoutes(deps: { photos: PhotosService; validator: Validator; links: PhotoLinks; upload: UploadLimits; publicBaseUrl: string }): RouteModule {
  const { photos, validator, links } = deps;
  const router = new Router();
  const signedIn = requireAccount();

  router.post('/api/or/photo/', signedIn, singleFileUpload('files', deps.upload), async (ctx) => {
    const file = uploadedFile(ctx);
    // Whatever happens, the temporary upload does not outlive the request.
    try {
      if (!file) throw validationError({ files: ['No file was submitted.'] });
      ctx.body = { photo_id: await photos.upload(requireUser(ctx), path.resolve(file)) };
    } finally {
      if (file) await rm(file, { force: true });
    }
  });

  router.get('/photos/api/photo/', signedIn, validator.query('photo-list-query.json'), async (ctx) => {
    const { pageSize, before } = pagingOf(ctx);
    ctx.body = presentPage(await photos.library(requireUser(ctx).id, pageSize, before), links, `${deps.publicBaseUrl}/photos/api/photo/`, pageSize);
  });

  router.patch('/photos/api/photo/destroy_many/', signedIn, validator.jsonBody('photo-id-list.json'), async (ctx) => {
    const { photo_id_list: ids } = bodyOf(ctx, 'photo-id-list.json');
    ctx.body = { update_count: await photos.hide(requireUser(ctx).id, ids) };
  });

  router.put('/api/photo/', signedIn, validator.jsonBody('photo-rotate.json'), async (ctx) => {
    const { photo_id: photoId, angle } = bodyOf(ctx, 'photo-rotate.json');
    ctx.body = presentPhoto(await photos.rotate(requireUser(ctx).id, photoId, angle), links);
  });

  // Imports from social networks are out of scope (docs/api.md): the front end's calls are answered as unknown paths.
  router.all(SOCIAL_IMPORTS, () => {
    throw notFound();
  });

  router.get('/photos/api/photo/:photo_id/', signedIn, async (ctx) => {
    ctx.body = presentPhoto(await photos.photo(requireUser(ctx).id, idParam(ctx.params.photo_id)), links);
  });

  return { router, docs: PHOTO_DOCS };
}

/** The front end's imports from Google Photos, Instagram, VK and Yandex (GET lists, POST adds). */
const SOCIAL_IMPORTS = '/social/photo/:network/';

const tags = ['photos'];
const notLoggedIn = { description: 'Not logged in (a visitor account is enough)', schema: 'error-detail.json' };
const noSuchPhoto = { description: 'No such photo in the caller\'s library (another user\'s photos are not found either)', schema: 'error-detail.json' };

const PHOTO_DOCS: RouteDoc[] = [
  {
    method: 'post', path: '/api/or/photo/', tags, auth: true, summary: 'Upload a photo to the caller\'s library',
    description: 'multipart/form-data, one file in the field files: JPEG, PNG, WebP or HEIC, up to PHOTO_MAX_BYTES and PHOTO_MAX_PIXELS '
      + '(checked from the header before decoding). Answered at once; the print master is made by the job process-photo. The same bytes '
      + 'uploaded again by the same owner answer the same photo_id and are stored once.',
    body: { schema: 'photo-upload.json', contentType: 'multipart/form-data' },
    responses: {
      200: { description: 'The photo\'s id', schema: 'photo-uploaded.json' },
      400: { description: 'No file, or not an accepted photo, or over the pixel limit', schema: 'validation-error.json' },
      401: notLoggedIn,
      413: { description: 'File over PHOTO_MAX_BYTES', schema: 'error-detail.json' },
      415: { description: 'Not multipart/form-data', schema: 'error-detail.json' },
      429: { description: 'The owner\'s photo count or stored bytes limit is reached', schema: 'error-detail.json' },
    },
  },
  {
    method: 'get', path: '/photos/api/photo/', tags, auth: true, summary: 'The caller\'s library, newest upload first',
    query: ['photo-list-query.json'],
    responses: {
      200: { description: 'A page of photos', schema: 'photo-list.json' },
      400: { description: 'page_size or before is not a positive integer', schema: 'validation-error.json' },
      401: notLoggedIn,
    },
  },
  {
    method: 'get', path: '/photos/api/photo/:photo_id/', tags, auth: true, summary: 'One photo of the caller\'s library',
    responses: { 200: { description: 'The photo', schema: 'photo.json' }, 401: notLoggedIn, 404: noSuchPhoto },
  },
  {
    method: 'put', path: '/api/photo/', tags, auth: true, summary: 'Turn a photo of the caller\'s library',
    description: 'angle in degrees clockwise (negative: anticlockwise), a multiple of 90; folderId is accepted and not needed. '
      + 'The print master is made again from the original (its EXIF orientation plus the photo\'s total turn), the size '
      + 'swapped for a quarter turn, the cached sizes dropped. The owner\'s /photos/ws connections get photo_rotated.',
    body: { schema: 'photo-rotate.json' },
    responses: {
      200: { description: 'The photo, turned', schema: 'photo.json' },
      400: { description: 'photo_id or angle missing, or angle not a multiple of 90', schema: 'validation-error.json' },
      401: notLoggedIn,
      404: noSuchPhoto,
      409: { description: 'The photo is not processed yet, or another turn changed it meanwhile', schema: 'error-detail.json' },
    },
  },
  ...['get', 'post'].map((method): RouteDoc => ({
    method: method as 'get' | 'post', path: SOCIAL_IMPORTS, tags, summary: 'Imports from social networks: out of scope',
    description: 'The front end\'s /social/photo/google/, instagram/, vk/ and ya/ are not served: always 404.',
    responses: { 404: { description: 'Not served', schema: 'error-detail.json' } },
  })),
  {
    method: 'patch', path: '/photos/api/photo/destroy_many/', tags, auth: true, summary: 'Delete photos from the caller\'s library',
    description: 'Hides them from the library and its folders; their files are kept, since a book may show them.',
    body: { schema: 'photo-id-list.json' },
    responses: {
      200: { description: 'How many were deleted', schema: 'photo-update-count.json' },
      400: { description: 'photo_id_list missing or not a list of ids', schema: 'validation-error.json' },
      401: notLoggedIn,
    },
  },
];
