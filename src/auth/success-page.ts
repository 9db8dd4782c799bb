// GET /oauth/success/?set_token=<JWT>: stores the token in localStorage under auth_token and closes itself when
// it was opened as a popup; otherwise it stores the reason under auth_token_err (the opener polls both). Only something
// shaped like a JWT is stored; the token is read by the script from the address, never written into the page.
// Only the browser that ran the login may store its token (login fixation): the callback gives that browser a
// short-lived, HttpOnly, one-time cookie holding the token's hash, and the server checks it before the page may
// store anything. A link with someone else's token, opened in a victim's browser, is refused.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Context } from 'koa';

export const SUCCESS_COOKIE = 'photobook_success';
// The callback redirects to the page at once: two minutes cover a slow network, not a link passed on later.
const SUCCESS_COOKIE_SECONDS = 120;

/** The page's outcome as the server decided it: the script stores the token only when it says accepted. */
type Outcome = 'accepted' | 'refused' | 'no-token';

// Only something shaped like a JWT is a token at all; anything else is "no valid token", whoever sent it.
const JWT_SHAPED = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

const SCRIPT = `(function () {
  var params = new URLSearchParams(window.location.search);
  var token = params.get('set_token');
  var error = params.get('err');
  var outcome = document.body.getAttribute('data-outcome');
  window.history.replaceState(null, '', window.location.pathname);
  var status = document.getElementById('status');
  if (error === null && outcome === 'accepted') {
    window.localStorage.removeItem('auth_token_err');
    window.localStorage.setItem('auth_token', token);
    if (window.opener) { window.close(); } else { status.textContent = 'You are logged in.'; }
  } else {
    var reason = error !== null ? error
      : outcome === 'refused' ? 'this login was not started in this browser.' : 'no valid token was given.';
    window.localStorage.setItem('auth_token_err', reason);
    status.textContent = 'Login failed: ' + reason;
  }
})();`;

const page = (outcome: Outcome) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Logging in</title></head>
<body data-outcome="${outcome}"><p id="status">Logging in…</p><script>${SCRIPT}</script></body></html>`;

// Only this exact script may run, the token in the address is sent to no other site, and no site may frame the page.
const SUCCESS_PAGE_HEADERS = {
  'Content-Security-Policy': `default-src 'none'; script-src 'sha256-${createHash('sha256').update(SCRIPT).digest('base64')}'; frame-ancestors 'none'`,
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'no-store',
};

const tokenHash = (token: string) => createHash('sha256').update(token).digest('base64url');

// Written by hand, as the login cookie is: koa's helper refuses Secure behind a TLS proxy it does not trust.
const successCookie = (value: string, maxAgeSeconds: number, secure: boolean) =>
  `${SUCCESS_COOKIE}=${value}; Path=/oauth/; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;

/** Called by the login callback with the token it sends to the success page: binds that token to this browser. */
export function bindSuccessPage(ctx: Context, token: string, secure: boolean): void {
  ctx.append('Set-Cookie', successCookie(tokenHash(token), SUCCESS_COOKIE_SECONDS, secure));
}

/** True when this browser holds the cookie the callback set for exactly this token. */
function ranTheLogin(ctx: Context, token: string): boolean {
  const presented = Buffer.from(ctx.cookies.get(SUCCESS_COOKIE) ?? '');
  const expected = Buffer.from(tokenHash(token));
  return presented.length === expected.length && timingSafeEqual(presented, expected);
}

/** Answers the success page; an accepted token uses up the cookie (a refusal leaves it, for the browser's own login). */
export function serveSuccessPage(ctx: Context, secure: boolean): void {
  const token = ctx.query.set_token;
  let outcome: Outcome = 'no-token';
  if (typeof token === 'string' && JWT_SHAPED.test(token) && ctx.query.err === undefined) {
    outcome = ranTheLogin(ctx, token) ? 'accepted' : 'refused';
  }
  if (outcome === 'accepted') ctx.append('Set-Cookie', successCookie('', 0, secure));
  ctx.set(SUCCESS_PAGE_HEADERS);
  ctx.status = outcome === 'refused' ? 403 : 200;
  ctx.type = 'text/html; charset=utf-8';
  ctx.body = page(outcome);
}
