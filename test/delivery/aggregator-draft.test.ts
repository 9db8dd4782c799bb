import { expect } from 'chai';
import { orderPaid } from '../../src/worker/order-paid';
import { DATABASE_KIND } from '../helpers/database';
import { type Checkout, checkout, MOSCOW, recipient } from '../checkout/checkout';
import { type Shopper, shopper } from '../orders/shop';

// The front end's delivery request: no is_confirm, delivery_sum and no price, an empty patronymic, 10 digits.
const frontEndBody = (extra: Record<string, unknown> = {}) => ({
  type: 'COURIER', delivery_company_id: 7, pickup_company_id: 7, to_city_id: MOSCOW, to_street: 'Тверская', to_house: '1', to_flat: '5',
  ...recipient, fio_fathername: '', to_phone: '9161234567', delivery_sum: 319.35, ...extra,
});

describe(`aggregator drafts, confirmed when paid (${DATABASE_KIND})`, () => {
  let shop: Checkout;
  let counter = 0;

  const newShopper = () => shopper(shop.runtime, `draft${(counter += 1)}@example.com`);
  const post = (who: Shopper, path: string, body?: unknown) => {
    const call = shop.client.post(path).set('Authorization', who.auth);
    return body === undefined ? call : call.send(body as object);
  };
  const deliver = (who: Shopper, set: number, body?: unknown) => post(who, `/api/merch/orderset/${set}/delivery/`, body);
  const delivery = async (set: number) => (await shop.rows(
    'SELECT status, external_id, aggregator_confirmed_at IS NOT NULL AS confirmed FROM deliveries WHERE order_set_id = $1', [set]))[0];
  const paymentOf = (set: number) => [...shop.yookassa.payments.values()].find((payment) => payment.metadata.order_set_id === String(set))!;
  /** The next order-paid job this process settles, and whether it succeeded. */
  const nextOrderPaid = () => new Promise<boolean>((resolve) => {
    const stop = shop.runtime.queue.onSettled((job) => {
      if (job.name !== orderPaid.name) return;
      stop();
      resolve(job.ok);
    });
  });
  /** Pays the set at the provider and notifies the service; whether its order-paid job then succeeded. */
  async function pay(set: number): Promise<boolean> {
    const settled = nextOrderPaid();
    shop.yookassa.settle(paymentOf(set).id, 'succeeded');
    const response = await shop.client.post('/api/merch/payment/webhook/')
      .send({ type: 'notification', event: 'payment.succeeded', object: { id: paymentOf(set).id } });
    expect(response.body).to.deep.equal({ outcome: 'paid' });
    return settled;
  }
  async function placedSet(body = frontEndBody()): Promise<{ who: Shopper; set: number; externalId: string }> {
    const who = await newShopper();
    const set = await shop.cartOf(who);
    const response = await deliver(who, set, body);
    expect(response.status, JSON.stringify(response.body)).to.equal(200);
    return { who, set, externalId: (await delivery(set)).external_id as string };
  }

  before(async () => {
    shop = await checkout({ JOB_RETRY_LIMIT: '3', JOB_RETRY_DELAY_SECONDS: '1', JOB_RETRY_BACKOFF: '0' });
    await shop.runtime.queue.work(shop.runtime.jobContext);
  });
  afterEach(() => {
    shop.ddelivery.misbehave = 'none';
  });
  after(() => shop.close());

  it('walks the front end\'s path: price check, delivery request, then the pay action without the delivery fields', async () => {
    const who = await newShopper();
    const set = await shop.cartOf(who);
    const quote = await post(who, `/api/merch/orderset/${set}/delivery/check_delivery_price/`, { type: 'COURIER', to_city_id: MOSCOW, delivery_company_id: 7 });
    expect(quote.body).to.deep.equal({ price: 319.35 });
    const created = await deliver(who, set, frontEndBody({ delivery_sum: quote.body.price }));
    expect(created.status, JSON.stringify(created.body)).to.equal(200);
    const link = paymentOf(set).confirmation.confirmation_url;
    expect(created.body).to.deep.equal({ link });
    expect(paymentOf(set).amount.value).to.equal('1949.35');
    expect(await shop.rows('SELECT status FROM order_sets WHERE id = $1', [set])).to.deep.equal([{ status: 'CONFIRMED' }]);

    // The pay action re-posts to the same path: whatever the body, even none, the set's link and nothing placed again.
    for (const body of [{}, undefined, { delivery_company: { id: 7, name: 'СДЭК' } }, { type: 'DRONE' }]) {
      const again = await deliver(who, set, body);
      expect(again.status, JSON.stringify(body)).to.equal(200);
      expect(again.body).to.deep.equal({ link });
    }
    expect(shop.ddelivery.orders.filter((order) => order.get('shop_refnum') === String(set))).to.have.length(1);
    expect(shop.yookassa.createRequests().filter((request) => (request.body.metadata as { order_set_id: string }).order_set_id === String(set))).to.have.length(1);
  });

  it('asks for the delivery fields on an OPEN set', async () => {
    const who = await newShopper();
    const set = await shop.cartOf(who);
    const response = await deliver(who, set, {});
    expect(response.status).to.equal(400);
    expect(response.body).to.have.keys('type', 'fio_name', 'fio_surname', 'fio_fathername', 'to_phone');
  });

  it('places the aggregator order as a draft (is_confirm 0) and confirms it there once paid, recording that', async () => {
    const { set, externalId } = await placedSet();
    expect(shop.ddelivery.orders.find((order) => order.get('shop_refnum') === String(set))!.get('is_confirm')).to.equal('0');
    expect(shop.ddelivery.placed.get(externalId)).to.equal(false);
    expect(await delivery(set)).to.include({ status: 'placed', confirmed: false });

    expect(await pay(set)).to.equal(true);
    expect(shop.ddelivery.confirms).to.include(externalId);
    expect(shop.ddelivery.placed.get(externalId)).to.equal(true);
    expect(await delivery(set)).to.include({ status: 'placed', confirmed: true });
  });

  it('places the order confirmed with is_confirm true, and then has nothing to confirm when paid', async () => {
    const { set, externalId } = await placedSet(frontEndBody({ is_confirm: true }));
    expect(shop.ddelivery.orders.find((order) => order.get('shop_refnum') === String(set))!.get('is_confirm')).to.equal('1');
    expect(shop.ddelivery.placed.get(externalId)).to.equal(true);
    expect(await delivery(set)).to.include({ confirmed: true });
    expect(await pay(set)).to.equal(true);
    expect(shop.ddelivery.confirms).not.to.include(externalId);
  });

  it('is safe to repeat: a done job confirms nothing again, and a confirm repeated after a crash is harmless', async () => {
    const { set, externalId } = await placedSet();
    expect(await pay(set)).to.equal(true);
    const confirmsOf = () => shop.ddelivery.confirms.filter((id) => id === externalId).length;
    expect(confirmsOf()).to.equal(1);

    await orderPaid.handle({ orderSetId: set }, shop.runtime.jobContext);
    expect(confirmsOf()).to.equal(1);
    // The process died after the aggregator confirmed and before the row said so: the retry confirms again.
    await shop.rows('UPDATE deliveries SET aggregator_confirmed_at = NULL WHERE order_set_id = $1', [set]);
    await orderPaid.handle({ orderSetId: set }, shop.runtime.jobContext);
    expect(confirmsOf()).to.equal(2);
    expect(shop.ddelivery.placed.get(externalId)).to.equal(true);
    expect(await delivery(set)).to.include({ confirmed: true });
  });

  it('fails the job while the aggregator cannot confirm, and the retry confirms', async () => {
    const { set, externalId } = await placedSet();
    shop.ddelivery.misbehave = 'down';
    expect(await pay(set)).to.equal(false);
    expect(await delivery(set)).to.include({ confirmed: false });
    const retried = nextOrderPaid();
    shop.ddelivery.misbehave = 'none';
    expect(await retried).to.equal(true);
    expect(shop.ddelivery.placed.get(externalId)).to.equal(true);
    expect(await delivery(set)).to.include({ confirmed: true });
  });
});
