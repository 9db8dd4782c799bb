// Login through OAuth providers (passport strategies via koa-passport, no server sessions) and the success page;
// then the logged-in user and logout.
import Router from '@koa/router';
import { KoaPassport } from 'koa-passport';
import type { Context } from 'koa';
import type { Logger } from 'pino';
import { type Config, isLoopbackHost } from '../config';
import type { AccountsService } from './accounts-service';
import { requireAccount } from '../http/auth';
import { rateLimit } from '../http/rate-limit';
import { requireUser } from '../http/request-state';
import type { RouteDoc, RouteModule } from '../http/route-module';
import { notFound, type ServiceError } from '../shared/errors';
import type { LoginService } from './login-service';
import { bindBrowser, presentedBrowserHash } from './oauth/browser-binding';
import type { IdentityProvider, ProviderName } from './oauth/provider';
import type { StateStore } from './oauth/state-store';
import { type OAuthFailure, OAuthCodeStrategy } from './oauth/strategy';
import { createGoogleProvider } from './providers/google';
import { createInstagramProvider } from './providers/instagram';
import { createSandboxProvider } from './providers/sandbox';
import { createVkProvider } from './providers/vk';
import { bindSuccessPage, serveSuccessPage } from './success-page';
import type { TokenService } from './tokens';
import type { User } from './users-repository';

export function enabledProviders(config: Config): IdentityProvider[] {
  const { google, vk, instagram, timeoutMs } = config.oauth;
  const { publicBaseUrl, jwtSecret: secret, sandboxLogin } = config;
  return [
    google && createGoogleProvider({ ...google, timeoutMs }),
    vk && createVkProvider({ ...vk, timeoutMs }),
    instagram && createInstagramProvider({ ...instagram, timeoutMs }),
    sandboxLogin.enabled ? createSandboxProvider({ publicBaseUrl, secret, roleChoice: sandboxLogin.roleChoice }) : undefined,
  ].filter((provider): provider is IdentityProvider => provider !== undefined);
}

const PROVIDER_NAMES: readonly ProviderName[] = ['google', 'vk', 'instagram', 'sandbox'];

export const configuredProviderNames = (config: Config) =>
  PROVIDER_NAMES.filter((name) => (name === 'sandbox' ? config.sandboxLogin.enabled : config.oauth[name] !== undefined));

/** Why the sandbox login is off here: production, a HOST other machines reach (see config/access.ts), or asked. */
function sandboxOffBecause(config: Config): string {
  if (config.env === 'production') return 'NODE_ENV=production';
  if (!isLoopbackHost(config.host)) return `HOST ${config.host} can be reached from other machines`;
  return 'SANDBOX_LOGIN=0';
}

/** The answer of a provider's route when the provider is not configured: what is missing, not a bare 404. */
function notConfigured(name: ProviderName, config: Config): ServiceError {
  if (name === 'sandbox') return notFound(`The sandbox login is off on this server (${sandboxOffBecause(config)}): set SANDBOX_LOGIN=1 to allow it.`);
  const prefix = name.toUpperCase();
  return notFound(`Login with ${name} is not configured on this server: set ${prefix}_CLIENT_ID and ${prefix}_CLIENT_SECRET.`);
}

/**
 * The visitor whose token starts a login (the front end sends its token with the start): the login takes over the
 * visitor's work. Any other token, or none, binds nobody; a broken one does not stop a login either.
 */
async function startingVisitor(ctx: Context, accounts: AccountsService): Promise<number | null> {
  const presented = /^(?:Bearer|JWT)\s+(\S+)$/i.exec(ctx.get('Authorization').trim())?.[1];
  if (!presented) return null;
  const holder = await accounts.holderOf(presented);
  return typeof holder === 'object' && holder.user.role === 'visitor' ? holder.user.id : null;
}

export function loginRoutes(deps: {
  config: Config; tokens: TokenService; accounts: AccountsService; providers: IdentityProvider[]; log: Logger; login: LoginService; states: StateStore;
}): RouteModule {
  const { config, tokens } = deps;
  const passport = new KoaPassport();
  const { states } = deps;
  const { login } = deps;
  const router = new Router();
  const limitLogins = rateLimit(config.loginRateLimitPerMinute);
  const secureCookies = config.publicBaseUrl.startsWith('https:');

  for (const provider of deps.providers) {
    const redirectUri = `${config.publicBaseUrl}/auth/${provider.name}/`;
    passport.use(new OAuthCodeStrategy(provider, states, redirectUri,
      (profile, visitorId) => login.userForProfile(provider.name, profile, visitorId)));

    // Made per request: the callback must answer on this request's context.
    const authenticate = (ctx: Context, browserHash: string | undefined, visitorId: number | null) => passport.authenticate(
      provider.name, { session: false, browserHash, visitorId },
      (error: unknown, user: User | false, failure: OAuthFailure | undefined, status: number | undefined) => {
        if (error) throw error;
        if (!user) {
          ctx.status = status ?? 401;
          ctx.body = { err: failure?.err ?? 'login_failed' };
          // A provider that failed is the operator's to look into; a refused code or state is the client's.
          if (ctx.status === 502) deps.log.warn({ provider: provider.name, cause: failure?.cause }, 'login provider failed');
          return;
        }
        // The success address comes from configuration only: nothing in the request can redirect elsewhere.
        const token = tokens.issue(user);
        bindSuccessPage(ctx, token, secureCookies);
        ctx.redirect(`${config.frontendUrl}/oauth/success/?set_token=${encodeURIComponent(token)}`);
      });

    router.get(`/auth/${provider.name}/`, limitLogins, async (ctx, next) => {
      ctx.set('Cache-Control', 'no-store');
      const starting = ctx.query.code === undefined;
      const browserHash = starting ? bindBrowser(ctx, secureCookies) : presentedBrowserHash(ctx);
      const visitorId = starting ? await startingVisitor(ctx, deps.accounts) : null;
      await authenticate(ctx, browserHash, visitorId)(ctx, next);
      // Without a code the strategy redirects to the provider; front ends expect that address as JSON instead.
      if (starting && ctx.status === 302) {
        const url = ctx.response.get('Location');
        ctx.remove('Location');
        ctx.status = 200;
        ctx.body = { url };
      }
    });
  }

  for (const name of PROVIDER_NAMES.filter((known) => !deps.providers.some((provider) => provider.name === known))) {
    router.get(`/auth/${name}/`, () => {
      throw notConfigured(name, config);
    });
  }

  // The front end's start without a login: a visitor account (no e-mail), whose work a later login takes over and
  // which the purge deletes once unused for VISITOR_RETENTION_DAYS.
  router.post('/auth/autoreg/', limitLogins, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { token: tokens.issue(await deps.accounts.createVisitor()) };
  });

  router.get('/oauth/success/', (ctx) => serveSuccessPage(ctx, secureCookies));

  return { router, docs: loginDocs(), ignoresAuthorization: true };
}

// Logout and deletion end the user's editing connections in every process through the account-change notice that
// the database sends at commit (src/auth/account-changes.ts).
export function accountRoutes(accounts: AccountsService): RouteModule {
  const router = new Router();
  router.get('/api/auth/user/', requireAccount(), async (ctx) => {
    const user = await accounts.own(requireUser(ctx).id);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { id: user.id, uid: String(user.id), email: user.email, name: user.name, full_name: user.name, role: user.role };
  });

  router.post('/api/auth/logout/', requireAccount(), async (ctx) => {
    await accounts.logout(requireUser(ctx).id);
    ctx.body = { detail: 'Successfully logged out.' };
  });

  // The user's own account: anonymised, not removed (see deleteUser); their orders stay with the shop.
  router.delete('/api/auth/user/', requireAccount(), async (ctx) => {
    await accounts.remove(requireUser(ctx).id);
    ctx.status = 204;
  });

  return { router, docs: ACCOUNT_DOCS };
}

const tags = ['auth'];

/** Every provider is listed, configured or not: an unconfigured one answers 404 with what to set. */
function loginDocs(): RouteDoc[] {
  const perProvider = PROVIDER_NAMES.map((name): RouteDoc => ({
    method: 'get', path: `/auth/${name}/`, tags, summary: `Log in with ${name}`,
    description: 'Without code: the provider\'s authorization URL, and the HttpOnly cookie photobook_login that binds the attempt to this browser. As the provider\'s callback (code, state, with that cookie): 302 to FRONTEND_URL/oauth/success/?set_token=<JWT>, with the one-time cookie photobook_success that lets that page store the token in this browser only.',
    responses: {
      200: { description: 'The authorization URL', schema: 'auth-url.json' },
      302: { description: 'Logged in: to the success page with the token', schema: null },
      400: { description: 'Missing, unknown, expired or reused state; a state another browser asked for (browser_mismatch); a code the provider refused', schema: 'auth-error.json' },
      401: { description: 'The user denied access', schema: 'auth-error.json' },
      404: { description: 'This provider is not configured on this server (the detail names the variables to set)', schema: 'error-detail.json' },
      429: { description: 'Too many login requests from this address', schema: 'error-detail.json' },
      502: { description: 'The provider is unreachable, too slow or answered garbage', schema: 'auth-error.json' },
    },
  }));
  return [
    ...perProvider,
    {
      method: 'post', path: '/auth/autoreg/', tags, summary: 'A visitor account and its token: a shopper before logging in',
      description: 'Makes a user of role "visitor" (no e-mail); its token (exp after VISITOR_TOKEN_LIFETIME_SECONDS) makes books, has a cart and checks delivery prices, '
        + 'but cannot confirm a delivery or pay (403). A login started with this token (Authorization header on GET /auth/<provider>/) moves the visitor\'s books and cart '
        + 'into the account and deletes the visitor. Unused for VISITOR_RETENTION_DAYS, it is deleted. Rate-limited per client address together with /auth/<provider>/.',
      responses: {
        200: { description: 'The visitor\'s token', schema: 'auth-token.json' },
        429: { description: 'Too many requests from this address', schema: 'error-detail.json' },
      },
    },
    {
      method: 'get', path: '/oauth/success/', tags, summary: 'Stores set_token in localStorage (auth_token); closes itself in a popup',
      description: 'Only in the browser that ran the login: the callback sets the HttpOnly one-time cookie photobook_success (the token\'s hash, 2 minutes); without it the page refuses and sets auth_token_err.',
      responses: {
        200: { description: 'An HTML page (storing the token, or showing why there is none)', schema: null, contentType: 'text/html' },
        403: { description: 'An HTML page refusing a set_token that this browser\'s login did not produce', schema: null, contentType: 'text/html' },
      },
    },
  ];
}

const ACCOUNT_DOCS: RouteDoc[] = [
  {
    method: 'get', path: '/api/auth/user/', tags, auth: true, summary: 'The logged-in user',
    responses: { 200: { description: 'The user', schema: 'auth-user.json' }, 401: { description: 'Not logged in', schema: 'error-detail.json' } },
  },
  {
    method: 'delete', path: '/api/auth/user/', tags, auth: true,
    summary: 'Deletes the logged-in user: e-mail, name and login identities are erased, every token revoked; orders stay',
    responses: { 204: { description: 'Deleted', schema: null }, 401: { description: 'Not logged in', schema: 'error-detail.json' } },
  },
  {
    method: 'post', path: '/api/auth/logout/', tags, auth: true, summary: 'Revokes every token issued so far to this user',
    responses: { 200: { description: 'Logged out', schema: 'error-detail.json' }, 401: { description: 'Not logged in', schema: 'error-detail.json' } },
  },
];
