// The print partner's HTTP side: its webhooks (POST /api/print-partner/<partner>/webhook/, signed, no token), the
// sandbox partner's API when it is served here, the shopper's cancel and take-back inside the hold, and an
// administrator's re-send of a rejected book.
import Router from '@koa/router';
import type { Context } from 'koa';
import { requireAccount, requireRole } from '../../http/auth';
import { idParam } from '../../http/params';
import { requireUser } from '../../http/request-state';
import type { RouteDoc, RouteModule } from '../../http/route-module';
import type { MediaStorage } from '../../media/storage';
import type { OrderAdminService } from '../../orders/admin-service';
import { presentOrderSet } from '../../orders/presenters';
import { RefundUnavailableError } from '../../payments/refunds';
import type { PrintHold } from './hold';
import { SIGNATURE_HEADER } from './protocol';
import type { SandboxPartner } from './sandbox';
import { type PrintPartnerService, WebhookRefusal } from './service';

/** The raw JSON body koa-body keeps (includeUnparsed): what the partner signed. */
const rawBodyOf = (ctx: Context): Buffer => Buffer.from((ctx.request as { rawBody?: string }).rawBody ?? '', 'utf8');

export function printPartnerWebhookRoutes(deps: { printPartner: PrintPartnerService; sandbox?: SandboxPartner }): RouteModule {
  const router = new Router();
  router.post('/api/print-partner/:partner/webhook/', async (ctx) => {
    try {
      ctx.body = { outcome: await deps.printPartner.webhook(ctx.params.partner, rawBodyOf(ctx), ctx.get(SIGNATURE_HEADER) || undefined) };
    } catch (error) {
      if (!(error instanceof WebhookRefusal)) throw error;
      ctx.status = error.status;
      ctx.body = { detail: error.message };
    }
  });
  if (deps.sandbox) {
    router.use(deps.sandbox.router.routes());
    router.use(deps.sandbox.router.allowedMethods());
  }
  return { router, docs: [...WEBHOOK_DOCS, ...(deps.sandbox ? SANDBOX_DOCS : [])], ignoresAuthorization: true };
}

export function printHoldRoutes(deps: { hold: PrintHold; printPartner: PrintPartnerService; orderAdmin: OrderAdminService; media: MediaStorage }): RouteModule {
  const { hold, media } = deps;
  const router = new Router();
  const refundFailed = (ctx: Context, error: unknown) => {
    if (!(error instanceof RefundUnavailableError)) throw error;
    ctx.status = 502;
    ctx.body = { error: 'provider_unavailable', detail: error.message };
  };

  router.post('/api/merch/orderset/:orderset_id/cancel/', requireAccount(), async (ctx) => {
    try {
      ctx.body = presentOrderSet(await hold.cancel(requireUser(ctx).id, idParam(ctx.params.orderset_id)), media);
    } catch (error) {
      refundFailed(ctx, error);
    }
  });

  router.post('/api/merch/order/:order_id/take-back/', requireAccount(), async (ctx) => {
    try {
      ctx.body = presentOrderSet(await hold.takeBack(requireUser(ctx).id, idParam(ctx.params.order_id)), media);
    } catch (error) {
      refundFailed(ctx, error);
    }
  });

  router.post('/api/admin/orderset/:orderset_id/order/:order_id/resend/', requireRole('admin'), async (ctx) => {
    const orderSetId = idParam(ctx.params.orderset_id);
    await deps.printPartner.resend(orderSetId, idParam(ctx.params.order_id));
    ctx.body = presentOrderSet(await deps.orderAdmin.find(orderSetId), media);
  });

  return { router, docs: HOLD_DOCS };
}

const auth = true;
const common = { 401: { description: 'Not logged in', schema: 'error-detail.json' }, 404: { description: 'No such order set or order of the caller', schema: 'error-detail.json' } };
const refund = { 502: { description: 'The refund was not confirmed by the provider; nothing changed (try again: the same refund is asked)', schema: 'refund-error.json' } };

const WEBHOOK_DOCS: RouteDoc[] = [{
  method: 'post', path: '/api/print-partner/:partner/webhook/', tags: ['print partner'], summary: 'Print partner webhooks (Lulu\'s PRINT_JOB_STATUS_CHANGED)',
  description: 'Signed with Lulu-HMAC-SHA256 (hex HMAC-SHA256 of the raw body with the partner\'s secret). A report whose status changed more than PRINT_PARTNER_WEBHOOK_MAX_AGE_HOURS ago is refused; one not newer than the recorded status changes nothing.',
  responses: {
    200: { description: 'Handled: applied, unchanged (a duplicate or an older report), or ignored (another topic)', schema: null },
    400: { description: 'Not a print job, or outside the accepted time window', schema: 'error-detail.json' },
    401: { description: 'The signature does not match', schema: 'error-detail.json' },
    404: { description: 'No such partner configured', schema: 'error-detail.json' },
  },
}];

const SANDBOX_DOCS: RouteDoc[] = [
  { method: 'post', path: '/print-partner/sandbox/print-jobs/', tags: ['print partner'], summary: 'Sandbox partner: create a print job (Lulu\'s POST /print-jobs/)', responses: { 201: { description: 'The print job', schema: null }, 400: { description: 'Not a print job', schema: null }, 401: { description: 'No token', schema: null } } },
  { method: 'get', path: '/print-partner/sandbox/print-jobs/:id/', tags: ['print partner'], summary: 'Sandbox partner: a print job', responses: { 200: { description: 'The print job', schema: null }, 404: { description: 'No such job', schema: null } } },
  { method: 'put', path: '/print-partner/sandbox/faults/', tags: ['print partner'], summary: 'Sandbox partner: fault switches', description: '{reject: "<reason>" | null, delay_steps, duplicate, reorder, drop}', responses: { 200: { description: 'The switches now', schema: null } } },
];

const HOLD_DOCS: RouteDoc[] = [
  {
    method: 'post', path: '/api/merch/orderset/:orderset_id/cancel/', tags: ['cart'], auth, summary: 'Cancel a paid order set inside its hold',
    description: 'Until print_hold_until, before any book went to the print partner. Refunds the payment exactly once.',
    responses: { 200: { description: 'The canceled set', schema: 'order-set.json' }, ...common, 409: { description: 'Not PAID, or the hold is over', schema: 'error-detail.json' }, ...refund },
  },
  {
    method: 'post', path: '/api/merch/order/:order_id/take-back/', tags: ['cart'], auth, summary: 'Take one book of a paid set back to fix it, inside the hold',
    description: 'The order leaves the set (its cost is refunded once, the set\'s total follows) and its book opens for editing. The set\'s only book is not taken back: cancel the set.',
    responses: { 200: { description: 'The set without the book', schema: 'order-set.json' }, ...common, 409: { description: 'Not PAID, the hold is over, or the only book', schema: 'error-detail.json' }, ...refund },
  },
  {
    method: 'post', path: '/api/admin/orderset/:orderset_id/order/:order_id/resend/', tags: ['order administration'], auth,
    summary: 'Send a rejected book to the print partner again, after a fix (administrators)',
    description: 'The book\'s print files are made again from the book as it is now; a new attempt goes to the partner.',
    responses: {
      200: { description: 'The order set', schema: 'order-set.json' }, 401: common[401], 403: { description: 'Not an administrator', schema: 'error-detail.json' },
      404: { description: 'No print job of that order in that set', schema: 'error-detail.json' }, 409: { description: 'The latest print job is not REJECTED or CANCELED', schema: 'error-detail.json' },
    },
  },
];
