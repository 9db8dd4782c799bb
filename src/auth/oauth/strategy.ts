// A passport strategy for the OAuth 2.0 authorization code grant, without server sessions: the state (and PKCE
// verifier) live in the database, bound to the browser that started the attempt. Without a code it redirects to the provider; with one it checks the state before
// anything else, exchanges the code, reads the profile and hands it to verify.
import { Strategy } from 'passport-strategy';
import type { ExternalProfile, IdentityProvider } from './provider';
import { ProviderError } from './provider';
import { codeChallengeOf, type StateStore } from './state-store';

export interface OAuthFailure {
  err: string;
  /** Why the provider failed (host, error code, timing), for the log only. */
  cause?: string;
}

type Query = Record<string, unknown>;

export class OAuthCodeStrategy<User> extends Strategy {
  readonly name: string;

  constructor(
    private readonly provider: IdentityProvider,
    private readonly states: StateStore,
    private readonly redirectUri: string,
    /** visitorId: the visitor whose token started this attempt, whose work the account takes over. */
    private readonly verify: (profile: ExternalProfile, visitorId: number | null) => Promise<User>,
  ) {
    super();
    this.name = provider.name;
  }

  /**
   * options.browserHash: the login binding of the requesting browser (see browser-binding.ts); options.visitorId:
   * the visitor whose token starts an attempt.
   */
  authenticate(request: { query?: Query }, options: { browserHash?: string; visitorId?: number | null }): void {
    this.run(request.query ?? {}, options.browserHash, options.visitorId ?? null).catch((error: unknown) => {
      if (error instanceof ProviderError) this.fail({ err: error.code, cause: error.message } satisfies OAuthFailure, error.status);
      else this.error(error as Error);
    });
  }

  private async run(query: Query, browserHash: string | undefined, visitorId: number | null): Promise<void> {
    const denial = this.provider.denialOf(query);
    if (denial !== undefined) return this.fail({ err: denial } satisfies OAuthFailure, 401);
    if (query.code === undefined) {
      if (!browserHash) throw new Error('a login attempt needs the browser binding');
      const { state, codeVerifier } = await this.states.create(this.provider.name, this.provider.usesPkce, browserHash, visitorId);
      const url = await this.provider.authorizationUrl({
        state, redirectUri: this.redirectUri, codeChallenge: codeVerifier ? codeChallengeOf(codeVerifier) : undefined,
      });
      return this.redirect(url);
    }
    // The state is checked, and used up, before the code is sent anywhere.
    const check = await this.states.consume(this.provider.name, query.state, browserHash);
    if (!check.ok) return this.fail({ err: check.err } satisfies OAuthFailure, 400);
    if (typeof query.code !== 'string' || query.code === '') return this.fail({ err: 'invalid_code' } satisfies OAuthFailure, 400);
    const profile = await this.provider.profileForCode(query.code, this.redirectUri, check.codeVerifier);
    this.success(await this.verify(profile, check.visitorId));
  }
}
