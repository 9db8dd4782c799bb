// VK OAuth: the token response carries user_id and email; the profile comes from users.get.
import { providerJson, requireString, urlWithQuery } from '../oauth/http';
import { type ExternalProfile, type IdentityProvider, ProviderError } from '../oauth/provider';
import { reasonedDenial } from './denial';

export interface VkOptions {
  clientId: string;
  clientSecret: string;
  timeoutMs: number;
  authorizeUrl: string;
  tokenUrl: string;
  apiUrl: string;
  apiVersion: string;
}

export function createVkProvider(options: VkOptions): IdentityProvider {
  return {
    name: 'vk',
    usesPkce: false,
    async authorizationUrl({ state, redirectUri }) {
      return urlWithQuery(options.authorizeUrl, {
        response_type: 'code', client_id: options.clientId, redirect_uri: redirectUri, scope: 'email', state, v: options.apiVersion,
      });
    },
    async profileForCode(code, redirectUri): Promise<ExternalProfile> {
      const host = new URL(options.tokenUrl).host;
      const token = await providerJson(urlWithQuery(options.tokenUrl, {
        client_id: options.clientId, client_secret: options.clientSecret, redirect_uri: redirectUri, code,
      }), options.timeoutMs);
      if (token.status >= 400 || token.body.error) throw new ProviderError(400, 'invalid_code', String(token.body.error ?? token.status));
      const accessToken = requireString(token.body, 'access_token', host);
      const userId = requireString(token.body, 'user_id', host);
      const users = await providerJson(urlWithQuery(`${options.apiUrl.replace(/\/+$/, '')}/users.get`, {
        user_ids: userId, access_token: accessToken, v: options.apiVersion,
      }), options.timeoutMs);
      const [user] = Array.isArray(users.body.response) ? (users.body.response as Record<string, unknown>[]) : [];
      if (!user || typeof user !== 'object') throw new ProviderError(502, 'provider_bad_response', 'users.get sent no user');
      const email = typeof token.body.email === 'string' ? token.body.email : null;
      return {
        providerUserId: userId,
        email,
        // VK gives an address only after confirming it, but says nothing more: it is not trusted for linking.
        emailVerified: false,
        name: [user.first_name, user.last_name].filter((part) => typeof part === 'string' && part).join(' '),
        raw: user,
      };
    },
    denialOf: reasonedDenial,
  };
}
