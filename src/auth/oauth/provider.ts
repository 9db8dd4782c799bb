// What an OAuth 2.0 identity provider must offer the login strategy; one implementation per provider.
import type { Role } from '../../shared/user';

export type ProviderName = 'google' | 'vk' | 'instagram' | 'sandbox';

export interface ExternalProfile {
  providerUserId: string;
  email: string | null;
  /** Only a verified address may ever be trusted for anything beyond display. */
  emailVerified: boolean;
  name: string;
  /** A role the provider vouches for, given to the user at each login: only the sandbox, outside production. */
  role?: Role;
  raw: Record<string, unknown>;
}

export interface AuthorizationRequest {
  state: string;
  redirectUri: string;
  /** S256 challenge, for providers that use PKCE. */
  codeChallenge?: string;
}

export interface IdentityProvider {
  name: ProviderName;
  usesPkce: boolean;
  authorizationUrl(request: AuthorizationRequest): Promise<string>;
  /** Exchanges the code and reads the profile. Throws ProviderError when the provider refuses or fails. */
  profileForCode(code: string, redirectUri: string, codeVerifier: string | null): Promise<ExternalProfile>;
  /** The err text for a callback that reports the user's denial, or undefined when it does not. */
  denialOf(query: Record<string, unknown>): string | undefined;
}

/** A provider's refusal or failure, with the status and err value the client gets. */
export class ProviderError extends Error {
  constructor(readonly status: 400 | 401 | 502, readonly code: string, detail?: string) {
    super(detail ? `${code}: ${detail}` : code);
  }
}
