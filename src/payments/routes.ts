// Provider notifications and, with the sandbox provider, its payment page. Mounted before authentication:
// a provider sends no token, and nothing here trusts the request (the payment is read back from the provider).
import Router from '@koa/router';
import { rateLimit } from '../http/rate-limit';
import { bodyOf } from '../http/request-state';
import type { RouteDoc, RouteModule } from '../http/route-module';
import type { Validator } from '../http/validation';
import type { PaymentProvider } from './provider';
import type { SandboxPaymentProvider } from './sandbox-provider';
import { mountSandboxPage } from './sandbox-page';
import type { PaymentsService } from './service';

export function paymentRoutes(deps: {
  payments: PaymentsService; provider: PaymentProvider; validator: Validator; webhookPerMinute: number;
}): RouteModule {
  const { payments, validator } = deps;
  const router = new Router();

  // Each notification costs a call to the provider with the shop's credentials: a flood from one source is cut short.
  router.post('/api/merch/payment/webhook/', rateLimit(deps.webhookPerMinute), validator.jsonBody('payment-notification.json'), async (ctx) => {
    const { object } = bodyOf(ctx, 'payment-notification.json');
    ctx.body = { outcome: await payments.applyNotification(object.id) };
  });

  const sandboxDocs = deps.provider.name === 'sandbox' ? mountSandboxPage(router, deps.provider as SandboxPaymentProvider, payments) : [];
  return { router, docs: [...WEBHOOK_DOCS, ...sandboxDocs], ignoresAuthorization: true };
}

const WEBHOOK_DOCS: RouteDoc[] = [{
  method: 'post', path: '/api/merch/payment/webhook/', tags: ['payment'], summary: 'Payment provider notifications',
  description: 'The body is not trusted: the payment is read from the provider (GET /v3/payments/<id>) and only then is the order set moved to PAID, once, whatever the number of duplicates.',
  body: { schema: 'payment-notification.json' },
  responses: {
    200: { description: 'Handled', schema: 'payment-notification-result.json' },
    400: { description: 'Not a notification, or object.id is not a payment id (8-4-4-4-12 hex digits)', schema: 'validation-error.json' },
    429: { description: 'Too many notifications from this address (PAYMENT_WEBHOOK_RATE_LIMIT_PER_MINUTE)', schema: 'error-detail.json' },
    503: { description: 'The provider could not be asked; retry later', schema: 'error-detail.json' },
  },
}];
