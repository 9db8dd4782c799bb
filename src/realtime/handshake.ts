// The editing channel's authentication, for both transports: a JWT (auth.token or the query parameter jwt), required.
// A visitor edits its own books like any owner; without a token the channel is refused.
import type { Socket } from 'socket.io';
import type { AccountsService } from '../auth/accounts-service';
import type { AuthenticatedUser, TokenTerms } from '../auth/token-user';
import { DETAILS } from '../http/errors';

const SCHEME_PREFIX = /^(?:Bearer|JWT)\s+/i;

export interface Refusal {
  code: 'not_authenticated' | 'invalid_token' | 'server_error';
  message: string;
}

const NOT_AUTHENTICATED: Refusal = { code: 'not_authenticated', message: DETAILS.notAuthenticated };
const INVALID_TOKEN: Refusal = { code: 'invalid_token', message: DETAILS.invalidToken };

/** The user a presented token stands for (with or without its scheme), or why the connection is refused. */
export async function editorOf(
  token: unknown, accounts: Pick<AccountsService, 'holderOf'>,
): Promise<{ user: AuthenticatedUser; terms: TokenTerms } | { refusal: Refusal }> {
  if (token === undefined) return { refusal: NOT_AUTHENTICATED };
  if (typeof token !== 'string') return { refusal: INVALID_TOKEN };
  try {
    const holder = await accounts.holderOf(token.replace(SCHEME_PREFIX, ''));
    if (holder === 'anonymous') return { refusal: NOT_AUTHENTICATED };
    return holder === 'invalid' ? { refusal: INVALID_TOKEN } : holder;
  } catch {
    return { refusal: { code: 'server_error', message: DETAILS.internal } };
  }
}

function presentedToken(socket: Socket): unknown {
  const fromAuth = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
  return fromAuth ?? socket.handshake.query.jwt;
}

export function requireUser(accounts: Pick<AccountsService, 'holderOf'>) {
  return (socket: Socket, next: (error?: Error) => void) => {
    void editorOf(presentedToken(socket), accounts).then((outcome) => {
      if ('refusal' in outcome) return next(Object.assign(new Error(outcome.refusal.message), { data: { code: outcome.refusal.code } }));
      socket.data.user = outcome.user;
      socket.data.terms = outcome.terms;
      next();
    });
  };
}
