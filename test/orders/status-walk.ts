// What the order-status tests share: a paid set through YooKassa's stand-in, admin PATCHes and the set's rows.
import { expect } from 'chai';
import type { Checkout } from '../checkout/checkout';
import { courier } from '../checkout/checkout';
import { type Shopper, shopper } from './shop';

export interface PaidSet {
  who: Shopper;
  email: string;
  set: number;
  paymentId: string;
}

let counter = 0;

/** A shopper's set, confirmed and paid at the YooKassa stand-in (1949.35 with the courier). */
export async function paidSet(shop: Checkout): Promise<PaidSet> {
  const email = `walker${(counter += 1)}-${Date.now()}@example.com`;
  const who = await shopper(shop.runtime, email);
  const set = await shop.cartOf(who);
  const confirmed = await shop.client.post(`/api/merch/orderset/${set}/delivery/`).set('Authorization', who.auth)
    .send(courier({ is_confirm: true, price: 1630, delivery_sum: 319.35 }));
  expect(confirmed.status, JSON.stringify(confirmed.body)).to.equal(200);
  const payment = [...shop.yookassa.payments.values()].find((candidate) => candidate.metadata.order_set_id === String(set))!;
  shop.yookassa.settle(payment.id, 'succeeded');
  const notified = await shop.client.post('/api/merch/payment/webhook/')
    .send({ type: 'notification', event: 'payment.succeeded', object: { id: payment.id, status: 'succeeded', paid: true } });
  expect(notified.body).to.deep.equal({ outcome: 'paid' });
  return { who, email, set, paymentId: payment.id };
}

export const move = (shop: Checkout, auth: string, set: number, body: object) =>
  shop.client.patch(`/api/admin/orderset/${set}/`).set('Authorization', auth).send(body);

export const history = (shop: Checkout, set: number) => shop.rows(
  'SELECT from_status, to_status, tracking_number, changed_by FROM order_status_history WHERE order_set_id = $1 ORDER BY id', [set]);

export const layoutStatuses = async (shop: Checkout, set: number) => (await shop.rows(
  'SELECT l.status FROM orders o JOIN layouts l ON l.id = o.layout_id WHERE o.order_set_id = $1', [set])).map((row) => row.status);

export const mailJobs = (shop: Checkout, set: number) => shop.rows(
  `SELECT j.id FROM pgboss.job j JOIN order_status_history h ON h.id = (j.data->>'historyId')::int
    WHERE j.name = 'send-order-status-email' AND h.order_set_id = $1`, [set]);
