// Signed JWTs: HS256 only, so a token with "alg: none" or any other algorithm is refused.
import jwt from 'jsonwebtoken';
import type { Role } from '../db/tables/index';

export interface TokenUser {
  id: number;
  role: Role;
  tokenVersion: number;
}

export interface TokenClaims {
  sub: string;
  user: { id: number; role: Role };
  /** The user's token version when issued; logout raises it and so revokes every earlier token. */
  ver: number;
  iat: number;
  exp: number;
}

export interface TokenService {
  issue(user: TokenUser): string;
  /** The claims of a valid, unexpired token, or null. */
  verify(token: string): TokenClaims | null;
}

const ROLES: readonly Role[] = ['user', 'moderator', 'admin'];

function isClaims(value: unknown): value is TokenClaims {
  const claims = value as TokenClaims;
  return (
    typeof claims === 'object' && claims !== null &&
    typeof claims.sub === 'string' &&
    typeof claims.user === 'object' && claims.user !== null &&
    Number.isInteger(claims.user.id) && String(claims.user.id) === claims.sub &&
    ROLES.includes(claims.user.role) &&
    Number.isInteger(claims.ver)
  );
}

export function createTokenService(secret: string, lifetimeSeconds: number): TokenService {
  return {
    issue(user) {
      return jwt.sign({ user: { id: user.id, role: user.role }, ver: user.tokenVersion }, secret, {
        algorithm: 'HS256',
        subject: String(user.id),
        expiresIn: lifetimeSeconds,
      });
    },
    verify(token) {
      try {
        const claims = jwt.verify(token, secret, { algorithms: ['HS256'] });
        return isClaims(claims) ? claims : null;
      } catch {
        return null;
      }
    },
  };
}
