// The editing channel's handshake: a JWT in auth.token, or in the query parameter jwt (existing clients), required.
import type { Socket } from 'socket.io';
import { type AuthenticatedUser, isAnonymousToken, userForToken } from '../auth/token-user';
import type { TokenService } from '../auth/tokens';
import type { UsersRepository } from '../auth/users-repository';
import { DETAILS } from '../http/errors';

const SCHEME_PREFIX = /^(?:Bearer|JWT)\s+/i;

function refusal(message: string, code: string): Error {
  return Object.assign(new Error(message), { data: { code } });
}

function presentedToken(socket: Socket): unknown {
  const fromAuth = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
  return fromAuth ?? socket.handshake.query.jwt;
}

export function requireUser(tokens: TokenService, users: UsersRepository) {
  return (socket: Socket, next: (error?: Error) => void) => {
    const token = presentedToken(socket);
    if (token === undefined || (typeof token === 'string' && isAnonymousToken(token.replace(SCHEME_PREFIX, '')))) {
      return next(refusal(DETAILS.notAuthenticated, 'not_authenticated'));
    }
    if (typeof token !== 'string') return next(refusal(DETAILS.invalidToken, 'invalid_token'));
    userForToken(token.replace(SCHEME_PREFIX, ''), tokens, users).then(
      (user?: AuthenticatedUser) => {
        if (!user) return next(refusal(DETAILS.invalidToken, 'invalid_token'));
        socket.data.user = user;
        next();
      },
      () => next(refusal(DETAILS.internal, 'server_error')),
    );
  };
}
