// The login tests' world: the service with every provider configured against local stand-ins (a real OpenID
// Connect provider as Google, VK and Instagram contract servers), and a shopper's browser that keeps cookies.
import { expect } from 'chai';
import type { Logger } from 'pino';
import request from 'supertest';
import { buildApp } from '../../src/app';
import { type TestRuntime, testRuntime } from '../helpers/runtime';
import { GOOGLE_CLIENT, type OidcServer, startGoogleStandIn } from './google-oidc';
import { type LegacyProviderServer, startInstagramStandIn, startVkStandIn } from './legacy-providers';

export const FRONTEND = 'http://shop.test';
export const redirectUri = (provider: string) => `http://photobook.test/auth/${provider}/`;

export type Browser = ReturnType<typeof request.agent>;

export interface LoginWorld {
  google: OidcServer;
  vk: LegacyProviderServer;
  instagram: LegacyProviderServer;
  runtime: TestRuntime;
  /** The shopper's browser. */
  client: Browser;
  /** Another browser, with cookies of its own. */
  newBrowser(): Browser;
  close(): Promise<void>;
}

/** log: the service's logger (silent unless a test reads the log). */
export async function startLoginWorld(log?: Logger): Promise<LoginWorld> {
  const google = await startGoogleStandIn(redirectUri('google'));
  const vk = await startVkStandIn(redirectUri('vk'));
  const instagram = await startInstagramStandIn(redirectUri('instagram'));
  const runtime = await testRuntime({
    FRONTEND_URL: FRONTEND,
    OAUTH_TIMEOUT_MS: '500',
    LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
    GOOGLE_CLIENT_ID: GOOGLE_CLIENT.id, GOOGLE_CLIENT_SECRET: GOOGLE_CLIENT.secret,
    GOOGLE_DISCOVERY_URL: `${google.issuer}/.well-known/openid-configuration`,
    VK_CLIENT_ID: vk.clientId, VK_CLIENT_SECRET: vk.clientSecret,
    VK_AUTHORIZE_URL: `${vk.base}/authorize`, VK_TOKEN_URL: `${vk.base}/access_token`, VK_API_URL: `${vk.base}/method`,
    INSTAGRAM_CLIENT_ID: instagram.clientId, INSTAGRAM_CLIENT_SECRET: instagram.clientSecret,
    INSTAGRAM_AUTHORIZE_URL: `${instagram.base}/oauth/authorize`, INSTAGRAM_TOKEN_URL: `${instagram.base}/oauth/access_token`,
  }, log);
  const newBrowser = () => request.agent(buildApp(runtime).callback());
  return {
    google, vk, instagram, runtime, client: newBrowser(), newBrowser,
    async close() {
      await runtime.dispose();
      await Promise.all([google.close(), vk.close(), instagram.close()]);
    },
  };
}

/** The provider's authorization URL, as the browser's page asks for it. */
export async function authorizationUrlFor(browser: Browser, provider: string): Promise<URL> {
  const response = await browser.get(`/auth/${provider}/`);
  expect(response.status, JSON.stringify(response.body)).to.equal(200);
  return new URL(response.body.url);
}

/** The token of a successful callback (a 302 to the front end's success page). */
export function tokenOf(response: request.Response): string {
  expect(response.status, JSON.stringify(response.body)).to.equal(302);
  const location = new URL(response.headers.location);
  expect(`${location.origin}${location.pathname}`).to.equal(`${FRONTEND}/oauth/success/`);
  return location.searchParams.get('set_token')!;
}
