// Sharing a book over HTTP (issue 50): invitations, their acceptance, the book's members.
import Router from '@koa/router';
import { requireAccount } from '../../http/auth';
import { notFound } from '../../http/errors';
import { idParam, uuidParam } from '../../http/params';
import { bodyOf, requireUser } from '../../http/request-state';
import type { RouteDoc, RouteModule } from '../../http/route-module';
import type { Validator } from '../../http/validation';
import type { SharingService } from './service';

// A token as invite() makes it (base64url); anything else names no invitation.
const tokenParam = (value: string | undefined) => {
  if (!value || !/^[A-Za-z0-9_-]{20,100}$/.test(value)) throw notFound();
  return value;
};

export function sharingRoutes(deps: { sharing: SharingService; validator: Validator }): RouteModule {
  const { sharing, validator } = deps;
  const router = new Router();
  const signedIn = requireAccount();
  const layoutOf = (ctx: { params: Record<string, string | undefined> }) => uuidParam(ctx.params.layout_id);

  router.post('/api/ua/layout/:layout_id/invitations/', signedIn, validator.jsonBody('layout-invitation-create.json'), async (ctx) => {
    ctx.body = await sharing.invite(requireUser(ctx), layoutOf(ctx), bodyOf(ctx, 'layout-invitation-create.json'));
    ctx.status = 201;
  });
  router.get('/api/ua/layout/:layout_id/invitations/', signedIn, async (ctx) => {
    ctx.body = await sharing.invitations(requireUser(ctx), layoutOf(ctx));
  });
  router.delete('/api/ua/layout/:layout_id/invitations/:invitation_id/', signedIn, async (ctx) => {
    await sharing.revoke(requireUser(ctx), layoutOf(ctx), uuidParam(ctx.params.invitation_id));
    ctx.status = 204;
  });
  router.post('/api/ua/invitations/:token/accept/', signedIn, async (ctx) => {
    ctx.body = await sharing.accept(requireUser(ctx), tokenParam(ctx.params.token));
  });
  router.get('/api/ua/layout/:layout_id/comments/', signedIn, async (ctx) => {
    ctx.body = await sharing.comments.threads(requireUser(ctx), layoutOf(ctx));
  });
  router.get('/api/ua/layout/:layout_id/members/', signedIn, async (ctx) => {
    ctx.body = await sharing.members(requireUser(ctx), layoutOf(ctx));
  });
  router.patch('/api/ua/layout/:layout_id/members/:user_id/', signedIn, validator.jsonBody('layout-member-update.json'), async (ctx) => {
    const { role } = bodyOf(ctx, 'layout-member-update.json');
    ctx.body = await sharing.changeRole(requireUser(ctx), layoutOf(ctx), idParam(ctx.params.user_id), role);
  });
  router.delete('/api/ua/layout/:layout_id/members/:user_id/', signedIn, async (ctx) => {
    await sharing.remove(requireUser(ctx), layoutOf(ctx), idParam(ctx.params.user_id));
    ctx.status = 204;
  });

  return { router, docs: SHARING_DOCS };
}

const tags = ['sharing'];
const notLoggedIn = { description: 'Not logged in', schema: 'error-detail.json' };
const notOwner = { description: 'A member of the book who is not its owner', schema: 'error-detail.json' };
const missing = { description: 'No such book, or one the caller is no member of', schema: 'error-detail.json' };
const ownerOnly = 'The book\'s owner only: a member gets 403, anyone else 404.';

const SHARING_DOCS: RouteDoc[] = [
  {
    method: 'post', path: '/api/ua/layout/:layout_id/invitations/', tags, auth: true, summary: 'Invite people to make the book together',
    description: `${ownerOnly} The token (256 random bits) is in this answer only: the service keeps its SHA-256.`,
    body: { schema: 'layout-invitation-create.json' },
    responses: {
      201: { description: 'The invitation with its token and link', schema: 'layout-invitation.json' },
      400: { description: 'Invalid fields', schema: 'validation-error.json' }, 401: notLoggedIn, 403: notOwner, 404: missing,
    },
  },
  {
    method: 'get', path: '/api/ua/layout/:layout_id/invitations/', tags, auth: true, summary: 'The book\'s open invitations', description: ownerOnly,
    responses: { 200: { description: 'The invitations, without tokens', schema: 'layout-invitation-list.json' }, 401: notLoggedIn, 403: notOwner, 404: missing },
  },
  {
    method: 'delete', path: '/api/ua/layout/:layout_id/invitations/:invitation_id/', tags, auth: true, summary: 'Revoke an invitation',
    description: `${ownerOnly} Members who joined with it stay (remove them as members).`,
    responses: { 204: { description: 'Revoked', schema: null }, 401: notLoggedIn, 403: notOwner, 404: missing },
  },
  {
    method: 'post', path: '/api/ua/invitations/:token/accept/', tags, auth: true, summary: 'Join a book with an invitation',
    description: 'Any account, a visitor too (its memberships follow it into the account it logs in to). The owner and a member keep the standing they have.',
    responses: {
      200: { description: 'The book and the caller\'s role in it', schema: 'layout-invitation-accepted.json' }, 401: notLoggedIn,
      404: { description: 'An unknown, expired, used-up or revoked token: nothing changed', schema: 'error-detail.json' },
      409: { description: 'The book already has 20 members', schema: 'error-detail.json' },
    },
  },
  {
    method: 'get', path: '/api/ua/layout/:layout_id/comments/', tags, auth: true, summary: 'The book\'s comment threads',
    description: 'The owner and the members read them; comments are added and resolved on the editing channel (comment/add, comment/resolve).',
    responses: { 200: { description: 'The threads', schema: 'layout-comment-threads.json' }, 401: notLoggedIn, 404: missing },
  },
  {
    method: 'get', path: '/api/ua/layout/:layout_id/members/', tags, auth: true, summary: 'Who makes the book: the owner, then the members',
    responses: { 200: { description: 'The people', schema: 'layout-member-list.json' }, 401: notLoggedIn, 404: missing },
  },
  {
    method: 'patch', path: '/api/ua/layout/:layout_id/members/:user_id/', tags, auth: true, summary: 'Change a member\'s role',
    description: `${ownerOnly} It holds from the member's next message.`,
    body: { schema: 'layout-member-update.json' },
    responses: {
      200: { description: 'The member', schema: 'layout-member.json' }, 400: { description: 'Invalid fields', schema: 'validation-error.json' },
      401: notLoggedIn, 403: notOwner, 404: missing,
    },
  },
  {
    method: 'delete', path: '/api/ua/layout/:layout_id/members/:user_id/', tags, auth: true, summary: 'Remove a member',
    description: `${ownerOnly} The member's editing connections to the book are closed at once, in every process.`,
    responses: { 204: { description: 'Removed', schema: null }, 401: notLoggedIn, 403: notOwner, 404: missing },
  },
];
