// Links that carry their own permission: an expiry and an HMAC of the path and the expiry, under a key derived from
// the server's secret for one purpose, so a link of one kind never opens another kind's path.
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface UrlSigner {
  /** The query string (expires=...&sig=...) that opens path until ttlSeconds from now. */
  sign(path: string, ttlSeconds: number): string;
  /** Whether the expires and sig parameters open path now. */
  verify(path: string, expires: unknown, sig: unknown): boolean;
}

export function createUrlSigner(secret: string, purpose: string, now: () => number = Date.now): UrlSigner {
  const key = createHmac('sha256', secret).update(`photobook signed url: ${purpose}`).digest();
  const signatureOf = (path: string, expires: string) => createHmac('sha256', key).update(`${path}\n${expires}`).digest();
  return {
    sign(path, ttlSeconds) {
      const expires = String(Math.floor(now() / 1000) + ttlSeconds);
      return `expires=${expires}&sig=${signatureOf(path, expires).toString('base64url')}`;
    },
    verify(path, expires, sig) {
      if (typeof expires !== 'string' || !/^\d{1,12}$/.test(expires) || typeof sig !== 'string') return false;
      if (Number(expires) * 1000 <= now()) return false;
      const given = Buffer.from(sig, 'base64url');
      const expected = signatureOf(path, expires);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
