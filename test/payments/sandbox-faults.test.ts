import { expect } from 'chai';
import { setTimeout as sleep } from 'node:timers/promises';
import request from 'supertest';
import { buildApp } from '../../src/app';
import { DATABASE_KIND } from '../helpers/database';
import { type TestRuntime, testRuntime } from '../helpers/runtime';
import { recipient } from '../checkout/checkout';
import { layoutOf, type Shopper, shopper, stockShop } from '../orders/shop';

// The sandbox providers' fault switches, a marker in the delivery's comment: what a front end sees offline.
const courier = (comment: string) => ({
  type: 'COURIER', delivery_company_id: 1, pickup_company_id: 1, to_city_id: 2, to_street: 'Невский проспект', to_house: '28',
  to_flat: '', ...recipient, is_confirm: true, comment,
});

describe(`sandbox fault switches (${DATABASE_KIND})`, () => {
  let runtime: TestRuntime;
  let client: ReturnType<typeof request>;
  let counter = 0;

  const newShopper = () => shopper(runtime, `faults${(counter += 1)}@example.com`);
  const deliver = (who: Shopper, set: number, body: object) => client.post(`/api/merch/orderset/${set}/delivery/`).set('Authorization', who.auth).send(body);
  const rows = async (text: string, params: unknown[]) => (await runtime.db.sql.query<Record<string, unknown>>(text, params)).rows;
  const delivery = async (set: number) => (await rows("SELECT status, option->>'comment' AS comment FROM deliveries WHERE order_set_id = $1", [set]))[0];
  const sandboxPayments = (set: number) => rows('SELECT id FROM sandbox_payments WHERE order_set_id = $1', [set]);
  async function cartOf(who: Shopper): Promise<number> {
    const layout = await layoutOf(runtime, who.id, 2, 24);
    return (await client.post(`/api/ua/layout/${layout}/`).set('Authorization', who.auth)).body.orderset_id;
  }

  before(async () => {
    runtime = await testRuntime();
    await stockShop(runtime);
    client = request(buildApp(runtime).callback());
  });
  after(() => runtime.dispose());

  it('delivery-fail: the placing is refused (500), the set stays a draft, and a request without the marker goes through', async () => {
    const ann = await newShopper();
    const set = await cartOf(ann);
    const failed = await deliver(ann, set, courier('[sandbox:delivery-fail]'));
    expect(failed.status).to.equal(500);
    expect(failed.body).to.include({ error: 500 });
    expect(await delivery(set)).to.include({ status: 'draft' });
    expect((await deliver(ann, set, courier(''))).status).to.equal(200);
  });

  it('delivery-lost: placed and not answered (503, Retry-After, left placing); the retry adopts that order', async () => {
    const ann = await newShopper();
    const set = await cartOf(ann);
    const lost = await deliver(ann, set, courier('[sandbox:delivery-lost]'));
    expect(lost.status).to.equal(503);
    expect(lost.headers['retry-after']).to.match(/^\d+$/);
    expect(await delivery(set)).to.include({ status: 'placing' });
    // Time passes beyond the placing's deadline (rather than waiting for it here).
    await rows("UPDATE deliveries SET updated_at = now() - interval '1 hour' WHERE order_set_id = $1", [set]);
    const retry = await deliver(ann, set, courier('повтор'));
    expect(retry.status, JSON.stringify(retry.body)).to.equal(200);
    // Adopted, not placed again: the delivery is still the first request's.
    expect(await delivery(set)).to.deep.equal({ status: 'placed', comment: '[sandbox:delivery-lost]' });
  });

  it('delivery-slow: the placing takes its time, and a request meanwhile is told to come back (423)', async () => {
    const ann = await newShopper();
    const set = await cartOf(ann);
    const slow = deliver(ann, set, courier('[sandbox:delivery-slow]')).then((response) => response);
    // Once the placing has begun (recorded as placing before the 2 s call to the aggregator), well inside those 2 s.
    while ((await delivery(set))?.status !== 'placing') await sleep(20);
    const meanwhile = await deliver(ann, set, courier(''));
    expect(meanwhile.status).to.equal(423);
    expect((await slow).status).to.equal(200);
  });

  it('payment-fail: the first start is refused (500, set CONFIRMED), the pay action then starts it', async () => {
    const ann = await newShopper();
    const set = await cartOf(ann);
    const failed = await deliver(ann, set, courier('[sandbox:payment-fail]'));
    expect(failed.status).to.equal(500);
    expect(await sandboxPayments(set)).to.have.length(0);
    const paid = await deliver(ann, set, {});
    expect(paid.status).to.equal(200);
    expect(await sandboxPayments(set)).to.have.length(1);
  });

  it('payment-lost: the payment is made and not answered; the pay action gives that payment, not a second', async () => {
    const ann = await newShopper();
    const set = await cartOf(ann);
    const lost = await deliver(ann, set, courier('[sandbox:payment-lost]'));
    expect(lost.status).to.equal(500);
    const [made] = await sandboxPayments(set);
    expect(made).to.not.equal(undefined);
    const paid = await deliver(ann, set, {});
    expect(paid.status).to.equal(200);
    expect(paid.body.link).to.match(new RegExp(`/pay/sandbox/${String(made.id)}$`));
    expect(await sandboxPayments(set)).to.have.length(1);
  });
});
