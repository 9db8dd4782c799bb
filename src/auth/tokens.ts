// Signed JWTs: HS256 only, so a token with "alg: none" or any other algorithm is refused. Every token expires
// (exp is required), names this service as its issuer (PUBLIC_BASE_URL) and is meant for its API (aud), so a token
// some other service signed with a shared or leaked secret, or one minted without a lifetime, is refused.
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
  iss: string;
  aud: string;
}

/** A visitor's token (POST /auth/autoreg/): signed like the others, for no user and no row; it means "no token". */
export interface VisitorClaims {
  user: { id: null; role: 'visitor' };
  iat: number;
  exp: number;
  iss: string;
  aud: string;
}

export const isVisitor = (claims: TokenClaims | VisitorClaims): claims is VisitorClaims => claims.user.id === null;

export const TOKEN_AUDIENCE = 'photobook-api';

export interface TokenService {
  issue(user: TokenUser): string;
  issueVisitor(): string;
  /**
   * The claims of a valid, unexpired token of a user, or of a visitor's token of this service (expired too: it
   * stands for nobody, so its age cannot matter, and a front end holding an old one must not be locked out); or null.
   */
  verify(token: string): TokenClaims | VisitorClaims | null;
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
    Number.isInteger(claims.ver) &&
    Number.isInteger(claims.exp)
  );
}

function isVisitorClaims(value: unknown): value is VisitorClaims {
  const claims = value as VisitorClaims;
  return (
    typeof claims === 'object' && claims !== null &&
    typeof claims.user === 'object' && claims.user !== null &&
    claims.user.id === null && claims.user.role === 'visitor' &&
    Number.isInteger(claims.exp)
  );
}

export function createTokenService(secret: string, lifetimeSeconds: number, issuer: string, visitorLifetimeSeconds: number): TokenService {
  const verifyOptions = { algorithms: ['HS256' as const], issuer, audience: TOKEN_AUDIENCE };
  const expiredVisitorClaims = (token: string) => {
    try {
      const claims = jwt.verify(token, secret, { ...verifyOptions, ignoreExpiration: true });
      return isVisitorClaims(claims) ? claims : null;
    } catch {
      return null;
    }
  };
  return {
    issue(user) {
      return jwt.sign({ user: { id: user.id, role: user.role }, ver: user.tokenVersion }, secret, {
        algorithm: 'HS256',
        subject: String(user.id),
        expiresIn: lifetimeSeconds,
        issuer,
        audience: TOKEN_AUDIENCE,
      });
    },
    issueVisitor() {
      return jwt.sign({ user: { id: null, role: 'visitor' } }, secret, {
        algorithm: 'HS256', expiresIn: visitorLifetimeSeconds, issuer, audience: TOKEN_AUDIENCE,
      });
    },
    verify(token) {
      try {
        const claims = jwt.verify(token, secret, verifyOptions);
        return isClaims(claims) || isVisitorClaims(claims) ? claims : null;
      } catch (error) {
        return error instanceof jwt.TokenExpiredError ? expiredVisitorClaims(token) : null;
      }
    },
  };
}
