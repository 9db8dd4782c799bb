// The legacy Instagram OAuth contract (scope public_content; the token response carries a user object). Meta
// switched that platform off in 2020: this stays as a provider for any server that speaks the same contract.
import { formBody, providerJson, requireString, urlWithQuery } from '../oauth/http';
import { type ExternalProfile, type IdentityProvider, ProviderError } from '../oauth/provider';
import { reasonedDenial } from './denial';

export interface InstagramOptions {
  clientId: string;
  clientSecret: string;
  timeoutMs: number;
  authorizeUrl: string;
  tokenUrl: string;
}

export function createInstagramProvider(options: InstagramOptions): IdentityProvider {
  return {
    name: 'instagram',
    usesPkce: false,
    async authorizationUrl({ state, redirectUri }) {
      return urlWithQuery(options.authorizeUrl, {
        response_type: 'code', client_id: options.clientId, redirect_uri: redirectUri, scope: 'public_content', state,
      });
    },
    async profileForCode(code, redirectUri): Promise<ExternalProfile> {
      const token = await providerJson(options.tokenUrl, options.timeoutMs, formBody({
        client_id: options.clientId, client_secret: options.clientSecret, grant_type: 'authorization_code', redirect_uri: redirectUri, code,
      }));
      if (token.status >= 400) throw new ProviderError(400, 'invalid_code', String(token.body.error_type ?? token.body.error ?? token.status));
      const user = token.body.user;
      if (typeof user !== 'object' || user === null) throw new ProviderError(502, 'provider_bad_response', 'no user in the token response');
      const fields = user as Record<string, unknown>;
      return {
        providerUserId: requireString(fields, 'id', new URL(options.tokenUrl).host),
        email: null,
        emailVerified: false,
        name: typeof fields.full_name === 'string' && fields.full_name ? fields.full_name : String(fields.username ?? ''),
        raw: fields,
      };
    },
    denialOf: reasonedDenial,
  };
}
