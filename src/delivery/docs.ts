// The delivery routes in the OpenAPI document.
import type { RouteDoc } from '../http/route-module';

const tags = ['delivery'];
const auth = true;
const common = {
  400: { description: 'Invalid fields', schema: 'validation-error.json' },
  401: { description: 'Not logged in', schema: 'error-detail.json' },
};
const failed = { 500: { description: 'The aggregator failed (logged with the cause)', schema: 'delivery-error.json' } };
const ownSet = { 404: { description: 'No such order set of the caller', schema: 'error-detail.json' } };
const cached = 'Answers are cached for an hour per process.';

export const DELIVERY_DOCS: RouteDoc[] = [
  {
    method: 'get', path: '/api/merch/delivery/city/', tags, auth, summary: 'Cities whose name contains q', description: cached,
    query: ['delivery-city-query.json'], responses: { 200: { description: 'The cities', schema: 'delivery-city-list.json' }, ...common, ...failed },
  },
  {
    method: 'get', path: '/api/merch/delivery/point/', tags, auth, summary: 'Pickup points in a city', description: cached,
    query: ['delivery-point-query.json'], responses: { 200: { description: 'The points', schema: 'delivery-point-list.json' }, ...common, ...failed },
  },
  {
    method: 'get', path: '/api/merch/delivery/company/', tags, auth, summary: 'Delivery companies', description: cached,
    responses: { 200: { description: 'The companies', schema: 'delivery-company-list.json' }, ...common, ...failed },
  },
  {
    method: 'post', path: '/api/merch/orderset/:orderset_id/delivery/check_delivery_price/', tags, auth,
    summary: 'The delivery price of the order set\'s parcel', description: 'Quoted by the aggregator for the set\'s box, weight and value; PICKUP is 0.',
    body: { schema: 'delivery-price-check.json' },
    responses: {
      200: { description: 'The price in roubles', schema: 'delivery-price.json' }, ...common, ...ownSet,
      500: { description: 'The aggregator failed (logged with the cause)', schema: 'delivery-price-error.json' },
    },
  },
  {
    method: 'get', path: '/api/merch/orderset/:orderset_id/delivery/options/', tags, auth,
    summary: 'Every type and company with its price and dates, for the order set\'s parcel',
    query: ['delivery-options-query.json'],
    responses: { 200: { description: 'The aggregator form', schema: 'delivery-options.json' }, ...common, ...ownSet, ...failed },
  },
  {
    method: 'post', path: '/api/merch/orderset/:orderset_id/delivery/', tags, auth,
    summary: 'Place the delivery (a draft at the aggregator unless is_confirm), confirm the order set and start the payment; or pay',
    description: 'On an OPEN set the body is the delivery request. On a CONFIRMED set any body (even none) is the pay action: the set\'s '
      + 'payment link, a new payment after a declined one; nothing is placed again. '
      + 'Idempotency-Key header: the same key with the same body replays the first successful answer; with another body 422.',
    body: { schema: 'delivery-create.json' },
    responses: {
      200: { description: 'The payment link', schema: 'delivery-created.json' },
      ...common, ...ownSet,
      403: { description: 'A visitor\'s token: log in to confirm a delivery or pay', schema: 'error-detail.json' },
      409: { description: 'Stale figures (with the current price and delivery_sum), cart changed, or the set is not OPEN/CONFIRMED', schema: 'delivery-error.json' },
      422: { description: 'Idempotency-Key reused with another body', schema: 'error-detail.json' },
      423: { description: 'The order set is being confirmed by another request (Retry-After)', schema: 'delivery-error.json' },
      500: { description: 'The aggregator refused or the payment provider failed', schema: 'delivery-error.json' },
      503: { description: 'The aggregator did not answer whether it placed the order (Retry-After); a retry adopts it', schema: 'delivery-error.json' },
    },
  },
];
