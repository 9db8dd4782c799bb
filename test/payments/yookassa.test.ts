import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { createYooKassaProvider } from '../../src/payments/providers/yookassa';
import { DATABASE_KIND } from '../helpers/database';
import { type Checkout, checkout, courier } from '../checkout/checkout';
import { SHOP_ID } from '../checkout/yookassa-server';
import { type Shopper, shopper } from '../orders/shop';

const confirm = (extra: Record<string, unknown> = {}) => courier({ is_confirm: true, price: 1630, delivery_sum: 319.35, ...extra });

describe(`payment through YooKassa (${DATABASE_KIND})`, () => {
  let shop: Checkout;
  let counter = 0;

  const newShopper = () => shopper(shop.runtime, `payer${(counter += 1)}@example.com`);
  const deliver = (who: Shopper, set: number, body: unknown) =>
    shop.client.post(`/api/merch/orderset/${set}/delivery/`).set('Authorization', who.auth).send(body as object);
  const notify = (id: string, event = 'payment.succeeded', extra: Record<string, unknown> = {}) =>
    shop.client.post('/api/merch/payment/webhook/').send({ type: 'notification', event, object: { id, status: 'succeeded', paid: true, ...extra } });
  const status = async (set: number) => (await shop.rows('SELECT status FROM order_sets WHERE id = $1', [set]))[0].status;
  const paidJobs = async (set: number) => (await shop.rows(
    "SELECT data FROM pgboss.job WHERE name = 'order-paid' AND (data->>'orderSetId')::int = $1", [set])).length;
  const creates = (set: number) => shop.yookassa.createRequests().filter((request) => (request.body.metadata as { order_set_id: string }).order_set_id === String(set));
  /** A confirmed set and its payment id at the provider. */
  async function confirmed(): Promise<{ who: Shopper; set: number; paymentId: string; link: string }> {
    const who = await newShopper();
    const set = await shop.cartOf(who);
    const response = await deliver(who, set, confirm());
    if (response.status !== 200) throw new Error(JSON.stringify(response.body));
    const [payment] = [...shop.yookassa.payments.values()].filter((candidate) => candidate.metadata.order_set_id === String(set));
    return { who, set, paymentId: payment.id, link: response.body.link };
  }

  before(async () => {
    shop = await checkout();
  });
  afterEach(() => {
    shop.yookassa.misbehave = 'none';
    shop.yookassa.failAfterCreate = 0;
  });
  after(() => shop.close());

  it('creates the payment with Basic auth, an Idempotence-Key, the exact amount, a redirect and the order set', async () => {
    const { set, link, paymentId } = await confirmed();
    const [request] = creates(set);
    expect(request.key).to.match(/^[0-9a-f-]{36}$/);
    expect(request.body).to.deep.equal({
      amount: { value: '1949.35', currency: 'RUB' }, capture: true,
      confirmation: { type: 'redirect', return_url: 'http://shop.test/order/done/' },
      description: `Заказ №${set}`, metadata: { order_set_id: String(set) },
    });
    expect(link).to.equal(`${shop.yookassa.base}/checkout/${paymentId}`);
    const exchange = shop.yookassa.exchanges.find((candidate) => candidate.method === 'POST')!;
    expect(exchange.headers.authorization).to.equal(`Basic ${Buffer.from(`${SHOP_ID}:test_secret_key`).toString('base64')}`);
  });

  // The webhook's schema refuses such ids first; the provider must not depend on it (it is called by other paths too).
  it('never puts an id that is not of a payment id\'s form into its URL, whoever calls it', async () => {
    const config = shop.runtime.config.payment;
    if (config.provider !== 'yookassa') throw new Error('the checkout runs with YooKassa');
    const provider = createYooKassaProvider(config);
    const exchanges = shop.yookassa.exchanges.length;
    for (const id of ['../refunds', '..%2Frefunds', 'abc', `${randomUUID()}/cancel`, ` ${randomUUID()}`]) {
      expect(await provider.fetch(id), id).to.equal(null);
    }
    expect(shop.yookassa.exchanges.length, 'requests that reached YooKassa').to.equal(exchanges);
    expect(await provider.fetch(randomUUID())).to.equal(null);
    expect(shop.yookassa.exchanges.length, 'a well-formed unknown id is asked about').to.equal(exchanges + 1);
  });

  it('retries a 500 with the same Idempotence-Key: one payment', async () => {
    shop.yookassa.failAfterCreate = 2;
    const { set, link } = await confirmed();
    const requests = creates(set);
    expect(requests).to.have.length(3);
    expect(new Set(requests.map((request) => request.key)).size).to.equal(1);
    const atProvider = [...shop.yookassa.payments.values()].filter((payment) => payment.metadata.order_set_id === String(set));
    expect(atProvider).to.have.length(1);
    expect(link).to.equal(atProvider[0].confirmation.confirmation_url);
  });

  it('keeps the key when the provider stays down, and the pay action then finishes the same payment', async () => {
    const who = await newShopper();
    const set = await shop.cartOf(who);
    shop.yookassa.failAfterCreate = 10;
    const failed = await deliver(who, set, confirm());
    expect(failed.status).to.equal(500);
    expect(failed.body).to.deep.equal({ error: 500, detail: 'The payment service is unavailable; please try again.' });
    expect(await status(set)).to.equal('CONFIRMED');
    expect(await shop.rows('SELECT status FROM payments WHERE order_set_id = $1', [set])).to.deep.equal([{ status: 'creating' }]);

    shop.yookassa.failAfterCreate = 0;
    const paid = await deliver(who, set, { ...confirm(), delivery_company: { id: 7 } });
    expect(paid.status).to.equal(200);
    expect(new Set(creates(set).map((request) => request.key)).size).to.equal(1);
    expect([...shop.yookassa.payments.values()].filter((payment) => payment.metadata.order_set_id === String(set))).to.have.length(1);
    expect(shop.ddelivery.orders.filter((order) => order.get('shop_refnum') === String(set))).to.have.length(1);
  });

  it('moves the set to PAID once, with one order-paid job, whatever the number of duplicate notifications', async () => {
    const { who, set, paymentId } = await confirmed();
    shop.yookassa.settle(paymentId, 'succeeded');
    const responses = await Promise.all(Array.from({ length: 5 }, () => notify(paymentId)));
    expect(responses.map((response) => response.status)).to.deep.equal([200, 200, 200, 200, 200]);
    expect(responses.map((response) => response.body.outcome).sort()).to.deep.equal(['paid', 'unchanged', 'unchanged', 'unchanged', 'unchanged']);
    expect(shop.validator.errorsOf('payment-notification-result.json', responses[0].body)).to.equal(null);
    expect(await status(set)).to.equal('PAID');
    expect(await paidJobs(set)).to.equal(1);
    expect((await notify(paymentId)).body).to.deep.equal({ outcome: 'unchanged' });
    expect(await paidJobs(set)).to.equal(1);

    // The next cart is a new OPEN set.
    const next = await shop.cartOf(who);
    expect(next).to.not.equal(set);
    expect(await status(next)).to.equal('OPEN');
  });

  it('ignores a forged notification: the provider is asked, and it says the payment is not paid', async () => {
    const { set, paymentId } = await confirmed();
    const forged = await notify(paymentId, 'payment.succeeded', { status: 'succeeded', amount: { value: '1949.35', currency: 'RUB' } });
    expect(forged.body).to.deep.equal({ outcome: 'unchanged' });
    expect(await status(set)).to.equal('CONFIRMED');
    expect(await paidJobs(set)).to.equal(0);
    expect((await notify('2f0e1c2b-0000-5000-8000-000000000000')).body).to.deep.equal({ outcome: 'unknown' });
    const exchange = shop.yookassa.exchanges.filter((candidate) => candidate.method === 'GET').at(-1)!;
    expect(exchange.url.pathname).to.equal('/v3/payments/2f0e1c2b-0000-5000-8000-000000000000');
  });

  it('refuses to mark paid a payment whose amount at the provider is not the order set\'s', async () => {
    const { set, paymentId } = await confirmed();
    const payment = shop.yookassa.payments.get(paymentId)!;
    payment.amount = { value: '1.00', currency: 'RUB' };
    shop.yookassa.settle(paymentId, 'succeeded');
    expect((await notify(paymentId)).body).to.deep.equal({ outcome: 'unchanged' });
    expect(await status(set)).to.equal('CONFIRMED');
  });

  it('on a canceled payment keeps the set CONFIRMED; paying again starts a new payment with a new key', async () => {
    const { who, set, paymentId } = await confirmed();
    shop.yookassa.settle(paymentId, 'canceled');
    expect((await notify(paymentId, 'payment.canceled')).body).to.deep.equal({ outcome: 'canceled' });
    expect(await status(set)).to.equal('CONFIRMED');
    const again = await deliver(who, set, confirm());
    expect(again.status).to.equal(200);
    const keys = creates(set).map((request) => request.key);
    expect(new Set(keys).size).to.equal(2);
    expect(await shop.rows('SELECT status FROM payments WHERE order_set_id = $1 ORDER BY id', [set])).to.deep.equal([{ status: 'canceled' }, { status: 'pending' }]);
  });

  it('answers 503 when the provider cannot be asked, and 400 for what is not a notification', async () => {
    const { set, paymentId } = await confirmed();
    shop.yookassa.settle(paymentId, 'succeeded');
    shop.yookassa.misbehave = 'down';
    const response = await notify(paymentId);
    expect(response.status).to.equal(503);
    expect(await status(set)).to.equal('CONFIRMED');
    for (const body of [{}, { type: 'notification', event: 'payment.succeeded' }, { type: 'notification', event: 'x', object: { id: 5 } }]) {
      expect((await shop.client.post('/api/merch/payment/webhook/').send(body)).status, JSON.stringify(body)).to.equal(400);
    }
  });

  it('answers a paid set\'s pay action with 409', async () => {
    const { who, set, paymentId } = await confirmed();
    shop.yookassa.settle(paymentId, 'succeeded');
    await notify(paymentId);
    const response = await deliver(who, set, confirm());
    expect(response.status).to.equal(409);
    expect(response.body).to.deep.equal({ error: 409, detail: 'The order set is PAID and can no longer change.' });
  });
});
