// Security headers on every answer, set by helmet (through koa-helmet) before anything else runs, so error answers
// carry them too. A page with its own stricter Content-Security-Policy (sandbox pages, the login success page, the
// home page) replaces this one; X-Frame-Options: DENY stays on every page whatever its policy.
import type { Middleware } from 'koa';
import helmet from 'koa-helmet';

export const HSTS_MAX_AGE_SECONDS = 180 * 24 * 3600;

/** publicBaseUrl: the service's public address; HSTS (and upgrading subresources) only when it is https. */
export function securityHeaders(publicBaseUrl: string): Middleware {
  const https = new URL(publicBaseUrl).protocol === 'https:';
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      // What /docs (swagger-ui: its own scripts, inline style attributes, data: icons) needs, and no more.
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'none'"],
        objectSrc: ["'none'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // The shop's front end, on another origin, shows /media images and opens the login popup, whose success page
    // must still see its opener.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    crossOriginOpenerPolicy: false,
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    // Not for subdomains: they may be other services of the operator, on plain HTTP.
    strictTransportSecurity: https ? { maxAge: HSTS_MAX_AGE_SECONDS, includeSubDomains: false } : false,
  });
}
