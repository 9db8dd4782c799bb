// GET /: a small page that says what this service is and where to go next; during `photobook demo`, the demo
// shopper's journey from cart to paid.
import Router from '@koa/router';
import { escapeHtml } from '../http/html';
import type { RouteModule } from '../http/route-module';

/** The demo shopper that `photobook demo` made (never their token: this page is public, the terminal is not). */
export interface DemoShopper {
  email: string;
  layoutId: string;
}

const LINKS: [string, string][] = [
  ['/redaktor/', 'Book editor'],
  ['/docs', 'API documentation'],
  ['/openapi.json', 'OpenAPI document'],
  ['/metrics', 'Metrics (Prometheus)'],
  ['/healthz', 'Health check'],
  ['/readyz', 'Readiness check'],
];

function demoSection(shopper: DemoShopper, baseUrl: string): string {
  const layout = escapeHtml(shopper.layoutId);
  const steps = [
    `B=${escapeHtml(baseUrl)}; H="Authorization: Bearer $TOKEN"                # TOKEN: printed in the demo's terminal`,
    `curl -s -X POST -H "$H" $B/api/ua/layout/${layout}/                       # 201: the order; SET=its orderset_id`,
    `curl -s -H "$H" "$B/api/merch/orderset/$SET/delivery/options/?to_city_id=2"     # prices to Saint Petersburg`,
    `curl -s -X POST -H "$H" -H 'Content-Type: application/json' \\`,
    `  -d '{"type":"PVZ","to_city_id":2,"delivery_company_id":1}' $B/api/merch/orderset/$SET/delivery/check_delivery_price/`,
  ].join('\n');
  return `<section id="demo"><h2>Demo shopper</h2>
<p>E-mail <strong id="demo-email">${escapeHtml(shopper.email)}</strong>, layout <code id="demo-layout">${layout}</code>;
their token is printed in the terminal that runs <code>photobook demo</code>.
<a id="demo-editor" href="/redaktor/#${layout}/">Open their book in the editor</a> (a new browser opens it as a visitor: paste that token under "Войти по токену").</p>
<pre>${steps}</pre>
<p>Then <code>POST $B/api/merch/orderset/$SET/delivery/</code> with a delivery point and the recipient answers
the sandbox payment page's link: the whole journey is in docs/demo-walkthrough.md, section "From cart to paid with npm run demo". Theme notification e-mails go to <code>demo-admin@example.com</code> (unless NOTIFY_EMAILS says otherwise), as files in <code>DATA_DIR/outbox</code> when SMTP_URL is unset.</p></section>`;
}

export function homePage(baseUrl: string, shopper?: DemoShopper): string {
  const links = LINKS.map(([href, text]) => `<li><a href="${href}">${text}</a> <code>${href}</code></li>`).join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Photobook service</title>
<style>body{font:16px sans-serif;max-width:44em;margin:3em auto}pre{background:#f4f4f4;padding:1em;overflow-x:auto}</style></head>
<body><h1>Photobook service</h1>
<p>The back end of a print-on-demand photobook shop: gallery, login, layouts and their editing channel, cart,
delivery and payment. This is an API; the shop's front end is a separate application.</p>
<ul>
${links}
</ul>
${shopper ? demoSection(shopper, baseUrl) : ''}</body></html>`;
}

/** baseUrl: PUBLIC_BASE_URL, for the demo's curl steps. */
export function homeRoutes(baseUrl: string, shopper?: DemoShopper): RouteModule {
  const router = new Router();
  router.get('/', (ctx) => {
    ctx.set('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'");
    ctx.set('Cache-Control', 'no-store');
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = homePage(baseUrl, shopper);
  });
  return {
    router,
    ignoresAuthorization: true,
    docs: [{
      method: 'get', path: '/', tags: ['home'], summary: 'What this service is, with links (and the demo shopper under photobook demo)',
      responses: { 200: { description: 'An HTML page', schema: null, contentType: 'text/html' } },
    }],
  };
}
