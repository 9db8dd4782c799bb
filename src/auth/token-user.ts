// From a presented token to the user it stands for, for HTTP requests and Socket.IO handshakes alike.
import type { Role } from '../db/tables/index';
import type { TokenService } from './tokens';
import type { UsersRepository } from './users-repository';

export interface AuthenticatedUser {
  id: number;
  role: Role;
}

// Front ends send these when they hold no token; they mean "anonymous", not a broken token.
const ANONYMOUS_TOKENS = new Set(['', 'null', 'undefined']);

export function isAnonymousToken(token: string): boolean {
  return ANONYMOUS_TOKENS.has(token.trim());
}

/** The user of a valid, unrevoked token; undefined for any other token. */
export async function userForToken(
  token: string, tokens: TokenService, users: UsersRepository,
): Promise<AuthenticatedUser | undefined> {
  const claims = tokens.verify(token);
  if (!claims) return undefined;
  // Role and token version are read fresh, so a demotion or a logout takes effect at once.
  const user = await users.findById(claims.user.id);
  if (!user || user.deletedAt !== null || user.tokenVersion !== claims.ver) return undefined;
  return { id: user.id, role: user.role };
}
