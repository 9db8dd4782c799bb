// A fixed-window request limit per client address, kept in this process (each process limits on its own).
import type { Context, Next } from 'koa';
import { HttpError } from './errors';

const WINDOW_MS = 60_000;
const SWEEP_ABOVE = 10_000;

export function rateLimit(perMinute: number) {
  const windows = new Map<string, { started: number; count: number }>();
  return async function limitRate(ctx: Context, next: Next): Promise<void> {
    const now = Date.now();
    if (windows.size > SWEEP_ABOVE) {
      for (const [address, window] of windows) if (now - window.started >= WINDOW_MS) windows.delete(address);
    }
    let window = windows.get(ctx.ip);
    if (!window || now - window.started >= WINDOW_MS) {
      window = { started: now, count: 0 };
      windows.set(ctx.ip, window);
    }
    window.count += 1;
    if (window.count > perMinute) {
      const seconds = Math.ceil((window.started + WINDOW_MS - now) / 1000);
      throw new HttpError(429, { detail: `Request was throttled. Expected available in ${seconds} seconds.` }, { 'Retry-After': String(seconds) });
    }
    await next();
  };
}
