// Signed JWTs: HS256 only, so a token with "alg: none" or any other algorithm is refused. Every token expires
// (exp is required), names this deployment as its issuer (JWT_ISSUER) and is meant for its API (JWT_AUDIENCE), so a
// token some other service signed with a shared or leaked secret, or one minted without a lifetime, is refused.
// Issuer and audience are configured names, not URLs: every process of a deployment (any port, the command line)
// issues tokens that all the others accept.
import { createSecretKey } from 'node:crypto';
import jwt from 'jsonwebtoken';
import type { Logger } from 'pino';
import type { Config } from '../config';
import type { Role } from '../shared/user';

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

export interface TokenService {
  /** A visitor's token lives VISITOR_TOKEN_LIFETIME_SECONDS, every other JWT_LIFETIME_SECONDS. */
  issue(user: TokenUser): string;
  /** The claims of a valid, unexpired token of this service; or null. */
  verify(token: string): TokenClaims | null;
}

const ROLES: readonly Role[] = ['visitor', 'user', 'moderator', 'admin'];

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

export interface TokenSettings {
  secret: string;
  lifetimeSeconds: number;
  visitorLifetimeSeconds: number;
  issuer: string;
  audience: string;
}

export function tokenSettings(config: Config): TokenSettings {
  return {
    secret: config.jwtSecret, lifetimeSeconds: config.jwtLifetimeSeconds, visitorLifetimeSeconds: config.visitorTokenLifetimeSeconds,
    issuer: config.jwtIssuer, audience: config.jwtAudience,
  };
}

/** Why a token was refused, for the log line (the token itself is never logged). */
export type RefusalReason = 'malformed' | 'signature' | 'algorithm' | 'expired' | 'not yet valid' | 'issuer' | 'audience' | 'claims';

// jsonwebtoken tells its refusals apart only by message; these are its messages (version pinned in package.json).
function refusalReason(error: unknown): RefusalReason {
  if (error instanceof jwt.TokenExpiredError) return 'expired';
  if (error instanceof jwt.NotBeforeError) return 'not yet valid';
  const message = error instanceof Error ? error.message : '';
  if (message.startsWith('jwt issuer invalid')) return 'issuer';
  if (message.startsWith('jwt audience invalid')) return 'audience';
  if (message === 'invalid algorithm') return 'algorithm';
  if (message === 'invalid signature' || message === 'jwt signature is required') return 'signature';
  return 'malformed';
}

export function createTokenService(settings: TokenSettings, log: Logger): TokenService {
  const { issuer, audience } = settings;
  // A key object made once: given the secret as a string, jsonwebtoken first tries to parse it as a public key (and
  // fails, throwing) on every call, which made each token check cost about 0.45 ms instead of 0.01.
  const secret = createSecretKey(Buffer.from(settings.secret));
  const verifyOptions = { algorithms: ['HS256' as const], issuer, audience };
  // A client holding an old or foreign token is routine, not a fault of the service: info, with what was expected.
  const refused = (reason: RefusalReason, detail: string) => {
    log.info({ reason, detail, expected: { issuer, audience } }, `token refused: ${reason}`);
    return null;
  };
  return {
    issue(user) {
      return jwt.sign({ user: { id: user.id, role: user.role }, ver: user.tokenVersion }, secret, {
        algorithm: 'HS256', subject: String(user.id), issuer, audience,
        expiresIn: user.role === 'visitor' ? settings.visitorLifetimeSeconds : settings.lifetimeSeconds,
      });
    },
    verify(token) {
      try {
        const claims = jwt.verify(token, secret, verifyOptions);
        return isClaims(claims) ? claims : refused('claims', 'sub, user, ver or exp missing or wrong');
      } catch (error) {
        return refused(refusalReason(error), (error as Error).message);
      }
    },
  };
}
