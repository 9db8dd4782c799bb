// Delivery for front ends: the aggregator's reference lists, price checks, the options form, the delivery request.
import Router from '@koa/router';
import type { Context, Next } from 'koa';
import type { Database } from '../db/database';
import { refuseVisitors, requireAccount } from '../http/auth';
import { idempotent } from '../http/idempotency';
import { idParam } from '../http/params';
import { bodyOf, queryOf, requireUser } from '../http/request-state';
import type { RouteModule } from '../http/route-module';
import type { Validator } from '../http/validation';
import { PaymentUnavailableError } from '../payments/service';
import { roubles } from '../shared/money';
import { DELIVERY_DOCS } from './docs';
import { presentOffers } from './presenters';
import { idOf, parseDeliveryRequest } from './request';
import { DeliveryUnavailableError, type DeliveryService } from './service';

const userId = (ctx: Context) => requireUser(ctx).id;
const loggedIn = requireAccount();
const UNAVAILABLE = { error: 500, detail: 'The delivery service is unavailable; please try again later.' };
const PAYMENT_UNAVAILABLE = { error: 500, detail: 'The payment service is unavailable; please try again.' };
// Starting the payment again is always safe: the provider is asked with the same Idempotence-Key.
const PAYMENT_RETRY_AFTER_SECONDS = 5;

/**
 * Answers a failure of the aggregator (and of the payment provider) with the specification's bodies: a 500 that no
 * service error kind describes. The failures are logged where they happen.
 */
const onVendorFailure = (aggregatorAnswer: Record<string, unknown>) => async (ctx: Context, next: Next) => {
  try {
    await next();
  } catch (error) {
    if (error instanceof DeliveryUnavailableError) {
      ctx.status = 500;
      ctx.body = aggregatorAnswer;
    } else if (error instanceof PaymentUnavailableError) {
      ctx.status = 500;
      ctx.body = PAYMENT_UNAVAILABLE;
      ctx.set('Retry-After', String(PAYMENT_RETRY_AFTER_SECONDS));
    } else {
      throw error;
    }
  }
};

export function deliveryRoutes(deps: { delivery: DeliveryService; validator: Validator; db: Database; idempotencyKeysPerUser: number }): RouteModule {
  const { delivery, validator } = deps;
  const router = new Router();
  const orderSetId = (ctx: Context) => idParam(ctx.params.orderset_id);

  router.get('/api/merch/delivery/city/', loggedIn, validator.query('delivery-city-query.json'), onVendorFailure(UNAVAILABLE), async (ctx) => {
    ctx.body = await delivery.cities(queryOf(ctx, 'delivery-city-query.json').q);
  });

  router.get('/api/merch/delivery/point/', loggedIn, validator.query('delivery-point-query.json'), onVendorFailure(UNAVAILABLE), async (ctx) => {
    ctx.body = await delivery.points(queryOf(ctx, 'delivery-point-query.json').city_id);
  });

  router.get('/api/merch/delivery/company/', loggedIn, onVendorFailure(UNAVAILABLE), async (ctx) => {
    ctx.body = await delivery.companies();
  });

  router.post('/api/merch/orderset/:orderset_id/delivery/check_delivery_price/', loggedIn,
    validator.jsonBody('delivery-price-check.json'),
    onVendorFailure({ check_delivery_price: ['server_error'] }),
    async (ctx) => {
      const body = bodyOf(ctx, 'delivery-price-check.json');
      const priceKopecks = await delivery.checkPrice(userId(ctx), orderSetId(ctx), {
        type: body.type, toCityId: idOf(body.to_city_id), companyId: idOf(body.delivery_company_id),
      });
      ctx.body = { price: roubles(priceKopecks) };
    });

  router.get('/api/merch/orderset/:orderset_id/delivery/options/', loggedIn, validator.query('delivery-options-query.json'),
    onVendorFailure(UNAVAILABLE), async (ctx) => {
      ctx.body = presentOffers(await delivery.offers(userId(ctx), orderSetId(ctx), queryOf(ctx, 'delivery-options-query.json').to_city_id));
    });

  /** On a CONFIRMED set the request is the pay action: its link, without the delivery fields (any body, even none). */
  const payAction = async (ctx: Context, next: Next) => {
    const link = await delivery.payAction(userId(ctx), orderSetId(ctx));
    if (link === null) return next();
    ctx.body = { link };
  };

  // Confirming a delivery and paying need a logged-in shopper: a visitor's order would have nobody to reach. A
  // failure is answered outside the Idempotency-Key's middleware, which keeps no failed answer: a retry runs again.
  router.post('/api/merch/orderset/:orderset_id/delivery/', loggedIn, refuseVisitors(), onVendorFailure(UNAVAILABLE),
    idempotent(deps.db, deps.idempotencyKeysPerUser, (ctx) => `delivery:${ctx.params.orderset_id}`), payAction,
    validator.jsonBody('delivery-create.json'), async (ctx) => {
      ctx.body = await delivery.create(userId(ctx), orderSetId(ctx), parseDeliveryRequest(bodyOf(ctx, 'delivery-create.json')));
    });

  return { router, docs: DELIVERY_DOCS };
}
