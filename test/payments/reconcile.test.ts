// A payment that succeeded at the provider is never stranded pending here: the sandbox's Pay records and applies in
// one transaction, and the reconciliation asks the provider about payments still pending after a while (a lost
// notification, a crash between the two records) and applies what it says.
import { expect } from 'chai';
import request from 'supertest';
import { reconcilePayments } from '../../src/worker/reconcile-payments';
import { buildApp } from '../../src/app';
import type { SandboxPaymentProvider } from '../../src/payments/providers/sandbox';
import { createPaymentProvider } from '../../src/payments/providers/index';
import { RECONCILE } from '../../src/payments/service';
import { type Checkout, checkout, courier, recipient } from '../checkout/checkout';
import { DATABASE_KIND } from '../helpers/database';
import { type TestRuntime, testRuntime } from '../helpers/runtime';
import { layoutOf, type Shopper, shopper, stockShop } from '../orders/shop';

/** What pays a set: its payment's status here, the set's status, and the jobs its move to PAID enqueued. */
async function stateOf(runtime: TestRuntime, set: number) {
  const { rows: [row] } = await runtime.db.sql.query<{ payment: string; set: string; jobs: string[] }>(`
    SELECT p.status AS payment, s.status AS set,
           ARRAY(SELECT name FROM pgboss.job WHERE name IN ('order-paid', 'render-print-files') AND (data->>'orderSetId')::int = s.id ORDER BY name) AS jobs
      FROM order_sets s JOIN payments p ON p.order_set_id = s.id WHERE s.id = $1`, [set]);
  return row;
}

/** Time passes: the set's payment last changed an hour ago (rather than waiting for the reconciliation's deadline). */
const age = (runtime: TestRuntime, set: number) =>
  runtime.db.sql.query("UPDATE payments SET updated_at = now() - interval '1 hour' WHERE order_set_id = $1", [set]);

const reconcile = (runtime: TestRuntime) => reconcilePayments.handle(null, runtime.jobContext) as Promise<Record<string, number>>;

describe(`the sandbox's Pay and the payment reconciliation (${DATABASE_KIND})`, () => {
  let runtime: TestRuntime;
  let client: ReturnType<typeof request>;
  let sandbox: SandboxPaymentProvider;
  let counter = 0;

  /** A CONFIRMED set with its sandbox payment started: the set and the payment's id. */
  async function confirmedSet(): Promise<{ who: Shopper; set: number; paymentId: string }> {
    const who = await shopper(runtime, `reconcile${(counter += 1)}@example.com`);
    const layout = await layoutOf(runtime, who.id, 2, 24);
    const set = (await client.post('/api/merch/order/').set('Authorization', who.auth).send({ layout_id: layout, count: 1 })).body.orderset_id as number;
    const confirmed = await client.post(`/api/merch/orderset/${set}/delivery/`).set('Authorization', who.auth).send({
      type: 'COURIER', delivery_company_id: 1, pickup_company_id: 1, to_city_id: 2, to_street: 'Невский проспект', to_house: '28',
      to_flat: '', ...recipient, is_confirm: true,
    });
    if (confirmed.status !== 200) throw new Error(JSON.stringify(confirmed.body));
    return { who, set, paymentId: new URL(confirmed.body.link).pathname.split('/').pop()! };
  }
  const sandboxStatus = async (paymentId: string) => (await sandbox.find(paymentId))!.status;

  before(async () => {
    runtime = await testRuntime();
    await stockShop(runtime);
    client = request(buildApp(runtime).callback());
    sandbox = createPaymentProvider(runtime.config.payment, runtime.db, runtime.config.publicBaseUrl) as SandboxPaymentProvider;
  });
  after(() => runtime.dispose());

  it('Pay records the sandbox payment and pays the set in one step: a failure between them leaves neither', async () => {
    const { set, paymentId } = await confirmedSet();
    // The shop's side of the step fails (as a crash or a lost connection would, after the sandbox recorded the payment).
    await runtime.db.sql.query(`
      CREATE FUNCTION refuse_settle() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'connection lost'; END $$;
      CREATE TRIGGER refuse_settle BEFORE UPDATE OF status ON payments FOR EACH ROW EXECUTE FUNCTION refuse_settle();`);
    try {
      expect((await client.post(`/pay/sandbox/${paymentId}/pay/`)).status).to.equal(500);
    } finally {
      await runtime.db.sql.query('DROP TRIGGER refuse_settle ON payments; DROP FUNCTION refuse_settle();');
    }
    // Not stranded: the sandbox has not recorded the payment either, so its page still offers Pay.
    expect(await sandboxStatus(paymentId)).to.equal('pending');
    expect(await stateOf(runtime, set)).to.deep.equal({ payment: 'pending', set: 'CONFIRMED', jobs: [] });
    expect((await client.get(`/pay/sandbox/${paymentId}/`)).text).to.include('id="pay"');

    const paid = await client.post(`/pay/sandbox/${paymentId}/pay/`);
    expect(paid.status).to.equal(303);
    expect(await sandboxStatus(paymentId)).to.equal('succeeded');
    expect(await stateOf(runtime, set)).to.deep.equal({ payment: 'succeeded', set: 'PAID', jobs: ['order-paid', 'render-print-files'] });
  });

  it('Decline records and settles in one step too: the set stays CONFIRMED for another payment', async () => {
    const { set, paymentId } = await confirmedSet();
    expect((await client.post(`/pay/sandbox/${paymentId}/decline/`)).status).to.equal(303);
    expect(await sandboxStatus(paymentId)).to.equal('canceled');
    expect(await stateOf(runtime, set)).to.deep.equal({ payment: 'canceled', set: 'CONFIRMED', jobs: [] });
  });

  it('pays a set whose sandbox payment succeeded while the shop\'s stayed pending, once it is overdue', async () => {
    const { set, paymentId } = await confirmedSet();
    // As a crash between the two records left it before they were one step.
    expect(await sandbox.complete(paymentId, 'succeeded')).to.equal(true);
    expect(await reconcile(runtime)).to.include({ checked: 0 });
    expect(await stateOf(runtime, set)).to.include({ payment: 'pending', set: 'CONFIRMED' });

    await age(runtime, set);
    expect(await reconcile(runtime)).to.include({ checked: 1, paid: 1 });
    expect(await stateOf(runtime, set)).to.deep.equal({ payment: 'succeeded', set: 'PAID', jobs: ['order-paid', 'render-print-files'] });
    expect(await reconcile(runtime)).to.include({ checked: 0 });
  });
});

describe(`the payment reconciliation with YooKassa (${DATABASE_KIND})`, () => {
  let shop: Checkout;
  let counter = 0;

  /** A CONFIRMED set and its payment at the provider, started as checkout does. */
  async function confirmedSet(): Promise<{ set: number; paymentId: string }> {
    const who = await shopper(shop.runtime, `yoo-reconcile${(counter += 1)}@example.com`);
    const set = await shop.cartOf(who);
    const response = await shop.client.post(`/api/merch/orderset/${set}/delivery/`).set('Authorization', who.auth)
      .send(courier({ is_confirm: true, price: 1630, delivery_sum: 319.35 }));
    if (response.status !== 200) throw new Error(JSON.stringify(response.body));
    const [payment] = [...shop.yookassa.payments.values()].filter((candidate) => candidate.metadata.order_set_id === String(set));
    return { set, paymentId: payment.id };
  }
  const asked = (paymentId: string) => shop.yookassa.exchanges.filter((exchange) => exchange.method === 'GET' && exchange.url.pathname === `/v3/payments/${paymentId}`).length;

  before(async () => {
    shop = await checkout();
  });
  after(() => shop.close());

  it('applies a succeeded payment whose notification was lost, and leaves a pending one pending', async () => {
    const lost = await confirmedSet();
    const waiting = await confirmedSet();
    const declined = await confirmedSet();
    // The shopper paid (or gave up) at YooKassa; no notification ever reaches the shop.
    shop.yookassa.settle(lost.paymentId, 'succeeded');
    shop.yookassa.settle(declined.paymentId, 'canceled');
    // Before its deadline a payment is left to its notification: nobody asks.
    expect(await reconcile(shop.runtime)).to.include({ checked: 0 });
    expect(asked(lost.paymentId)).to.equal(0);

    for (const { set } of [lost, waiting, declined]) await age(shop.runtime, set);
    expect(await reconcile(shop.runtime)).to.deep.equal({ checked: 3, paid: 1, canceled: 1, unchanged: 1, unknown: 0, failed: 0 });
    expect(await stateOf(shop.runtime, lost.set)).to.deep.equal({ payment: 'succeeded', set: 'PAID', jobs: ['order-paid', 'render-print-files'] });
    expect(await stateOf(shop.runtime, waiting.set)).to.deep.equal({ payment: 'pending', set: 'CONFIRMED', jobs: [] });
    // Declined at the provider: settled, and the set stays CONFIRMED so the shopper may pay again.
    expect(await stateOf(shop.runtime, declined.set)).to.deep.equal({ payment: 'canceled', set: 'CONFIRMED', jobs: [] });

    // The pending one is asked again only after the recheck interval.
    expect(await reconcile(shop.runtime)).to.include({ checked: 0 });
    expect(asked(waiting.paymentId)).to.equal(1);
    await shop.runtime.db.sql.query(`UPDATE payments SET checked_at = now() - $2 * interval '1 second' WHERE order_set_id = $1`, [waiting.set, RECONCILE.recheckSeconds + 1]);
    shop.yookassa.settle(waiting.paymentId, 'succeeded');
    expect(await reconcile(shop.runtime)).to.include({ checked: 1, paid: 1 });
    expect(await stateOf(shop.runtime, waiting.set)).to.include({ payment: 'succeeded', set: 'PAID' });
  });

  it('stops at a provider that does not answer, and asks again on a later run', async () => {
    const { set, paymentId } = await confirmedSet();
    shop.yookassa.settle(paymentId, 'succeeded');
    await age(shop.runtime, set);
    shop.yookassa.misbehave = 'down';
    try {
      expect(await reconcile(shop.runtime)).to.include({ checked: 0, failed: 1 });
    } finally {
      shop.yookassa.misbehave = 'none';
    }
    expect(await stateOf(shop.runtime, set)).to.include({ payment: 'pending', set: 'CONFIRMED' });
    await shop.runtime.db.sql.query("UPDATE payments SET checked_at = now() - interval '1 hour' WHERE order_set_id = $1", [set]);
    expect(await reconcile(shop.runtime)).to.include({ checked: 1, paid: 1 });
  });
});
