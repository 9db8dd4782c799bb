// Binds login states to the browser that asked for them (login CSRF): GET /auth/<provider>/ gives the browser a
// random value in an HttpOnly, SameSite=Lax cookie, the state row keeps only its hash, and the callback counts
// only with the same cookie. A victim's browser sent an attacker's callback URL has no such cookie for that state.
import { createHash, randomBytes } from 'node:crypto';
import type { Context } from 'koa';
import { STATE_LIFETIME_SECONDS } from './state-store';

export const LOGIN_COOKIE = 'photobook_login';
const WELL_FORMED = /^[A-Za-z0-9_-]{43}$/;

export const browserHashOf = (value: string) => createHash('sha256').update(value).digest('base64url');

/** The hash of this browser's binding, or undefined when the request carries no well-formed cookie. */
export function presentedBrowserHash(ctx: Context): string | undefined {
  const value = ctx.cookies.get(LOGIN_COOKIE);
  return value && WELL_FORMED.test(value) ? browserHashOf(value) : undefined;
}

/**
 * The browser's binding for a new login attempt: its current cookie when it has one (so logins started in two
 * tabs both stay valid), else a new one. The cookie is (re)set either way, for the lifetime of a state.
 * Lax, not Strict: the provider's redirect back is a cross-site top-level navigation, which Lax cookies follow.
 */
export function bindBrowser(ctx: Context, secure: boolean): string {
  const current = ctx.cookies.get(LOGIN_COOKIE);
  const value = current && WELL_FORMED.test(current) ? current : randomBytes(32).toString('base64url');
  // Written by hand: koa's cookie helper refuses Secure on a plain connection behind a TLS proxy it does not trust.
  ctx.append('Set-Cookie', `${LOGIN_COOKIE}=${value}; Path=/auth/; Max-Age=${STATE_LIFETIME_SECONDS}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`);
  return browserHashOf(value);
}
