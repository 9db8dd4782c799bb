// Calls to identity providers: a deadline on every call, and every way a provider can fail turned into a
// ProviderError (never an exception that would become a 500).
import { failureCode } from '../../util/vendor-http';
import { ProviderError } from './provider';

// The detail, which is logged, names the host and never the URL: a token URL may carry the client secret.
export async function providerJson(url: string, timeoutMs: number, init: RequestInit = {}): Promise<{ status: number; body: Record<string, unknown> }> {
  const started = Date.now();
  const { host } = new URL(url);
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(timeoutMs) });
    text = await response.text();
  } catch (error) {
    throw new ProviderError(502, 'provider_unavailable', `${host} unreachable (${failureCode(error)} after ${Date.now() - started} ms)`);
  }
  if (response.status >= 500) {
    throw new ProviderError(502, 'provider_unavailable', `${host} answered ${response.status} after ${Date.now() - started} ms`);
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ProviderError(502, 'provider_bad_response', `${new URL(url).host} answered no JSON`);
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new ProviderError(502, 'provider_bad_response', `${new URL(url).host} answered no JSON object`);
  }
  return { status: response.status, body: body as Record<string, unknown> };
}

export function formBody(fields: Record<string, string>): RequestInit {
  return {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
    body: new URLSearchParams(fields).toString(),
  };
}

/** The authorization URL: parameters in this order, scopes joined by spaces (encoded as +). */
export function urlWithQuery(base: string, params: Record<string, string | undefined>): string {
  const url = new URL(base);
  for (const [name, value] of Object.entries(params)) if (value !== undefined) url.searchParams.set(name, value);
  return url.toString();
}

export function requireString(body: Record<string, unknown>, field: string, host: string): string {
  const value = body[field];
  if (typeof value === 'string' && value !== '') return value;
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  throw new ProviderError(502, 'provider_bad_response', `${host} sent no ${field}`);
}
