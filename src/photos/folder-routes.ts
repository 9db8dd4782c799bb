// Folders of the caller's photos, as the front end calls them: /photos/api/folder/ (list, create, rename, delete,
// move_many, remove_photo), /photos/api/photo/copy_many/ and a folder's photos /photos/api/photo/folder/<id>/.
import Router from '@koa/router';
import type { Context } from 'koa';
import { requireAccount } from '../http/auth';
import { idParam } from '../http/params';
import { bodyOf, requireUser } from '../http/request-state';
import type { RouteDoc, RouteModule } from '../http/route-module';
import type { Validator } from '../http/validation';
import type { FoldersService } from './folders-service';
import type { PhotoLinks } from './photo-links';
import { presentPage } from './presenters';
import { pagingOf } from './routes';

export function folderRoutes(deps: { folders: FoldersService; validator: Validator; links: PhotoLinks; publicBaseUrl: string }): RouteModule {
  const { folders, validator, links } = deps;
  const router = new Router();
  const signedIn = requireAccount();
  const owner = (ctx: Context) => requireUser(ctx).id;
  const folderId = (ctx: Context) => idParam(ctx.params.folder_id);

  router.get('/photos/api/folder/', signedIn, async (ctx) => {
    ctx.body = await folders.list(owner(ctx));
  });

  router.post('/photos/api/folder/', signedIn, validator.jsonBody('folder-name.json'), async (ctx) => {
    ctx.status = 201;
    ctx.body = await folders.create(owner(ctx), bodyOf(ctx, 'folder-name.json').name);
  });

  router.put('/photos/api/folder/:folder_id/', signedIn, validator.jsonBody('folder-name.json'), async (ctx) => {
    ctx.body = await folders.rename(owner(ctx), folderId(ctx), bodyOf(ctx, 'folder-name.json').name);
  });

  router.delete('/photos/api/folder/:folder_id/', signedIn, async (ctx) => {
    await folders.delete(owner(ctx), folderId(ctx));
    ctx.status = 204;
  });

  router.patch('/photos/api/photo/copy_many/', signedIn, validator.jsonBody('photo-copy-many.json'), async (ctx) => {
    const { photo_id_list: ids, folder_id: target } = bodyOf(ctx, 'photo-copy-many.json');
    ctx.body = { move_count: await folders.copy(owner(ctx), ids, target) };
  });

  router.patch('/photos/api/folder/:folder_id/move_many/', signedIn, validator.jsonBody('folder-move-many.json'), async (ctx) => {
    const { photo_id_list: ids, new_folder_id: target } = bodyOf(ctx, 'folder-move-many.json');
    ctx.body = { to_count: await folders.move(owner(ctx), folderId(ctx), ids, target) };
  });

  router.patch('/photos/api/folder/:folder_id/remove_photo/', signedIn, validator.jsonBody('photo-id-list.json'), async (ctx) => {
    ctx.body = { remove_count: await folders.remove(owner(ctx), folderId(ctx), bodyOf(ctx, 'photo-id-list.json').photo_id_list) };
  });

  router.get('/photos/api/photo/folder/:folder_id/', signedIn, validator.query('photo-list-query.json'), async (ctx) => {
    const { pageSize, before } = pagingOf(ctx);
    const id = folderId(ctx);
    ctx.body = presentPage(await folders.photos(owner(ctx), id, pageSize, before), links, `${deps.publicBaseUrl}/photos/api/photo/folder/${id}/`, pageSize);
  });

  return { router, docs: FOLDER_DOCS };
}

const tags = ['photos'];
const notLoggedIn = { description: 'Not logged in (a visitor account is enough)', schema: 'error-detail.json' };
const noSuchFolder = { description: 'No such folder of the caller\'s (another user\'s folders are not found either)', schema: 'error-detail.json' };
const invalid = (what: string) => ({ description: what, schema: 'validation-error.json' });

const FOLDER_DOCS: RouteDoc[] = [
  {
    method: 'get', path: '/photos/api/folder/', tags, auth: true, summary: 'The caller\'s folders, oldest first',
    responses: { 200: { description: 'The folders', schema: 'folder-list.json' }, 401: notLoggedIn },
  },
  {
    method: 'post', path: '/photos/api/folder/', tags, auth: true, summary: 'Make a folder',
    body: { schema: 'folder-name.json' },
    responses: {
      201: { description: 'The folder', schema: 'folder.json' }, 400: invalid('A name of 1 to 20 characters is required'), 401: notLoggedIn,
      429: { description: 'The caller has as many folders as allowed', schema: 'error-detail.json' },
    },
  },
  {
    method: 'put', path: '/photos/api/folder/:folder_id/', tags, auth: true, summary: 'Rename a folder',
    body: { schema: 'folder-name.json' },
    responses: { 200: { description: 'The folder', schema: 'folder.json' }, 400: invalid('A name of 1 to 20 characters is required'), 401: notLoggedIn, 404: noSuchFolder },
  },
  {
    method: 'delete', path: '/photos/api/folder/:folder_id/', tags, auth: true, summary: 'Delete a folder (its photos stay in the library)',
    responses: { 204: { description: 'Deleted', schema: null }, 401: notLoggedIn, 404: noSuchFolder },
  },
  {
    method: 'patch', path: '/photos/api/photo/copy_many/', tags, auth: true, summary: 'Put photos into a folder',
    description: 'The photos stay in the library and in their other folders; ids of photos the caller does not have are ignored.',
    body: { schema: 'photo-copy-many.json' },
    responses: { 200: { description: 'How many were added', schema: 'photo-move-count.json' }, 400: invalid('Missing or wrong fields'), 401: notLoggedIn, 404: noSuchFolder },
  },
  {
    method: 'patch', path: '/photos/api/folder/:folder_id/move_many/', tags, auth: true, summary: 'Move photos from this folder into another',
    body: { schema: 'folder-move-many.json' },
    responses: { 200: { description: 'How many were moved', schema: 'folder-to-count.json' }, 400: invalid('Missing or wrong fields'), 401: notLoggedIn, 404: noSuchFolder },
  },
  {
    method: 'patch', path: '/photos/api/folder/:folder_id/remove_photo/', tags, auth: true, summary: 'Take photos out of a folder (never deletes them)',
    body: { schema: 'photo-id-list.json' },
    responses: { 200: { description: 'How many the folder held', schema: 'folder-remove-count.json' }, 400: invalid('Missing or wrong fields'), 401: notLoggedIn, 404: noSuchFolder },
  },
  {
    method: 'get', path: '/photos/api/photo/folder/:folder_id/', tags, auth: true, summary: 'A folder\'s photos, newest upload first',
    query: ['photo-list-query.json'],
    responses: { 200: { description: 'A page of the folder\'s photos', schema: 'photo-list.json' }, 400: invalid('page_size or before is not a positive integer'), 401: notLoggedIn, 404: noSuchFolder },
  },
];
