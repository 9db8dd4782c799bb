// The sandbox provider's consent page, /auth/sandbox/authorize/: pick or type an address (and, outside production, a
// role); approving it redirects to the configured callback with a signed code, never to an address from the request.
// The form is sent with GET: the service parses no form bodies, and the page carries nothing secret.
import Router from '@koa/router';
import type { Context } from 'koa';
import type { Role } from '../../shared/user';
import { validationError } from '../../http/errors';
import type { RouteDoc, RouteModule } from '../../http/route-module';
import { urlWithQuery } from '../oauth/http';
import { SANDBOX_ROLES, sandboxCallbackUrl, sandboxCodes } from './sandbox';
import { escapeHtml } from '../../http/html';

export interface SandboxPageOptions {
  publicBaseUrl: string;
  frontendUrl: string;
  secret: string;
  roleChoice: boolean;
}

const SUGGESTED_ADDRESSES = ['shopper@example.com', 'moderator@example.com', 'admin@example.com'];
const STATE = /^[A-Za-z0-9_-]{1,200}$/;
const CODE_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;
const EMAIL = /^[^\s@<>"']+@[^\s@<>"']+\.[^\s@<>"']+$/;

/** The login request the provider's redirect carried, checked as a provider checks a client's request. */
function loginRequestOf(ctx: Context, callbackUrl: string): { state: string; codeChallenge: string } {
  const { state, redirect_uri: redirectUri, code_challenge: codeChallenge, code_challenge_method: method } = ctx.query;
  const errors: Record<string, string[]> = {};
  if (typeof state !== 'string' || !STATE.test(state)) errors.state = ['A login state is required: start at /auth/sandbox/.'];
  // Like a registered redirect URI: only this service's own callback.
  if (redirectUri !== callbackUrl) errors.redirect_uri = [`Must be ${callbackUrl}.`];
  if (typeof codeChallenge !== 'string' || !CODE_CHALLENGE.test(codeChallenge) || method !== 'S256') {
    errors.code_challenge = ['An S256 code challenge is required.'];
  }
  if (Object.keys(errors).length > 0) throw validationError(errors);
  return { state: state as string, codeChallenge: codeChallenge as string };
}

function grantOf(ctx: Context, roleChoice: boolean): { email: string; role: Role | null } {
  const { email, role } = ctx.query;
  const errors: Record<string, string[]> = {};
  if (typeof email !== 'string' || email.trim() === '') errors.email = ['This field is required.'];
  else if (email.length > 254 || !EMAIL.test(email.trim())) errors.email = ['Enter a valid email address.'];
  if (role !== undefined && role !== '') {
    if (!roleChoice) errors.role = ['Choosing a role is not allowed on this server.'];
    else if (typeof role !== 'string' || !SANDBOX_ROLES.includes(role as Role)) errors.role = [`"${String(role)}" is not a valid choice.`];
  }
  if (Object.keys(errors).length > 0) throw validationError(errors);
  return { email: (email as string).trim().toLowerCase(), role: roleChoice && role ? role as Role : null };
}

function pageHtml(query: Record<string, string>, roleChoice: boolean): string {
  const hidden = Object.entries(query).map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`).join('\n');
  const addresses = SUGGESTED_ADDRESSES.map((address) => `<option value="${escapeHtml(address)}">`).join('');
  const roles = SANDBOX_ROLES.map((role) => `<option value="${role}"${role === 'user' ? ' selected' : ''}>${role}</option>`).join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Sandbox login</title></head>
<body><h1>Sandbox login</h1>
<p>No identity provider is asked: you log in as the address you give${roleChoice ? ', with the role you pick' : ''}.</p>
<form method="get" action="/auth/sandbox/authorize/approve/">
${hidden}
<p><label>E-mail <input id="email" name="email" type="email" required maxlength="254" list="addresses"></label>
<datalist id="addresses">${addresses}</datalist></p>
${roleChoice ? `<p><label>Role <select id="role" name="role">${roles}</select></label></p>` : ''}
<p><button id="login" type="submit">Log in</button></p>
</form></body></html>`;
}

export function sandboxPageRoutes(options: SandboxPageOptions): RouteModule {
  const router = new Router();
  const callbackUrl = sandboxCallbackUrl(options.publicBaseUrl);
  const codes = sandboxCodes(options.secret);
  // No script at all; the form may go only to this service, whose callback then sends the browser to the front end.
  const headers = {
    'Content-Security-Policy': `default-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self' ${new URL(callbackUrl).origin} ${new URL(options.frontendUrl).origin}`,
    'Referrer-Policy': 'no-referrer',
    'Cache-Control': 'no-store',
  };

  router.get('/auth/sandbox/authorize/', (ctx) => {
    const { state, codeChallenge } = loginRequestOf(ctx, callbackUrl);
    ctx.set(headers);
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = pageHtml({ state, redirect_uri: callbackUrl, code_challenge: codeChallenge, code_challenge_method: 'S256' }, options.roleChoice);
  });

  router.get('/auth/sandbox/authorize/approve/', (ctx) => {
    const { state, codeChallenge } = loginRequestOf(ctx, callbackUrl);
    const grant = grantOf(ctx, options.roleChoice);
    ctx.set('Cache-Control', 'no-store');
    ctx.redirect(urlWithQuery(callbackUrl, { code: codes.sign({ ...grant, challenge: codeChallenge }), state }));
  });

  return { router, docs: sandboxPageDocs(), ignoresAuthorization: true };
}

function sandboxPageDocs(): RouteDoc[] {
  const tags = ['login'];
  const invalid = { description: 'No valid state, redirect_uri (only PUBLIC_BASE_URL/auth/sandbox/) or S256 code_challenge; an invalid email or role', schema: 'validation-error.json' };
  return [
    {
      method: 'get', path: '/auth/sandbox/authorize/', tags, summary: 'The sandbox provider\'s login page (the url of GET /auth/sandbox/)',
      description: 'Query: state, redirect_uri, code_challenge, code_challenge_method=S256, as GET /auth/sandbox/ gave them. Absent when SANDBOX_LOGIN is off.',
      responses: { 200: { description: 'An HTML form: e-mail and, outside production, role', schema: null, contentType: 'text/html' }, 400: invalid },
    },
    {
      method: 'get', path: '/auth/sandbox/authorize/approve/', tags, summary: 'The sandbox login page\'s form: to the callback with a code',
      description: 'Query: the login page\'s own, and email, role (user, moderator or admin; outside production only). 302 to PUBLIC_BASE_URL/auth/sandbox/?code=...&state=....',
      responses: { 302: { description: 'To the callback with a signed code', schema: null }, 400: invalid },
    },
  ];
}
