// The identity providers' settings, parsed from the environment: each is on when its client id is set.
import { ConfigError, type Env, integer, text, urlValue, type Variable } from './values';
import { VARIABLES } from './variables';

const {
  OAUTH_TIMEOUT_MS, GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET, GOOGLE_DISCOVERY_URL, VK_CLIENT_ID, VK_CLIENT_SECRET, VK_AUTHORIZE_URL,
  VK_TOKEN_URL, VK_API_URL, VK_API_VERSION, INSTAGRAM_CLIENT_ID, INSTAGRAM_CLIENT_SECRET, INSTAGRAM_AUTHORIZE_URL, INSTAGRAM_TOKEN_URL,
} = VARIABLES;

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
function oauthClient(env: Env, id: Variable, secret: Variable): OAuthClient | undefined {
  const clientId = env[id.name];
  if (!clientId) return undefined;
  const clientSecret = env[secret.name];
  if (!clientSecret) throw new ConfigError(`${secret.name} is required when ${id.name} is set`);
  return { clientId, clientSecret };
}

export function oauthConfig(env: Env): OAuthConfig {
  const google = oauthClient(env, GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET);
  const vk = oauthClient(env, VK_CLIENT_ID, VK_CLIENT_SECRET);
  const instagram = oauthClient(env, INSTAGRAM_CLIENT_ID, INSTAGRAM_CLIENT_SECRET);
  return {
    timeoutMs: integer(env, OAUTH_TIMEOUT_MS),
    google: google && { ...google, discoveryUrl: urlValue(env, GOOGLE_DISCOVERY_URL) },
    vk: vk && {
      ...vk,
      authorizeUrl: urlValue(env, VK_AUTHORIZE_URL),
      tokenUrl: urlValue(env, VK_TOKEN_URL),
      apiUrl: urlValue(env, VK_API_URL),
      apiVersion: text(env, VK_API_VERSION),
    },
    instagram: instagram && {
      ...instagram,
      authorizeUrl: urlValue(env, INSTAGRAM_AUTHORIZE_URL),
      tokenUrl: urlValue(env, INSTAGRAM_TOKEN_URL),
    },
  };
}
