// Calls to outside services (delivery aggregator, payment provider): a deadline on every attempt, retries only
// where the caller says they are safe, and every failure turned into one error type with its cause for the log.

export class VendorError extends Error {
  /**
   * outcomeUnknown: the request may have been acted on (no answer, a 5xx, an answer that cannot be read), as
   * opposed to a refusal the vendor stated; a write that fails so must be looked up before it is tried again.
   */
  constructor(readonly vendor: string, message: string, readonly status?: number, readonly outcomeUnknown = false) {
    super(`${vendor}: ${message}`);
  }
}

export interface VendorResponse {
  status: number;
  /** The parsed JSON body, or undefined when the body is not JSON. */
  json: unknown;
}

export interface VendorCall {
  vendor: string;
  timeoutMs: number;
  /** Extra attempts after a network failure, a timeout or a 5xx; only for requests that are safe to repeat. */
  retries?: number;
  /** Pause before retry n (1-based), in milliseconds. */
  backoffMs?: (attempt: number) => number;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The cause of a failed fetch as a log can name it: undici's code (ECONNREFUSED, ...) or the error's name. */
export function failureCode(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown } }).cause;
  if (typeof cause?.code === 'string') return cause.code;
  return (error as Error).name === 'TimeoutError' ? 'ETIMEDOUT' : (error as Error).name ?? 'Error';
}

// A message names the host, never the URL: DDelivery's path carries the API key.
async function attempt(url: string, init: RequestInit, call: VendorCall): Promise<VendorResponse> {
  const started = Date.now();
  const { host } = new URL(url);
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(call.timeoutMs) });
    text = await response.text();
  } catch (error) {
    const timedOut = (error as Error).name === 'TimeoutError';
    const elapsed = Date.now() - started;
    const reason = timedOut ? `timed out after ${call.timeoutMs} ms` : `unreachable (${failureCode(error)} after ${elapsed} ms)`;
    // A refused connection or an unknown host never reached the vendor; anything else may have been acted on.
    const neverSent = ['ECONNREFUSED', 'ENOTFOUND'].includes(failureCode(error));
    throw new VendorError(call.vendor, `${host} ${reason}`, undefined, !neverSent);
  }
  if (response.status >= 500) throw new VendorError(call.vendor, `${host} answered ${response.status}`, response.status, true);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, json };
}

/** One request, repeated on failure as many times as call.retries allows. 4xx answers are returned, not retried. */
export async function vendorRequest(url: string, init: RequestInit, call: VendorCall): Promise<VendorResponse> {
  const retries = call.retries ?? 0;
  for (let attemptNumber = 0; ; attemptNumber += 1) {
    try {
      return await attempt(url, init, call);
    } catch (error) {
      if (attemptNumber >= retries) throw error;
      await pause(call.backoffMs?.(attemptNumber + 1) ?? 0);
    }
  }
}

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
