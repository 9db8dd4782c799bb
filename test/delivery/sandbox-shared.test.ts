// One composition root: the sandbox aggregator that the delivery routes place orders with is the one the order-paid
// job confirms them at (it keeps its orders in memory, so two instances would each see only their own).
import { expect } from 'chai';
import request from 'supertest';
import { orderPaid } from '../../src/worker/order-paid';
import { buildApp } from '../../src/app';
import { recipient } from '../checkout/checkout';
import { DATABASE_KIND } from '../helpers/database';
import { type TestRuntime, testRuntime } from '../helpers/runtime';
import { layoutOf, shopper, stockShop } from '../orders/shop';

describe(`the sandbox aggregator, shared by the routes and the jobs (${DATABASE_KIND})`, () => {
  let runtime: TestRuntime;
  let client: ReturnType<typeof request>;

  before(async () => {
    runtime = await testRuntime();
    await stockShop(runtime);
    await runtime.queue.work(runtime.jobContext);
    client = request(buildApp(runtime).callback());
  });
  after(() => runtime.dispose());

  it('sees a draft placed through the routes confirmed once the order-paid job has run', async () => {
    const who = await shopper(runtime, 'draft@example.com');
    const layout = await layoutOf(runtime, who.id, 2, 24);
    const set = (await client.post(`/api/ua/layout/${layout}/`).set('Authorization', who.auth)).body.orderset_id as number;
    const placed = await client.post(`/api/merch/orderset/${set}/delivery/`).set('Authorization', who.auth).send({
      type: 'COURIER', delivery_company_id: 1, pickup_company_id: 1, to_city_id: 2, to_street: 'Невский проспект', to_house: '28',
      to_flat: '', ...recipient, is_confirm: false,
    });
    expect(placed.status, JSON.stringify(placed.body)).to.equal(200);
    const { rows: [delivery] } = await runtime.db.sql.query<{ external_id: string }>('SELECT external_id FROM deliveries WHERE order_set_id = $1', [set]);
    // The aggregator the process uses holds the routes' order, as a draft.
    expect(await runtime.services.deliveryProvider.findOrder(set)).to.deep.equal({ externalId: delivery.external_id, confirmed: false });

    const orderPaidDone = new Promise<boolean>((resolve) => {
      const stop = runtime.queue.onSettled((job) => {
        if (job.name !== orderPaid.name) return;
        stop();
        resolve(job.ok);
      });
    });
    const paymentId = new URL(placed.body.link).pathname.split('/')[3];
    expect((await client.post(`/pay/sandbox/${paymentId}/pay/`)).status).to.equal(303);
    expect(await orderPaidDone).to.equal(true);

    // What the routes would read back from the aggregator (a lost answer's lookup) is the job's confirmation.
    expect(await runtime.services.deliveryProvider.findOrder(set)).to.deep.equal({ externalId: delivery.external_id, confirmed: true });
    const { rows: [recorded] } = await runtime.db.sql.query<{ confirmed: boolean }>(
      'SELECT aggregator_confirmed_at IS NOT NULL AS confirmed FROM deliveries WHERE order_set_id = $1', [set]);
    expect(recorded.confirmed).to.equal(true);
  });
});
