// SQL of a book taken back inside the hold (hold.ts): the order as its owner sees it, the claim with its refund's
// amount and key, and what follows the refund (the order leaves the set, the book opens for editing again).
import type { SqlExecutor } from '../../db/database';

export interface OrderToTakeBack {
  orderSetId: number;
  layoutId: string;
  amountKopecks: number;
  /** A take-back of it was claimed before (its refund asked for inside the hold). */
  claimed: boolean;
}

export function createTakeBacksRepository(sql: SqlExecutor) {
  return {
    /** The order, if it is one of the user's sets'. */
    async order(orderId: number, userId: number): Promise<OrderToTakeBack | undefined> {
      const { rows: [order] } = await sql.query<Record<string, unknown>>(
        `SELECT o.order_set_id, o.layout_id, o.quantity * o.price_kopecks AS amount,
                EXISTS (SELECT 1 FROM order_take_backs t WHERE t.order_id = o.id) AS claimed
           FROM orders o JOIN order_sets s ON s.id = o.order_set_id WHERE o.id = $1 AND s.user_id = $2`, [orderId, userId]);
      return order && {
        orderSetId: Number(order.order_set_id), layoutId: String(order.layout_id), amountKopecks: Number(order.amount), claimed: Boolean(order.claimed),
      };
    },

    async claim(orderId: number, order: OrderToTakeBack, idempotenceKey: string): Promise<void> {
      await sql.query(
        'INSERT INTO order_take_backs (order_id, order_set_id, layout_id, amount_kopecks, idempotence_key) VALUES ($1, $2, $3, $4, $5)',
        [orderId, order.orderSetId, order.layoutId, order.amountKopecks, idempotenceKey]);
    },

    /** The claimed amount (as claimed, whatever the order says now). */
    async claimedAmount(orderId: number): Promise<number> {
      const { rows: [row] } = await sql.query<{ amount_kopecks: unknown }>('SELECT amount_kopecks FROM order_take_backs WHERE order_id = $1', [orderId]);
      return Number(row.amount_kopecks);
    },

    /** The set's succeeded payment, which the refund goes back to. */
    async succeededPayment(orderSetId: number): Promise<{ provider: string; external_id: string }> {
      const { rows: [payment] } = await sql.query<{ provider: string; external_id: string }>(
        "SELECT provider, external_id FROM payments WHERE order_set_id = $1 AND status = 'succeeded'", [orderSetId]);
      return payment;
    },

    /** The refund's answer recorded, the order out of its set, and its book open for editing again (unless another set on its way to print holds it too). */
    async complete(orderId: number, layoutId: string, refund: { status: string; id: string }): Promise<void> {
      await sql.query('UPDATE order_take_backs SET status = $2, external_id = $3 WHERE order_id = $1', [orderId, refund.status, refund.id]);
      await sql.query('DELETE FROM orders WHERE id = $1', [orderId]);
      await sql.query(`UPDATE layouts SET status = 'OPEN', updated_at = now() WHERE id = $1 AND status = 'IN_WORK'
          AND NOT EXISTS (SELECT 1 FROM orders o JOIN order_sets s ON s.id = o.order_set_id
                           WHERE o.layout_id = $1 AND s.status IN ('CONFIRMED', 'PAID', 'IN_PRODUCTION', 'SHIPPED', 'DELIVERED'))`,
      [layoutId]);
    },
  };
}
