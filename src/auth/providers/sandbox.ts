// The sandbox identity provider (SANDBOX_LOGIN): a page of this service (sandbox-page.ts) stands in for a
// provider's consent screen, so a newcomer or a front end logs in offline as any address, in the demo as any role.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Role } from '../../shared/user';
import { urlWithQuery } from '../oauth/http';
import { type ExternalProfile, type IdentityProvider, ProviderError } from '../oauth/provider';
import { codeChallengeOf } from '../oauth/state-store';

export const SANDBOX_ROLES: readonly Role[] = ['user', 'moderator', 'admin'];
const CODE_LIFETIME_SECONDS = 300;

export interface SandboxLoginOptions {
  publicBaseUrl: string;
  /** JWT_SECRET: the codes are signed with a key derived from it. */
  secret: string;
  /** Outside production: the page offers a role, and the address counts as verified. */
  roleChoice: boolean;
}

export interface SandboxGrant {
  email: string;
  role: Role | null;
  /** The login's PKCE challenge: only the state this code was made for can redeem it. */
  challenge: string;
  exp: number;
}

export const sandboxCallbackUrl = (publicBaseUrl: string) => `${publicBaseUrl}/auth/sandbox/`;

// A code is the grant itself, signed: no table to keep, and any process of the deployment can redeem it. Bound to
// the PKCE challenge of one state, which the callback uses up, it is single-use like any provider's code.
export function sandboxCodes(secret: string) {
  const key = createHmac('sha256', secret).update('photobook sandbox login code').digest();
  const signatureOf = (payload: string) => createHmac('sha256', key).update(payload).digest();
  return {
    sign(grant: Omit<SandboxGrant, 'exp'>): string {
      const payload = Buffer.from(JSON.stringify({ ...grant, exp: Math.floor(Date.now() / 1000) + CODE_LIFETIME_SECONDS })).toString('base64url');
      return `${payload}.${signatureOf(payload).toString('base64url')}`;
    },
    /** The grant of a code this deployment signed and that has not expired, or null. */
    read(code: string): SandboxGrant | null {
      const [payload, signature, ...rest] = code.split('.');
      if (!payload || !signature || rest.length > 0) return null;
      const expected = signatureOf(payload);
      const presented = Buffer.from(signature, 'base64url');
      if (presented.length !== expected.length || !timingSafeEqual(presented, expected)) return null;
      const grant = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as SandboxGrant;
      return grant.exp > Date.now() / 1000 ? grant : null;
    },
  };
}

export function createSandboxProvider(options: SandboxLoginOptions): IdentityProvider {
  const codes = sandboxCodes(options.secret);
  return {
    name: 'sandbox',
    usesPkce: true,
    async authorizationUrl({ state, redirectUri, codeChallenge }) {
      return urlWithQuery(`${options.publicBaseUrl}/auth/sandbox/authorize/`, {
        state, redirect_uri: redirectUri, code_challenge: codeChallenge, code_challenge_method: 'S256',
      });
    },
    async profileForCode(code, _redirectUri, codeVerifier): Promise<ExternalProfile> {
      const grant = codes.read(code);
      if (!grant || codeVerifier === null || codeChallengeOf(codeVerifier) !== grant.challenge) throw new ProviderError(400, 'invalid_code');
      return {
        providerUserId: grant.email,
        email: grant.email,
        // In production nobody vouches for a typed address: it names the identity, never takes a user's address.
        emailVerified: options.roleChoice,
        name: grant.email.split('@')[0],
        role: options.roleChoice ? grant.role ?? 'user' : undefined,
        raw: { email: grant.email },
      };
    },
    // The page has no way to deny: closing it is the user's way out.
    denialOf: () => undefined,
  };
}
