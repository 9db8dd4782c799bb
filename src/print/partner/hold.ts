// The shopper's change of mind inside the hold (ORDER_HOLD_MINUTES after payment, before anything went to the
// partner): cancel the whole set (refunded as an administrator's cancel is), or take one book back to fix it (the
// order leaves the set, its cost is refunded exactly once, the book opens for editing again).
import type { Database, Transaction } from '../../db/database';
import type { OrderAdminService } from '../../orders/admin-service';
import type { OrdersService } from '../../orders/service';
import type { Refunds } from '../../payments/refunds';
import { conflict, notFound } from '../../shared/errors';
import { createPartnerRepository, type HeldSet } from './repository';

const takeBackKeyOf = (orderId: number) => `photobook-order-${orderId}-take-back`;

/** Why the set can no longer change its mind; undefined while it can. */
function holdRefusal(set: HeldSet) {
  if (set.status !== 'PAID') return conflict(`The order set is ${set.status}.`, { extra: { status: set.status } });
  if (set.sent || set.holdOver) {
    return conflict('The hold is over: the order set has gone to print.', { extra: { print_hold_until: set.holdUntil?.toISOString() ?? null } });
  }
  return undefined;
}

export function createPrintHold(deps: { db: Database; orders: OrdersService; orderAdmin: OrderAdminService; refunds: Refunds }) {
  const { db, orders, orderAdmin, refunds } = deps;

  async function lockHeld(tx: Transaction, orderSetId: number): Promise<HeldSet> {
    const set = await createPartnerRepository(tx.sql).lockSet(orderSetId);
    if (!set) throw notFound();
    const refusal = holdRefusal(set);
    if (refusal) throw refusal;
    return set;
  }

  return {
    /** The shopper cancels their paid set inside the hold: the administrators' cancel, refund included. */
    async cancel(userId: number, orderSetId: number) {
      if (!(await orders.load(userId, orderSetId))) throw notFound();
      await orderAdmin.move(orderSetId, { status: 'CANCELED' }, userId, async (tx) => {
        await lockHeld(tx, orderSetId);
      });
      return (await orders.load(userId, orderSetId))!;
    },

    /**
     * The shopper takes one book of their paid set back inside the hold. Claimed first (committed: the send job
     * leaves a claimed book out), refunded with a key of the order's own, then the order leaves the set. The set's
     * last book is not taken back: the set is canceled instead.
     */
    async takeBack(userId: number, orderId: number) {
      const claim = await db.transaction(async (tx) => {
        const { rows: [order] } = await tx.sql.query<Record<string, unknown>>(
          `SELECT o.order_set_id, o.layout_id, o.quantity * o.price_kopecks AS amount,
                  EXISTS (SELECT 1 FROM order_take_backs t WHERE t.order_id = o.id) AS claimed
             FROM orders o JOIN order_sets s ON s.id = o.order_set_id WHERE o.id = $1 AND s.user_id = $2`, [orderId, userId]);
        if (!order) throw notFound();
        const orderSetId = Number(order.order_set_id);
        // A take-back already claimed finishes whatever the clock says: its refund was asked for inside the hold.
        if (!order.claimed) {
          await lockHeld(tx, orderSetId);
          if ((await createPartnerRepository(tx.sql).bookCount(orderSetId)) <= 1) {
            throw conflict('This is the order set\'s only book: cancel the order set instead.');
          }
          await tx.sql.query(
            `INSERT INTO order_take_backs (order_id, order_set_id, layout_id, amount_kopecks, idempotence_key) VALUES ($1, $2, $3, $4, $5)`,
            [orderId, orderSetId, order.layout_id, Number(order.amount), takeBackKeyOf(orderId)]);
        }
        const { rows: [payment] } = await tx.sql.query<{ provider: string; external_id: string }>(
          "SELECT provider, external_id FROM payments WHERE order_set_id = $1 AND status = 'succeeded'", [orderSetId]);
        const { rows: [row] } = await tx.sql.query<{ amount_kopecks: unknown }>('SELECT amount_kopecks FROM order_take_backs WHERE order_id = $1', [orderId]);
        return {
          orderSetId, layoutId: String(order.layout_id), idempotenceKey: takeBackKeyOf(orderId), provider: payment.provider,
          externalPaymentId: payment.external_id, amountKopecks: Number(row.amount_kopecks),
        };
      });
      const remote = await refunds.ask(claim);
      await db.transaction(async (tx) => {
        await createPartnerRepository(tx.sql).lockSet(claim.orderSetId);
        await tx.sql.query('UPDATE order_take_backs SET status = $2, external_id = $3 WHERE order_id = $1', [orderId, remote.status, remote.id]);
        await tx.sql.query('DELETE FROM orders WHERE id = $1', [orderId]);
        // The book may be edited again, unless another set on its way to print holds it too.
        await tx.sql.query(`UPDATE layouts SET status = 'OPEN', updated_at = now() WHERE id = $1 AND status = 'IN_WORK'
            AND NOT EXISTS (SELECT 1 FROM orders o JOIN order_sets s ON s.id = o.order_set_id
                             WHERE o.layout_id = $1 AND s.status IN ('CONFIRMED', 'PAID', 'IN_PRODUCTION', 'SHIPPED', 'DELIVERED'))`,
        [claim.layoutId]);
      });
      return (await orders.load(userId, claim.orderSetId))!;
    },
  };
}

export type PrintHold = ReturnType<typeof createPrintHold>;
