// JWT authentication (Bearer or JWT scheme) and the role guard.
import type { Context, Next } from 'koa';
import { type AuthenticatedUser, holderOf } from '../auth/token-user';
import type { TokenService } from '../auth/tokens';
import type { UsersRepository } from '../auth/users-repository';
import type { Role } from '../db/tables/index';
import { forbidden, HttpError, invalidToken, notAuthenticated } from './errors';

const AUTHORIZATION = /^(?:Bearer|JWT)(?:\s+(.*))?$/i;

/**
 * Sets ctx.state.user for a valid token. A token that is presented but invalid, expired or revoked is a 401,
 * as in Django REST framework; a missing one leaves the request anonymous. A visitor's token stands for its visitor.
 */
export function authenticate(tokens: TokenService, users: UsersRepository) {
  return async function authenticateRequest(ctx: Context, next: Next): Promise<void> {
    const header = ctx.get('Authorization').trim();
    if (header) {
      const match = AUTHORIZATION.exec(header);
      if (!match) throw invalidToken();
      const holder = await holderOf((match[1] ?? '').trim(), tokens, users);
      if (holder === 'invalid') throw invalidToken();
      if (holder !== 'anonymous') ctx.state.user = holder.user;
    }
    await next();
  };
}

export function requireRole(...roles: Role[]) {
  return async function guardRole(ctx: Context, next: Next): Promise<void> {
    const user = ctx.state.user as AuthenticatedUser | undefined;
    if (!user) throw notAuthenticated();
    if (!roles.includes(user.role)) throw forbidden();
    await next();
  };
}

/** Any account, a visitor's too: what a shopper does before logging in (books, cart, price checks). */
export const requireAccount = () => requireRole('visitor', 'user', 'moderator', 'admin');

export const VISITOR_REFUSED_DETAIL = 'Log in to place an order: a visitor cannot confirm a delivery or pay.';

/** What only a logged-in shopper may do (confirm a delivery, pay): a visitor gets a 403 that says to log in. */
export function refuseVisitors() {
  return async function guardVisitor(ctx: Context, next: Next): Promise<void> {
    const user = ctx.state.user as AuthenticatedUser | undefined;
    if (!user) throw notAuthenticated();
    if (user.role === 'visitor') throw new HttpError(403, { detail: VISITOR_REFUSED_DETAIL });
    await next();
  };
}
