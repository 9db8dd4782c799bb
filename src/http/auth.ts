// JWT authentication (Bearer or JWT scheme) and the role guard.
import type { Context, Next } from 'koa';
import { type AuthenticatedUser, holderOf } from '../auth/token-user';
import type { TokenService } from '../auth/tokens';
import type { UsersRepository } from '../auth/users-repository';
import type { Role } from '../db/tables/index';
import { forbidden, invalidToken, notAuthenticated } from './errors';

const AUTHORIZATION = /^(?:Bearer|JWT)(?:\s+(.*))?$/i;

/**
 * Sets ctx.state.user for a valid token. A token that is presented but invalid, expired or revoked is a 401,
 * as in Django REST framework; a missing one, or a visitor's, leaves the request anonymous.
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
