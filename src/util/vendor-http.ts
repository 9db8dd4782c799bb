// Calls to outside services (delivery aggregator, payment provider): a deadline on every attempt, retries only
// where the caller says they are safe, and every failure turned into one error type with its cause for the log.

export class VendorError extends Error {
  constructor(readonly vendor: string, message: string, readonly status?: number) {
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

async function attempt(url: string, init: RequestInit, call: VendorCall): Promise<VendorResponse> {
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(call.timeoutMs) });
    text = await response.text();
  } catch (error) {
    const timedOut = (error as Error).name === 'TimeoutError';
    throw new VendorError(call.vendor, timedOut ? `timed out after ${call.timeoutMs} ms` : `unreachable (${(error as Error).message})`);
  }
  if (response.status >= 500) throw new VendorError(call.vendor, `answered ${response.status}`, response.status);
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
