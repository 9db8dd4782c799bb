// A fixed-window request limit per client address, kept in this process (each process limits on its own).
// Its memory is bounded: a flood of distinct addresses cannot grow it past maxAddresses.
import type { Context, Next } from 'koa';
import { HttpError } from './errors';

const WINDOW_MS = 60_000;
const DEFAULT_MAX_ADDRESSES = 10_000;
// Sweeping walks every window: at most once a second, so a flood cannot make each request pay for a full walk.
const SWEEP_INTERVAL_MS = 1000;

export function rateLimit(perMinute: number, maxAddresses = DEFAULT_MAX_ADDRESSES) {
  const windows = new Map<string, { started: number; count: number }>();
  let lastSweep = 0;

  /** Room for one more address: expired windows go first, then the oldest ones (Map keeps insertion order). */
  const makeRoom = (now: number) => {
    if (now - lastSweep >= SWEEP_INTERVAL_MS) {
      lastSweep = now;
      for (const [address, window] of windows) if (now - window.started >= WINDOW_MS) windows.delete(address);
    }
    // Forgetting the oldest address can give it a fresh window early; only a flood from that many real
    // addresses gets there, and the memory bound matters more than that address's exact count.
    for (const address of windows.keys()) {
      if (windows.size < maxAddresses) break;
      windows.delete(address);
    }
  };

  const limitRate = async function limitRate(ctx: Context, next: Next): Promise<void> {
    const now = Date.now();
    let window = windows.get(ctx.ip);
    if (!window || now - window.started >= WINDOW_MS) {
      if (!window) makeRoom(now);
      else windows.delete(ctx.ip);
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
  return Object.assign(limitRate, { trackedAddresses: () => windows.size });
}
