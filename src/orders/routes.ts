// The cart and the user's order sets, as existing front ends call them.
import Router from '@koa/router';
import type { Context } from 'koa';
import { requireAccount } from '../http/auth';
import { idParam, uuidParam } from '../http/params';
import { bodyOf, requireUser } from '../http/request-state';
import type { RouteDoc, RouteModule } from '../http/route-module';
import type { Validator } from '../http/validation';
import type { MediaStorage } from '../media/storage';
import { presentOrder, presentOrderSet } from './presenters';
import type { OrdersService } from './service';

const userId = (ctx: Context) => requireUser(ctx).id;
const loggedIn = requireAccount();

export function orderRoutes(deps: { orders: OrdersService; validator: Validator; media: MediaStorage }): RouteModule {
  const { orders, validator, media } = deps;
  const router = new Router();

  router.post('/api/merch/order/', loggedIn, validator.jsonBody('order-create.json'), async (ctx) => {
    const { layout_id: layoutId, count } = bodyOf(ctx, 'order-create.json');
    const { set, orderId, preflight } = await orders.addLayout(userId(ctx), layoutId, count, 'body');
    ctx.status = 201;
    ctx.body = { ...presentOrder(set, orderId, media), preflight };
  });

  router.post('/api/ua/layout/:layout_id/', loggedIn, async (ctx) => {
    const { set, orderId, preflight } = await orders.addLayout(userId(ctx), uuidParam(ctx.params.layout_id), 1, 'path');
    ctx.status = 201;
    ctx.body = { ...presentOrder(set, orderId, media), preflight };
  });

  router.get('/api/merch/orderset/', loggedIn, async (ctx) => {
    ctx.body = (await orders.list(userId(ctx))).map((set) => presentOrderSet(set, media));
  });

  router.get('/api/merch/order/count/', loggedIn, async (ctx) => {
    ctx.body = { count: await orders.cartCount(userId(ctx)) };
  });

  const changeCount = async (ctx: Context) => {
    const { count } = bodyOf(ctx, 'order-count-update.json');
    const { set, orderId } = await orders.changeCount(userId(ctx), idParam(ctx.params.order_id), count);
    ctx.body = presentOrder(set, orderId, media);
  };
  router.post('/api/merch/order/:order_id/', loggedIn, validator.jsonBody('order-count-update.json'), changeCount);
  router.patch('/api/merch/order/:order_id/', loggedIn, validator.jsonBody('order-count-update.json'), changeCount);

  router.delete('/api/merch/order/:order_id/', loggedIn, async (ctx) => {
    const set = await orders.remove(userId(ctx), idParam(ctx.params.order_id));
    ctx.body = { delivery_box_size: set.box };
  });

  return { router, docs: ORDER_DOCS };
}

const tags = ['cart'];
const auth = true;
const common = {
  401: { description: 'Not logged in', schema: 'error-detail.json' },
};
const missing = { 404: { description: 'No such order of the caller', schema: 'error-detail.json' } };
const closed = { 409: { description: 'The order set is no longer OPEN (or is being confirmed), or the book cannot be printed as it is (its preflight under "preflight")', schema: 'preflight-refusal.json' } };
const invalid = { 400: { description: 'Invalid fields', schema: 'validation-error.json' } };

const ORDER_DOCS: RouteDoc[] = [
  {
    method: 'post', path: '/api/merch/order/', tags, auth, summary: 'Put one of the caller\'s layouts in the cart',
    description: 'The cart is the caller\'s OPEN order set, created on demand. The same layout again raises its count (at most 1000).',
    body: { schema: 'order-create.json' },
    responses: { 201: { description: 'The order', schema: 'order.json' }, ...invalid, ...common, ...closed },
  },
  {
    method: 'post', path: '/api/ua/layout/:layout_id/', tags, auth, summary: 'Put one copy of the caller\'s layout in the cart',
    responses: { 201: { description: 'The order', schema: 'order.json' }, ...common, 404: { description: 'No such layout of the caller', schema: 'error-detail.json' }, ...closed },
  },
  {
    method: 'get', path: '/api/merch/orderset/', tags, auth, summary: 'The caller\'s order sets, newest first',
    responses: { 200: { description: 'The order sets', schema: 'order-set-list.json' }, ...common },
  },
  {
    method: 'get', path: '/api/merch/order/count/', tags, auth, summary: 'The number of orders in the cart',
    responses: { 200: { description: 'The count', schema: 'cart-count.json' }, ...common },
  },
  ...(['post', 'patch'] as const).map((method): RouteDoc => ({
    method, path: '/api/merch/order/:order_id/', tags, auth, summary: 'Change the number of copies of an order',
    body: { schema: 'order-count-update.json' },
    responses: { 200: { description: 'The order', schema: 'order.json' }, ...invalid, ...common, ...missing, ...closed },
  })),
  {
    method: 'delete', path: '/api/merch/order/:order_id/', tags, auth, summary: 'Remove an order from the cart',
    responses: { 200: { description: 'The parcel of what is left', schema: 'order-deleted.json' }, ...common, ...missing, ...closed },
  },
];
