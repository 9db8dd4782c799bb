// What a browser and the shop's front end do over HTTP, with fetch: JSON calls with a token, and the sandbox login.
import { expect } from 'chai';

export type Role = 'user' | 'moderator' | 'admin';

// A request answered in under a second here: one that has not been answered in this long is stuck, and says so
// (a journey once hung until the test's 240 s timeout without telling which of its requests or messages waited).
const CALL_TIMEOUT_MS = 30_000;

/** A JSON call; the status and the parsed body (undefined when there is none). */
export async function call(base: string, method: string, path: string, token?: string, body?: unknown): Promise<{ status: number; body: any }> {
  const headers: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(new URL(path, base), {
    method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
  }).catch((error: unknown) => {
    throw new Error(`${method} ${path}: no answer (${String(error)})`);
  });
  const text = await response.text();
  return { status: response.status, body: text && response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text };
}

/** The path and query of one of the service's absolute URLs, on base instead. */
const on = (base: string, url: string) => {
  const parsed = new URL(url);
  return new URL(parsed.pathname + parsed.search, base);
};

/**
 * Logs in through the sandbox identity provider as a browser does: GET /auth/sandbox/ (the login cookie), the
 * consent page's form, the callback. Each step is a request of its own, so behind a balancer each may reach
 * another process. The token.
 */
export async function sandboxLogin(base: string, email: string, role: Role): Promise<string> {
  const started = await fetch(new URL('/auth/sandbox/', base));
  expect(started.status).to.equal(200);
  const cookie = started.headers.getSetCookie().map((header) => header.split(';')[0]).join('; ');
  const page = new URL(((await started.json()) as { url: string }).url);
  const approval = on(base, new URL('/auth/sandbox/authorize/approve/', page).toString());
  page.searchParams.forEach((value, name) => approval.searchParams.set(name, value));
  approval.searchParams.set('email', email);
  approval.searchParams.set('role', role);
  const approved = await fetch(approval, { headers: { cookie }, redirect: 'manual' });
  expect(approved.status, await approved.text()).to.equal(302);
  const callback = await fetch(on(base, approved.headers.get('location')!), { headers: { cookie }, redirect: 'manual' });
  expect(callback.status, await callback.text()).to.equal(302);
  const token = new URL(callback.headers.get('location')!).searchParams.get('set_token');
  expect(token).to.be.a('string');
  return token!;
}
