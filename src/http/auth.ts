// JWT authentication (Bearer or JWT scheme) and the role guard.
import type { Context, Next } from 'koa';
import { type AuthenticatedUser, userForToken } from '../auth/token-user';
import type { TokenService } from '../auth/tokens';
import type { UsersRepository } from '../auth/users-repository';
import type { Role } from '../db/tables/index';
import { forbidden, invalidToken, notAuthenticated } from './errors';

// Front ends send these when they hold no token; they mean "anonymous", not a broken token.
const ANONYMOUS_TOKENS = new Set(['', 'null', 'undefined']);

export function bearerToken(header: string): string | undefined {
  const match = /^(Bearer|JWT)(?:\s+(.*))?$/i.exec(header.trim());
  if (!match) return undefined;
  const token = (match[2] ?? '').trim();
  return ANONYMOUS_TOKENS.has(token) ? undefined : token;
}

/**
 * Sets ctx.state.user for a valid token. A token that is presented but invalid, expired or revoked is a 401,
 * as in Django REST framework; a missing one leaves the request anonymous.
 */
export function authenticate(tokens: TokenService, users: UsersRepository) {
  return async function authenticateRequest(ctx: Context, next: Next): Promise<void> {
    const header = ctx.get('Authorization');
    if (header) {
      const token = bearerToken(header);
      if (token === undefined && !/^(Bearer|JWT)\b/i.test(header.trim())) throw invalidToken();
      if (token !== undefined) {
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
