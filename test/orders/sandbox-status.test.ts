import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import request from 'supertest';
import { buildApp } from '../../src/app';
import { eventually, jobStates, roleTokens, settled } from '../admin/helpers';
import { recipient } from '../checkout/checkout';
import { DATABASE_KIND } from '../helpers/database';
import { type TestRuntime, testRuntime } from '../helpers/runtime';
import { bodyText } from '../helpers/smtp';
import { layoutOf, shopper, stockShop } from './shop';

// With the built-in providers, as `npm run demo` runs: the refund is a row of the sandbox provider, mail goes to the outbox.
describe(`order sets after payment with the sandbox providers (${DATABASE_KIND})`, () => {
  let runtime: TestRuntime;
  let client: ReturnType<typeof request>;
  let admin: string;

  /** The outbox's messages to that address: subject and decoded text. */
  function outboxTo(email: string): { subject: string; text: string }[] {
    const outbox = path.join(runtime.config.dataDir, 'outbox');
    return readdirSync(outbox).map((name) => readFileSync(path.join(outbox, name), 'utf8'))
      .filter((raw) => raw.includes(`To: ${email}`))
      .map((raw) => ({ subject: /^Subject: (.*)$/m.exec(raw)![1], text: bodyText(raw) }));
  }

  async function paidSet(email: string): Promise<number> {
    const who = await shopper(runtime, email);
    const layout = await layoutOf(runtime, who.id, 2, 24);
    const set = (await client.post(`/api/ua/layout/${layout}/`).set('Authorization', who.auth)).body.orderset_id as number;
    const confirmed = await client.post(`/api/merch/orderset/${set}/delivery/`).set('Authorization', who.auth).send({
      type: 'COURIER', delivery_company_id: 1, pickup_company_id: 1, to_city_id: 2, to_street: 'Невский проспект', to_house: '28',
      to_flat: '', ...recipient, is_confirm: true,
    });
    expect(confirmed.status, JSON.stringify(confirmed.body)).to.equal(200);
    const paymentId = new URL(confirmed.body.link).pathname.split('/')[3];
    expect((await client.post(`/pay/sandbox/${paymentId}/pay/`)).status).to.equal(303);
    return set;
  }
  const move = (set: number, body: object) => client.patch(`/api/admin/orderset/${set}/`).set('Authorization', admin).send(body);

  before(async () => {
    runtime = await testRuntime();
    await stockShop(runtime);
    await runtime.queue.work(runtime.jobContext);
    client = request(buildApp(runtime).callback());
    admin = (await roleTokens(runtime)).admin;
  });
  after(() => runtime.dispose());

  it('walks one paid set to DELIVERED and cancels another with a sandbox refund; the shoppers find the mails in the outbox', async () => {
    const delivered = await paidSet('kept@example.com');
    for (const body of [{ status: 'IN_PRODUCTION' }, { status: 'SHIPPED', tracking_number: 'CDEK-1029384756' }, { status: 'DELIVERED' }]) {
      expect((await move(delivered, body)).status).to.equal(200);
    }
    const canceled = await paidSet('changed-mind@example.com');
    const response = await move(canceled, { status: 'CANCELED' });
    expect(response.status, JSON.stringify(response.body)).to.equal(200);
    expect(response.body.refund).to.include({ status: 'succeeded', amount: 2078.15 });
    const { rows: refunds } = await runtime.db.sql.query<{ id: string; amount_kopecks: unknown; order_set_id: number }>(
      'SELECT r.id, r.amount_kopecks, p.order_set_id FROM sandbox_refunds r JOIN sandbox_payments p ON p.id = r.payment_id');
    expect(refunds.map((row) => [Number(row.order_set_id), Number(row.amount_kopecks)])).to.deep.equal([[canceled, 207815]]);
    expect(response.body.refund.provider_refund_id).to.equal(refunds[0].id);

    await eventually(() => jobStates(runtime, 'send-order-status-email'), (states) => states.length === 4 && settled(states));
    expect(outboxTo('kept@example.com').map((mail) => mail.subject)).to.have.length(3);
    expect(outboxTo('kept@example.com').some((mail) => mail.text.includes('Трек-номер: CDEK-1029384756'))).to.equal(true);
    const [cancelMail] = outboxTo('changed-mind@example.com');
    expect(cancelMail.text).to.contain(`Заказ №${canceled} отменён`).and.to.contain('Оплата возвращена: 2078.15 руб.');
  });
});
