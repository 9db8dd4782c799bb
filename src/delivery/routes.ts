// Delivery for front ends: the aggregator's reference lists, price checks, the options form, the delivery request.
import Router from '@koa/router';
import type { Context, Next } from 'koa';
import type { AuthenticatedUser } from '../auth/token-user';
import type { Database } from '../db/database';
import { refuseVisitors, requireAccount } from '../http/auth';
import { HttpError } from '../http/errors';
import { idempotent } from '../http/idempotency';
import { idParam } from '../http/params';
import type { RouteModule } from '../http/route-module';
import type { Validator } from '../http/validation';
import { roubles } from '../shared/money';
import { DELIVERY_DOCS } from './docs';
import { presentOffers } from './presenters';
import { type DeliveryBody, idOf, parseDeliveryRequest } from './request';
import { DeliveryUnavailableError, type DeliveryService } from './service';

const userId = (ctx: Context) => (ctx.state.user as AuthenticatedUser).id;
const loggedIn = requireAccount();
const unavailable = () => new HttpError(500, { error: 500, detail: 'The delivery service is unavailable; please try again later.' });

/** Turns aggregator failures into the given answer (they are logged where they happen). */
const onAggregatorFailure = (answer: () => HttpError) => async (_ctx: Context, next: Next) => {
  try {
    await next();
  } catch (error) {
    throw error instanceof DeliveryUnavailableError ? answer() : error;
  }
};

export function deliveryRoutes(deps: { delivery: DeliveryService; validator: Validator; db: Database; idempotencyKeysPerUser: number }): RouteModule {
  const { delivery, validator } = deps;
  const router = new Router();
  const orderSetId = (ctx: Context) => idParam(ctx.params.orderset_id);

  router.get('/api/merch/delivery/city/', loggedIn, validator.query('delivery-city-query.json'), onAggregatorFailure(unavailable), async (ctx) => {
    ctx.body = await delivery.cities((ctx.state.query as { q: string }).q);
  });

  router.get('/api/merch/delivery/point/', loggedIn, validator.query('delivery-point-query.json'), onAggregatorFailure(unavailable), async (ctx) => {
    ctx.body = await delivery.points((ctx.state.query as { city_id: number }).city_id);
  });

  router.get('/api/merch/delivery/company/', loggedIn, onAggregatorFailure(unavailable), async (ctx) => {
    ctx.body = await delivery.companies();
  });

  router.post('/api/merch/orderset/:orderset_id/delivery/check_delivery_price/', loggedIn,
    validator.jsonBody('delivery-price-check.json'),
    onAggregatorFailure(() => new HttpError(500, { check_delivery_price: ['server_error'] })),
    async (ctx) => {
      const body = ctx.state.body as { type: DeliveryBody['type']; to_city_id?: number | string; delivery_company_id?: number | string };
      const priceKopecks = await delivery.checkPrice(userId(ctx), orderSetId(ctx), {
        type: body.type, toCityId: idOf(body.to_city_id), companyId: idOf(body.delivery_company_id),
      });
      ctx.body = { price: roubles(priceKopecks) };
    });

  router.get('/api/merch/orderset/:orderset_id/delivery/options/', loggedIn, validator.query('delivery-options-query.json'),
    onAggregatorFailure(unavailable), async (ctx) => {
      ctx.body = presentOffers(await delivery.offers(userId(ctx), orderSetId(ctx), (ctx.state.query as { to_city_id: number }).to_city_id));
    });

  /** On a CONFIRMED set the request is the pay action: its link, without the delivery fields (any body, even none). */
  const payAction = async (ctx: Context, next: Next) => {
    const link = await delivery.payAction(userId(ctx), orderSetId(ctx));
    if (link === null) return next();
    ctx.body = { link };
  };

  // Confirming a delivery and paying need a logged-in shopper: a visitor's order would have nobody to reach.
  router.post('/api/merch/orderset/:orderset_id/delivery/', loggedIn, refuseVisitors(),
    idempotent(deps.db, deps.idempotencyKeysPerUser, (ctx) => `delivery:${ctx.params.orderset_id}`), onAggregatorFailure(unavailable), payAction,
    validator.jsonBody('delivery-create.json'), async (ctx) => {
      ctx.body = { link: await delivery.create(userId(ctx), orderSetId(ctx), parseDeliveryRequest(ctx.state.body as DeliveryBody)) };
    });

  return { router, docs: DELIVERY_DOCS };
}
