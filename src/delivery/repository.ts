// SQL for an order set's delivery: a draft, claimed for placing by exactly one confirm, then placed.
import type { SqlExecutor } from '../db/database';
import type { DeliveryType } from './provider';

export interface DeliveryValues {
  provider: string;
  type: DeliveryType;
  option: Record<string, unknown>;
  priceKopecks: number;
}

const UPSERT = `INSERT INTO deliveries (order_set_id, provider, type, option, price_kopecks, status)
  VALUES ($1, $2, $3, $4, $5, $6)
  ON CONFLICT (order_set_id) DO UPDATE SET provider = EXCLUDED.provider, type = EXCLUDED.type, option = EXCLUDED.option,
    price_kopecks = EXCLUDED.price_kopecks, status = EXCLUDED.status, external_id = NULL, updated_at = now()
  WHERE deliveries.status = 'draft'
  RETURNING id`;

const upsert = async (sql: SqlExecutor, orderSetId: number, values: DeliveryValues, status: 'draft' | 'placing') =>
  (await sql.query(UPSERT, [orderSetId, values.provider, values.type, JSON.stringify(values.option), values.priceKopecks, status])).rows.length === 1;

export function createDeliveryRepository() {
  return {
    /** Saves or replaces the draft; false when the delivery is already being placed or placed. */
    saveDraft: (sql: SqlExecutor, orderSetId: number, values: DeliveryValues) => upsert(sql, orderSetId, values, 'draft'),

    /**
     * Claims the delivery for placing at the aggregator: true for exactly one caller, whatever runs at the same
     * time, since only a draft (or no row) can become 'placing'.
     */
    claim: (sql: SqlExecutor, orderSetId: number, values: DeliveryValues) => upsert(sql, orderSetId, values, 'placing'),

    /** Gives a failed placing back, so that the shopper can try again. */
    async release(sql: SqlExecutor, orderSetId: number): Promise<void> {
      await sql.query("UPDATE deliveries SET status = 'draft', updated_at = now() WHERE order_set_id = $1 AND status = 'placing'", [orderSetId]);
    },

    async markPlaced(sql: SqlExecutor, orderSetId: number, externalId: string | null): Promise<void> {
      await sql.query(
        "UPDATE deliveries SET status = 'placed', external_id = $2, updated_at = now() WHERE order_set_id = $1 AND status = 'placing'",
        [orderSetId, externalId]);
    },

    /**
     * The set leaves the cart, and its layouts freeze (a layout in the bin comes out: it is ordered). Editing
     * messages lock a layout's row before they read its status, so none lands after this commits.
     */
    async confirmOrderSet(sql: SqlExecutor, orderSetId: number): Promise<void> {
      await sql.query("UPDATE order_sets SET status = 'CONFIRMED' WHERE id = $1 AND status = 'OPEN'", [orderSetId]);
      await sql.query(`UPDATE layouts SET status = 'IN_WORK', updated_at = now()
        WHERE id IN (SELECT layout_id FROM orders WHERE order_set_id = $1) AND status IN ('OPEN', 'DELETED')`, [orderSetId]);
    },
  };
}
