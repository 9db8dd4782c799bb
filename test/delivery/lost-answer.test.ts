import { expect } from 'chai';
import { setTimeout as sleep } from 'node:timers/promises';
import { DATABASE_KIND } from '../helpers/database';
import { type Checkout, checkout, courier } from '../checkout/checkout';
import { type Shopper, shopper } from '../orders/shop';

// An aggregator or payment provider that acts and does not answer: the outcome is unknown, not failed, and the
// shopper's retry adopts what was done instead of doing it twice.
const confirm = () => courier({ is_confirm: true, price: 1630, delivery_sum: 319.35 });

describe(`a lost answer from the aggregator or the payment provider (${DATABASE_KIND})`, () => {
  let shop: Checkout;
  let counter = 0;

  const newShopper = () => shopper(shop.runtime, `lost${(counter += 1)}@example.com`);
  const deliver = (who: Shopper, set: number) =>
    shop.client.post(`/api/merch/orderset/${set}/delivery/`).set('Authorization', who.auth).send(confirm());
  const aggregatorOrdersFor = (set: number) => shop.ddelivery.orders.filter((order) => order.get('shop_refnum') === String(set));
  const paymentsAtProviderFor = (set: number) => [...shop.yookassa.payments.values()].filter((payment) => payment.metadata.order_set_id === String(set));
  const state = async (set: number) => ({
    status: (await shop.rows('SELECT status FROM order_sets WHERE id = $1', [set]))[0].status,
    delivery: (await shop.rows('SELECT status, external_id FROM deliveries WHERE order_set_id = $1', [set]))[0] ?? null,
  });

  before(async () => {
    // A deadline long enough that a retry right after the answer is surely within it (the 423 case).
    shop = await checkout({ DDELIVERY_TIMEOUT_MS: '1000' });
  });
  afterEach(() => {
    shop.ddelivery.createOutcome = 'ok';
    shop.yookassa.misbehave = 'none';
  });
  after(() => shop.close());

  for (const outcome of ['late', '500', 'reset'] as const) {
    it(`order/create recorded, answer ${outcome}: 503 with Retry-After, left placing, and the retry adopts the one order`, async () => {
      const ann = await newShopper();
      const set = await shop.cartOf(ann);
      shop.ddelivery.createOutcome = outcome;
      const lost = await deliver(ann, set);
      expect(lost.status).to.equal(503);
      expect(shop.validator.errorsOf('delivery-error.json', lost.body)).to.equal(null);
      expect(lost.body.error).to.equal(503);
      expect(lost.headers['retry-after']).to.match(/^\d+$/);
      expect(await state(set)).to.deep.equal({ status: 'OPEN', delivery: { status: 'placing', external_id: null } });
      const [recorded] = aggregatorOrdersFor(set);

      shop.ddelivery.createOutcome = 'ok';
      await sleep(Number(lost.headers['retry-after']) * 1000);
      const retry = await deliver(ann, set);
      expect(retry.status, JSON.stringify(retry.body)).to.equal(200);
      expect(aggregatorOrdersFor(set)).to.deep.equal([recorded]);
      const externalId = [...shop.ddelivery.placed.keys()][shop.ddelivery.orders.indexOf(recorded)];
      expect(await state(set)).to.deep.equal({ status: 'CONFIRMED', delivery: { status: 'placed', external_id: externalId } });
      expect(paymentsAtProviderFor(set)).to.have.length(1);
      expect(retry.body).to.deep.equal({ link: paymentsAtProviderFor(set)[0].confirmation.confirmation_url });
    });
  }

  it('answers a retry while the placing may still be in flight with 423 and Retry-After, placing nothing', async () => {
    const ann = await newShopper();
    const set = await shop.cartOf(ann);
    shop.ddelivery.createOutcome = 'reset';
    expect((await deliver(ann, set)).status).to.equal(503);
    const early = await deliver(ann, set);
    expect(early.status).to.equal(423);
    expect(early.headers['retry-after']).to.match(/^\d+$/);
    expect(aggregatorOrdersFor(set)).to.have.length(1);
  });

  it('places again when the aggregator has no order for the set (it failed before recording)', async () => {
    const ann = await newShopper();
    const set = await shop.cartOf(ann);
    shop.ddelivery.createOutcome = 'failed';
    const lost = await deliver(ann, set);
    expect(lost.status).to.equal(503);
    shop.ddelivery.createOutcome = 'ok';
    await sleep(Number(lost.headers['retry-after']) * 1000);
    expect((await deliver(ann, set)).status).to.equal(200);
    expect(aggregatorOrdersFor(set)).to.have.length(1);
    expect((await state(set)).status).to.equal('CONFIRMED');
    expect(shop.ddelivery.count('order/list.json')).to.be.greaterThan(0);
  });

  it('makes one payment when YooKassa creates it and its answers are lost, however often the start is retried', async () => {
    const ann = await newShopper();
    const set = await shop.cartOf(ann);
    // Every attempt is answered past YOOKASSA_TIMEOUT_MS (500 ms), after the stand-in has acted on it.
    shop.yookassa.misbehave = 'slow';
    shop.yookassa.slowMs = 700;
    const lost = await deliver(ann, set);
    expect(lost.status).to.equal(500);
    expect(lost.headers['retry-after']).to.match(/^\d+$/);
    shop.yookassa.misbehave = 'none';
    const retry = await shop.client.post(`/api/merch/orderset/${set}/delivery/`).set('Authorization', ann.auth).send({});
    expect(retry.status).to.equal(200);
    const creates = shop.yookassa.createRequests().filter((request) => (request.body.metadata as { order_set_id: string }).order_set_id === String(set));
    expect(creates.length).to.be.greaterThan(1);
    expect(new Set(creates.map((request) => request.key)).size).to.equal(1);
    expect(paymentsAtProviderFor(set)).to.have.length(1);
    expect(retry.body).to.deep.equal({ link: paymentsAtProviderFor(set)[0].confirmation.confirmation_url });
  });
});
