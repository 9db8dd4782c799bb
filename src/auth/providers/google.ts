// Google: OpenID Connect, endpoints from its discovery document, PKCE, the two user-info scopes.
import { formBody, providerJson, requireString, urlWithQuery } from '../oauth/http';
import { type ExternalProfile, type IdentityProvider, ProviderError } from '../oauth/provider';

export interface GoogleOptions {
  clientId: string;
  clientSecret: string;
  timeoutMs: number;
  discoveryUrl: string;
}

// "openid" goes with them so that a standard OpenID Connect provider also answers the userinfo endpoint.
export const GOOGLE_SCOPES = [
  'openid',
  'https://www.googleapis.com/auth/userinfo.email',
  'https://www.googleapis.com/auth/userinfo.profile',
];

interface Discovery {
  authorization_endpoint: string;
  token_endpoint: string;
  userinfo_endpoint: string;
}

export function createGoogleProvider(options: GoogleOptions): IdentityProvider {
  let discovery: Promise<Discovery> | undefined;
  // Read when first needed (not at start-up, which must not depend on another party), then kept.
  const endpoints = (): Promise<Discovery> => {
    discovery ??= providerJson(options.discoveryUrl, options.timeoutMs).then(({ body }) => {
      const host = new URL(options.discoveryUrl).host;
      return {
        authorization_endpoint: requireString(body, 'authorization_endpoint', host),
        token_endpoint: requireString(body, 'token_endpoint', host),
        userinfo_endpoint: requireString(body, 'userinfo_endpoint', host),
      };
    });
    discovery.catch(() => {
      discovery = undefined;
    });
    return discovery;
  };

  return {
    name: 'google',
    usesPkce: true,
    async authorizationUrl({ state, redirectUri, codeChallenge }) {
      return urlWithQuery((await endpoints()).authorization_endpoint, {
        response_type: 'code',
        client_id: options.clientId,
        redirect_uri: redirectUri,
        scope: GOOGLE_SCOPES.join(' '),
        state,
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
      });
    },
    async profileForCode(code, redirectUri, codeVerifier): Promise<ExternalProfile> {
      const { token_endpoint, userinfo_endpoint } = await endpoints();
      const token = await providerJson(token_endpoint, options.timeoutMs, formBody({
        grant_type: 'authorization_code', code, redirect_uri: redirectUri,
        client_id: options.clientId, client_secret: options.clientSecret, code_verifier: codeVerifier ?? '',
      }));
      if (token.status >= 400) throw new ProviderError(400, 'invalid_code', String(token.body.error ?? token.status));
      const host = new URL(token_endpoint).host;
      const accessToken = requireString(token.body, 'access_token', host);
      const info = await providerJson(userinfo_endpoint, options.timeoutMs, { headers: { Authorization: `Bearer ${accessToken}` } });
      if (info.status >= 400) throw new ProviderError(502, 'provider_bad_response', `userinfo answered ${info.status}`);
      const email = typeof info.body.email === 'string' ? info.body.email : null;
      return {
        providerUserId: requireString(info.body, 'sub', host),
        email,
        emailVerified: email !== null && (info.body.email_verified === true || info.body.email_verified === 'true'),
        name: typeof info.body.name === 'string' ? info.body.name : '',
        raw: info.body,
      };
    },
    denialOf(query) {
      return typeof query.error === 'string' ? query.error : undefined;
    },
  };
}
