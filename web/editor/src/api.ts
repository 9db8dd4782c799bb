// The service's REST API with the shopper's token, kept where the shop's front end keeps it (same origin).
const TOKEN_KEY = 'auth_token';

export class HttpError extends Error {
  constructor(readonly status: number, readonly body: unknown) {
    super(`HTTP ${status}`);
  }
}

export function storedToken(): string | null {
  const token = localStorage.getItem(TOKEN_KEY);
  return token && token !== 'null' && token !== 'undefined' ? token : null;
}

/** The token the shop's front end left, or a new visitor's, made the way the front end makes one. */
export async function ensureToken(): Promise<string> {
  const existing = storedToken();
  if (existing) return existing;
  const response = await fetch('/auth/autoreg/', { method: 'POST' });
  if (!response.ok) throw new HttpError(response.status, await response.json().catch(() => null));
  const { token } = (await response.json()) as { token: string };
  localStorage.setItem(TOKEN_KEY, token);
  return token;
}

export async function api<T>(token: string, path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const response = await fetch(path, {
    method: init.method ?? 'GET',
    headers: { Authorization: `Bearer ${token}`, ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const body: unknown = response.status === 204 ? null : await response.json().catch(() => null);
  if (!response.ok) throw new HttpError(response.status, body);
  return body as T;
}

/** The sandbox login's popup, where the service offers it; the success page stores the new token in localStorage. */
export async function startLogin(token: string): Promise<boolean> {
  const response = await fetch('/auth/sandbox/', { headers: { Authorization: `Bearer ${token}` } });
  if (!response.ok) return false;
  const { url } = (await response.json()) as { url: string };
  window.open(url, 'login', 'width=480,height=640');
  const poll = window.setInterval(() => {
    const now = storedToken();
    if (now && now !== token) {
      window.clearInterval(poll);
      window.location.reload();
    }
  }, 500);
  return true;
}

/**
 * A token the person pastes (the demo prints its shopper's; support staff may hand one over): kept like the shop's
 * own, then the book opens again with it.
 */
export function adoptToken(token: string): void {
  localStorage.setItem(TOKEN_KEY, token);
  window.location.reload();
}
