// JWT authentication (Bearer or JWT scheme) and the role guard.
import type { Context, Next } from 'koa';
import { type AuthenticatedUser, isAnonymousToken, userForToken } from '../auth/token-user';
import type { TokenService } from '../auth/tokens';
import type { UsersRepository } from '../auth/users-repository';
import type { Role } from '../db/tables/index';
import { forbidden, invalidToken, notAuthenticated } from './errors';

const AUTHORIZATION = /^(?:Bearer|JWT)(?:\s+(.*))?$/i;

/**
 * Sets ctx.state.user for a valid token. A token that is presented but invalid, expired or revoked is a 401,
 * as in Django REST framework; a missing one leaves the request anonymous.
 */
export function authenticate(tokens: TokenService, users: UsersRepository) {
  return async function authenticateRequest(ctx: Context, next: Next): Promise<void> {
    const header = ctx.get('Authorization').trim();
    if (header) {
      const match = AUTHORIZATION.exec(header);
      if (!match) throw invalidToken();
      const token = (match[1] ?? '').trim();
      if (!isAnonymousToken(token)) {
        const user = await userForToken(token, tokens, users);
        if (!user) throw invalidToken();
        ctx.state.user = user;
      }
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
