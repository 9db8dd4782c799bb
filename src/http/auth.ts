// JWT authentication (Bearer or JWT scheme) and the role guards. Whom a token stands for is the auth domain's to
// say: the app passes its resolver in (src/app.ts), so this module knows no domain.
import type { Context, Next } from 'koa';
import type { AuthenticatedUser, Role } from '../shared/user';
import { forbidden, invalidToken } from './errors';
import { requireUser } from './request-state';

const AUTHORIZATION = /^(?:Bearer|JWT)(?:\s+(.*))?$/i;

/** Whom a presented token stands for: a user (a visitor too), nobody (front ends' "no token" values), or no one valid. */
export type TokenResolver = (token: string) => Promise<{ user: AuthenticatedUser } | 'anonymous' | 'invalid'>;

/**
 * Sets ctx.state.user for a valid token. A token that is presented but invalid, expired or revoked is a 401,
 * as in Django REST framework; a missing one leaves the request anonymous.
 */
export function authenticate(holderOfToken: TokenResolver) {
  return async function authenticateRequest(ctx: Context, next: Next): Promise<void> {
    const header = ctx.get('Authorization').trim();
    if (header) {
      const match = AUTHORIZATION.exec(header);
      if (!match) throw invalidToken();
      const holder = await holderOfToken((match[1] ?? '').trim());
      if (holder === 'invalid') throw invalidToken();
      if (holder !== 'anonymous') ctx.state.user = holder.user;
    }
    await next();
  };
}

export function requireRole(...roles: Role[]) {
  return async function guardRole(ctx: Context, next: Next): Promise<void> {
    if (!roles.includes(requireUser(ctx).role)) throw forbidden();
    await next();
  };
}

/** Any account, a visitor's too: what a shopper does before logging in (books, cart, price checks). */
export const requireAccount = () => requireRole('visitor', 'user', 'moderator', 'admin');

export const VISITOR_REFUSED_DETAIL = 'Log in to place an order: a visitor cannot confirm a delivery or pay.';

/** What only a logged-in shopper may do (confirm a delivery, pay): a visitor gets a 403 that says to log in. */
export function refuseVisitors() {
  return async function guardVisitor(ctx: Context, next: Next): Promise<void> {
    if (requireUser(ctx).role === 'visitor') throw forbidden(VISITOR_REFUSED_DETAIL);
    await next();
  };
}
