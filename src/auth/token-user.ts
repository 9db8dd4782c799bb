// From a presented token to the user it stands for, for HTTP requests and both editing-channel transports alike.
import type { AuthenticatedUser } from '../shared/user';
import type { TokenService } from './tokens';
import type { UsersRepository } from './users-repository';

export type { AuthenticatedUser } from '../shared/user';

/** What a user's token grants beyond the user: long-lived connections are ended when it no longer holds. */
export interface TokenTerms {
  /** The token version it was issued under: logout and deletion raise the user's. */
  version: number;
  /** When it expires, epoch ms. */
  expiresAt: number;
}

/** Whom a token stands for: a user (a visitor too); nobody (no token); or it is not a valid token of a user. */
export type TokenHolder = { user: AuthenticatedUser; terms: TokenTerms } | 'anonymous' | 'invalid';

// Front ends send these when they hold no token; they mean "anonymous", not a broken token.
const ANONYMOUS_TOKENS = new Set(['', 'null', 'undefined']);

export async function holderOf(token: string, tokens: TokenService, users: UsersRepository): Promise<TokenHolder> {
  if (ANONYMOUS_TOKENS.has(token.trim())) return 'anonymous';
  const claims = tokens.verify(token);
  if (!claims) return 'invalid';
  // Role and token version are read fresh, so a demotion or a logout takes effect at once.
  const user = await users.findById(claims.user.id);
  if (!user || user.deletedAt !== null || user.tokenVersion !== claims.ver) return 'invalid';
  if (user.role === 'visitor') await users.noteVisitorSeen(user);
  return { user: { id: user.id, role: user.role }, terms: { version: claims.ver, expiresAt: claims.exp * 1000 } };
}
