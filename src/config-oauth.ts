// The identity providers' settings, parsed from the environment: each is on when its client id is set.
import { ConfigError, endpoint, type Env, integer } from './config-values';

export interface OAuthClient {
  clientId: string;
  clientSecret: string;
}
export interface OAuthConfig {
  /** The longest any call to a provider may take. */
  timeoutMs: number;
  google?: OAuthClient & { discoveryUrl: string };
  vk?: OAuthClient & { authorizeUrl: string; tokenUrl: string; apiUrl: string; apiVersion: string };
  instagram?: OAuthClient & { authorizeUrl: string; tokenUrl: string };
}

/** A provider is enabled by its client id; it then needs its secret, and its endpoints may be overridden. */
function oauthClient(env: Env, prefix: string): OAuthClient | undefined {
  const clientId = env[`${prefix}_CLIENT_ID`];
  if (!clientId) return undefined;
  const clientSecret = env[`${prefix}_CLIENT_SECRET`];
  if (!clientSecret) throw new ConfigError(`${prefix}_CLIENT_SECRET is required when ${prefix}_CLIENT_ID is set`);
  return { clientId, clientSecret };
}

export function oauthConfig(env: Env): OAuthConfig {
  const google = oauthClient(env, 'GOOGLE');
  const vk = oauthClient(env, 'VK');
  const instagram = oauthClient(env, 'INSTAGRAM');
  return {
    timeoutMs: integer(env, 'OAUTH_TIMEOUT_MS', 10_000, 100, 60_000),
    google: google && { ...google, discoveryUrl: endpoint(env, 'GOOGLE_DISCOVERY_URL', 'https://accounts.google.com/.well-known/openid-configuration') },
    vk: vk && {
      ...vk,
      authorizeUrl: endpoint(env, 'VK_AUTHORIZE_URL', 'https://oauth.vk.com/authorize'),
      tokenUrl: endpoint(env, 'VK_TOKEN_URL', 'https://oauth.vk.com/access_token'),
      apiUrl: endpoint(env, 'VK_API_URL', 'https://api.vk.com/method'),
      apiVersion: env.VK_API_VERSION || '5.131',
    },
    instagram: instagram && {
      ...instagram,
      authorizeUrl: endpoint(env, 'INSTAGRAM_AUTHORIZE_URL', 'https://api.instagram.com/oauth/authorize'),
      tokenUrl: endpoint(env, 'INSTAGRAM_TOKEN_URL', 'https://api.instagram.com/oauth/access_token'),
    },
  };
}
