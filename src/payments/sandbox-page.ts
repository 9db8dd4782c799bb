// The sandbox provider's payment page: Pay or Decline, then the same path as a provider's notification.
import type Router from '@koa/router';
import type { Context } from 'koa';
import { notFound } from '../http/errors';
import type { RouteDoc } from '../http/route-module';
import type { SandboxPaymentProvider } from './sandbox-provider';
import type { PaymentsService } from './service';
import { escapeHtml as escape } from '../http/html';
import { roublesText } from '../shared/money';

const STATUS_TEXT = { pending: 'Awaiting payment', waiting_for_capture: 'Awaiting capture', succeeded: 'Payment succeeded', canceled: 'Payment declined' };

function page(payment: Awaited<ReturnType<SandboxPaymentProvider['find']>> & object): string {
  const actions = payment.status === 'pending'
    ? `<form method="post" action="/pay/sandbox/${payment.id}/pay"><button id="pay" type="submit">Pay</button></form>
       <form method="post" action="/pay/sandbox/${payment.id}/decline"><button id="decline" type="submit">Decline</button></form>`
    : `<p><a id="return" href="${escape(payment.returnUrl)}">Back to the shop</a></p>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Sandbox payment</title>
<style>body{font:16px sans-serif;max-width:30em;margin:3em auto}form{display:inline-block;margin-right:1em}</style></head>
<body><h1>Sandbox payment</h1>
<p>${escape(payment.description)}: <strong id="amount">${roublesText(payment.amountKopecks)} RUB</strong></p>
<p id="status" data-status="${payment.status}">${STATUS_TEXT[payment.status]}</p>
${actions}
<p><small>No money moves: this is the shop's built-in test payment provider.</small></p></body></html>`;
}

export function mountSandboxPage(router: Router, provider: SandboxPaymentProvider, payments: PaymentsService): RouteDoc[] {
  const showPage = async (ctx: Context) => {
    const payment = await provider.find(ctx.params.payment_id);
    if (!payment) throw notFound();
    ctx.set('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'");
    ctx.set('Cache-Control', 'no-store');
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = page(payment);
  };
  router.get('/pay/sandbox/:payment_id/', showPage);
  // The shop's front end opens a payment link by posting the link's query string as a form: the same page, and the
  // form is not read, so a POST changes nothing (paying takes the page's own Pay button).
  router.post('/pay/sandbox/:payment_id/', showPage);
  for (const [action, outcome] of [['pay', 'succeeded'], ['decline', 'canceled']] as const) {
    router.post(`/pay/sandbox/:payment_id/${action}/`, async (ctx) => {
      const id = ctx.params.payment_id;
      if (!(await provider.find(id))) throw notFound();
      await payments.completeInSandbox(provider, id, outcome);
      ctx.redirect(`/pay/sandbox/${id}/`);
      ctx.status = 303;
    });
  }
  const tags = ['payment'];
  return [
    ...(['get', 'post'] as const).map((method): RouteDoc => ({
      method, path: '/pay/sandbox/:payment_id/', tags, summary: 'Sandbox payment page (PAYMENT_PROVIDER=sandbox)',
      description: method === 'post' ? 'The same page for a browser form POST of the payment link (the form is not read; nothing changes).' : undefined,
      responses: { 200: { description: 'An HTML page with Pay and Decline', schema: null, contentType: 'text/html' }, 404: { description: 'No such payment', schema: 'error-detail.json' } },
    })),
    ...(['pay', 'decline'] as const).map((action): RouteDoc => ({
      method: 'post', path: `/pay/sandbox/:payment_id/${action}/`, tags, summary: `${action === 'pay' ? 'Pay' : 'Decline'} a sandbox payment`,
      description: 'Recorded by the sandbox and applied exactly like a provider notification, in one transaction; redirects (303) back to the page.',
      responses: { 303: { description: 'Back to the payment page', schema: null }, 404: { description: 'No such payment', schema: 'error-detail.json' } },
    })),
  ];
}
