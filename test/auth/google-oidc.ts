// The Google stand-in: a real OpenID Connect provider (oidc-provider) on 127.0.0.1, and a browser-like walk
// through its login and consent pages.
import type { AddressInfo } from 'node:net';
import http from 'node:http';

export const GOOGLE_CLIENT = { id: 'photobook-google', secret: 'google-secret-for-tests' };
const USERINFO_SCOPES = ['https://www.googleapis.com/auth/userinfo.email', 'https://www.googleapis.com/auth/userinfo.profile'];

export interface OidcServer {
  issuer: string;
  close(): Promise<void>;
}

/**
 * oidc-provider 9 prints "Unsupported runtime. Use Node.js v22.x LTS" when it is loaded on Node 20, the service's
 * engine; it runs there all the same (this stand-in's tests pass on it), so that one line is dropped, not shown as if
 * something were wrong. Its other warnings (development keys and adapter, which a stand-in wants) still print.
 */
async function importOidcProvider() {
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    if (!String(args[0]).includes('Unsupported runtime. Use Node.js v22')) warn(...args);
  };
  try {
    return (await import('oidc-provider')).default;
  } finally {
    console.warn = warn;
  }
}

export async function startGoogleStandIn(redirectUri: string): Promise<OidcServer> {
  const Provider = await importOidcProvider();
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [{
      client_id: GOOGLE_CLIENT.id, client_secret: GOOGLE_CLIENT.secret, redirect_uris: [redirectUri],
      grant_types: ['authorization_code'], response_types: ['code'], token_endpoint_auth_method: 'client_secret_post',
    }],
    scopes: ['openid', ...USERINFO_SCOPES],
    claims: {
      openid: ['sub'],
      [USERINFO_SCOPES[0]]: ['email', 'email_verified'],
      [USERINFO_SCOPES[1]]: ['name', 'picture'],
    },
    pkce: { required: () => true },
    cookies: { keys: ['cookie-key-for-tests'] },
    findAccount: async (_ctx: unknown, id: string) => ({
      accountId: id,
      claims: async () => ({ sub: id, email: `${id}@gmail.test`, email_verified: true, name: `Google ${id}` }),
    }),
  });
  server.on('request', provider.callback());
  return { issuer, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** Follows the provider's pages as a browser would: logs in as accountId and consents (or aborts). */
export async function walkGoogleLogin(authorizationUrl: string, accountId: string, decision: 'consent' | 'abort' = 'consent'): Promise<URL> {
  const cookies = new Map<string, string>();
  const origin = new URL(authorizationUrl).origin;
  const visit = async (url: string, form?: Record<string, string>): Promise<string> => {
    const response = await fetch(new URL(url, origin), {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: form ? new URLSearchParams(form).toString() : undefined,
    });
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(';');
      const separator = pair.indexOf('=');
      cookies.set(pair.slice(0, separator), pair.slice(separator + 1));
    }
    await response.arrayBuffer();
    const location = response.headers.get('location');
    if (!location) throw new Error(`${url} answered ${response.status} without a redirect`);
    return new URL(location, origin).toString();
  };
  let next = await visit(authorizationUrl);
  for (let step = 0; step < 10; step += 1) {
    if (!next.startsWith(origin)) return new URL(next);
    const interaction = /\/interaction\/([^/?]+)$/.exec(new URL(next).pathname);
    if (!interaction) {
      next = await visit(next);
    } else if (decision === 'abort') {
      next = await visit(`${next}/abort`);
    } else {
      const page = await fetch(new URL(next), { headers: { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') } });
      const prompt = (await page.text()).includes('name="login"') ? 'login' : 'consent';
      next = await visit(next, prompt === 'login' ? { prompt, login: accountId, password: 'any' } : { prompt });
    }
  }
  throw new Error('the provider never redirected back');
}
