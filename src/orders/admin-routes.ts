// Administrators' order sets: the list (paged, filterable by status), one set, and the status moves after payment.
import Router from '@koa/router';
import { requireRole } from '../http/auth';
import { idParam } from '../http/params';
import { bodyOf, queryOf, requireUser } from '../http/request-state';
import type { RouteDoc, RouteModule } from '../http/route-module';
import type { Validator } from '../http/validation';
import type { MediaStorage } from '../media/storage';
import { RefundUnavailableError } from '../payments/refunds';
import { roubles } from '../shared/money';
import type { AdminOrderSet, OrderAdminService } from './admin-service';
import { presentOrderSet } from './presenters';

function presentAdminOrderSet(set: AdminOrderSet, media: MediaStorage) {
  return {
    ...presentOrderSet(set, media),
    user: { id: set.userId, email: set.email },
    refund: set.refund && { status: set.refund.status, amount: roubles(set.refund.amountKopecks), provider_refund_id: set.refund.externalId },
    history: set.history.map((row) => ({
      from_status: row.fromStatus, status: row.toStatus, tracking_number: row.trackingNumber,
      changed_by: row.changedBy, changed_at: row.changedAt.toISOString(),
    })),
  };
}

export function orderAdminRoutes(deps: { orderAdmin: OrderAdminService; validator: Validator; media: MediaStorage }): RouteModule {
  const { orderAdmin, validator, media } = deps;
  const router = new Router();
  const admin = requireRole('admin');

  router.get('/api/admin/orderset/', admin, validator.query('admin-order-set-query.json'), async (ctx) => {
    const { status } = queryOf(ctx, 'admin-order-set-query.json');
    const page = await orderAdmin.list(status, ctx.query.page, ctx.query.page_size);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { ...page, results: page.results.map((set) => presentAdminOrderSet(set, media)) };
  });

  router.get('/api/admin/orderset/:orderset_id/', admin, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = presentAdminOrderSet(await orderAdmin.find(idParam(ctx.params.orderset_id)), media);
  });

  router.patch('/api/admin/orderset/:orderset_id/', admin, validator.jsonBody('order-set-status-update.json'), async (ctx) => {
    const body = bodyOf(ctx, 'order-set-status-update.json');
    try {
      const set = await orderAdmin.move(idParam(ctx.params.orderset_id), { status: body.status, trackingNumber: body.tracking_number },
        requireUser(ctx).id);
      ctx.body = presentAdminOrderSet(set, media);
    } catch (error) {
      if (!(error instanceof RefundUnavailableError)) throw error;
      // The provider's failure is the specification's own answer, a status no service error kind has.
      ctx.status = 502;
      ctx.body = { error: 'provider_unavailable', detail: error.message };
    }
  });

  return { router, docs: ORDER_ADMIN_DOCS };
}

const tags = ['order administration'];
const auth = true;
const guarded = {
  401: { description: 'Not logged in', schema: 'error-detail.json' },
  403: { description: 'Not an administrator', schema: 'error-detail.json' },
};
const missing = { 404: { description: 'No such order set', schema: 'error-detail.json' } };

const ORDER_ADMIN_DOCS: RouteDoc[] = [
  {
    method: 'get', path: '/api/admin/orderset/', tags, auth, summary: 'Every order set, newest first, with its status history (administrators)',
    query: ['admin-order-set-query.json', 'gallery-paging.json'],
    responses: {
      200: { description: 'A page of order sets', schema: 'admin-order-set-list.json' },
      400: { description: 'Unknown status', schema: 'validation-error.json' },
      ...guarded, 404: { description: 'Invalid page.', schema: 'error-detail.json' },
    },
  },
  {
    method: 'get', path: '/api/admin/orderset/:orderset_id/', tags, auth, summary: 'One order set with its status history (administrators)',
    responses: { 200: { description: 'The order set', schema: 'admin-order-set.json' }, ...guarded, ...missing },
  },
  {
    method: 'patch', path: '/api/admin/orderset/:orderset_id/', tags, auth, summary: 'Move a paid order set (administrators)',
    description: 'PAID -> IN_PRODUCTION | CANCELED, IN_PRODUCTION -> SHIPPED (with tracking_number) | CANCELED, SHIPPED -> DELIVERED. '
      + 'CANCELED refunds the payment through the provider first (exactly once). Every move is recorded and mailed to the shopper.',
    body: { schema: 'order-set-status-update.json' },
    responses: {
      200: { description: 'The order set after the move', schema: 'admin-order-set.json' },
      400: { description: 'Invalid fields, or SHIPPED without tracking_number', schema: 'validation-error.json' },
      ...guarded, ...missing,
      409: { description: 'Not an allowed move from the current status', schema: 'order-status-error.json' },
      502: { description: 'The refund was not confirmed by the provider; the set is not canceled', schema: 'refund-error.json' },
    },
  },
];
