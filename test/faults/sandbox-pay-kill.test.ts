// `photobook serve` killed with SIGKILL in the middle of the sandbox's Pay: the shop's payment row is held by another
// transaction, so the Pay request waits inside its step, and the process dies there. Nothing may be left half done:
// a sandbox payment succeeded while the shop's stays pending would strand the set (no Pay button, the same link).
import { expect } from 'chai';
import pg from 'pg';
import request from 'supertest';
import { buildApp } from '../../src/app';
import { recipient } from '../checkout/checkout';
import { DATABASE_KIND } from '../helpers/database';
import { TEST_JWT_SECRET, type TestRuntime, testRuntime } from '../helpers/runtime';
import { layoutOf, shopper, stockShop } from '../orders/shop';
import { recordFigures } from './figures';
import { startService } from './service-process';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('sandbox Pay cut by SIGKILL (postgres only: a real process and a row held from outside)', function () {
  this.timeout(120_000);
  let runtime: TestRuntime;

  before(async function () {
    if (DATABASE_KIND !== 'postgres') this.skip();
    runtime = await testRuntime({ WORKER: '0' });
    await stockShop(runtime);
  });
  after(() => runtime?.dispose());

  it('leaves the sandbox payment and the shop\'s both pending, so Pay is offered again and pays the set', async () => {
    const client = request(buildApp(runtime).callback());
    const who = await shopper(runtime, 'killed-pay@example.com');
    const layout = await layoutOf(runtime, who.id, 2, 24);
    const set = (await client.post('/api/merch/order/').set('Authorization', who.auth).send({ layout_id: layout, count: 1 })).body.orderset_id as number;
    const confirmed = await client.post(`/api/merch/orderset/${set}/delivery/`).set('Authorization', who.auth).send({
      type: 'COURIER', delivery_company_id: 1, pickup_company_id: 1, to_city_id: 2, to_street: 'Невский проспект', to_house: '28',
      to_flat: '', ...recipient, is_confirm: true,
    });
    expect(confirmed.status, JSON.stringify(confirmed.body)).to.equal(200);
    const paymentId = new URL(confirmed.body.link).pathname.split('/').pop()!;

    const service = await startService('serve', {
      DATABASE_URL: runtime.db.connectionString!, DATA_DIR: runtime.config.dataDir, JWT_SECRET: TEST_JWT_SECRET, WORKER: '0',
      // The Pay must still be waiting for the held row when the kill comes.
      DATABASE_STATEMENT_TIMEOUT_MS: '60000',
    });
    const holder = new pg.Client({ connectionString: runtime.db.connectionString! });
    await holder.connect();
    let waitedMs = 0;
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT id FROM payments WHERE order_set_id = $1 FOR UPDATE', [set]);
      const pressed = Date.now();
      const pay = fetch(`${service.url}/pay/sandbox/${paymentId}/pay/`, { method: 'POST', redirect: 'manual' }).catch((error: Error) => error);
      // The Pay has reached the shop's payment row and waits for it: the sandbox's side of the step is behind it.
      for (;;) {
        const { rows: [{ waiting }] } = await holder.query<{ waiting: number }>(
          "SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'");
        if (waiting > 0) break;
        expect(Date.now() - pressed, 'the Pay never waited for the held row').to.be.below(30_000);
        await sleep(20);
      }
      waitedMs = Date.now() - pressed;
      service.child.kill('SIGKILL');
      expect(await service.exited).to.equal('SIGKILL');
      expect(await pay).to.be.instanceOf(Error);
    } finally {
      await holder.query('ROLLBACK');
      await holder.end();
    }

    const state = async () => (await runtime.db.sql.query<{ sandbox: string; payment: string; set: string }>(`
      SELECT sp.status AS sandbox, p.status AS payment, s.status AS set
        FROM order_sets s JOIN payments p ON p.order_set_id = s.id JOIN sandbox_payments sp ON sp.id::text = p.external_id
       WHERE s.id = $1`, [set])).rows[0];
    const afterKill = await state();
    expect(afterKill).to.deep.equal({ sandbox: 'pending', payment: 'pending', set: 'CONFIRMED' });
    expect((await client.get(`/pay/sandbox/${paymentId}/`)).text).to.include('id="pay"');
    expect((await client.post(`/pay/sandbox/${paymentId}/pay/`)).status).to.equal(303);
    const paid = await state();
    expect(paid).to.deep.equal({ sandbox: 'succeeded', payment: 'succeeded', set: 'PAID' });
    recordFigures('sandbox Pay, serve killed while the step waits for the held payment row', {
      pay_waiting_after_ms: waitedMs, after_the_kill: `sandbox ${afterKill.sandbox}, shop ${afterKill.payment}, set ${afterKill.set}`,
      after_pay_again: `set ${paid.set}`,
    });
  });
});
