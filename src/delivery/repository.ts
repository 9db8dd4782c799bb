// SQL for an order set's delivery: claimed for placing by exactly one request (a refused placing leaves a draft, an
// unanswered one stays placing until it is looked up), then placed; an order placed as a draft at the aggregator is confirmed there once the set is paid.
import type { SqlExecutor } from '../db/database';
import { createPlacedPhotosRepository } from '../layouts/placed-photos-repository';
import type { DeliveryType } from './provider';

export interface DeliveryValues {
  provider: string;
  type: DeliveryType;
  option: Record<string, unknown>;
  priceKopecks: number;
}

// Only a draft (a placing that failed) or no row can become 'placing'.
const CLAIM = `INSERT INTO deliveries (order_set_id, provider, type, option, price_kopecks, status)
  VALUES ($1, $2, $3, $4, $5, 'placing')
  ON CONFLICT (order_set_id) DO UPDATE SET provider = EXCLUDED.provider, type = EXCLUDED.type, option = EXCLUDED.option,
    price_kopecks = EXCLUDED.price_kopecks, status = EXCLUDED.status, external_id = NULL, aggregator_confirmed_at = NULL, updated_at = now()
  WHERE deliveries.status = 'draft'
  RETURNING id`;

export function createDeliveryRepository(sql: SqlExecutor) {
  return {
    /**
     * Claims the delivery for placing at the aggregator: true for exactly one caller, whatever runs at the same
     * time, since only a draft (or no row) can become 'placing'.
     */
    async claim(orderSetId: number, values: DeliveryValues): Promise<boolean> {
      const { rows } = await sql.query(CLAIM, [orderSetId, values.provider, values.type, JSON.stringify(values.option), values.priceKopecks]);
      return rows.length === 1;
    },

    /**
     * Takes over a placing claimed longer ago than staleMs (its request lost the aggregator's answer, or its process
     * died): its provider for exactly one caller, who then settles it; undefined while it may still be in flight.
     * The claim's time is renewed, so a caller that cannot settle it leaves it for the next one later.
     */
    async takeOverUnanswered(orderSetId: number, staleMs: number): Promise<string | undefined> {
      const { rows } = await sql.query<{ provider: string }>(
        `UPDATE deliveries SET updated_at = now()
          WHERE order_set_id = $1 AND status = 'placing' AND updated_at < now() - $2::double precision * interval '1 millisecond'
          RETURNING provider`, [orderSetId, staleMs]);
      return rows[0]?.provider;
    },

    /** Gives a failed placing back, so that the shopper can try again. */
    async release(orderSetId: number): Promise<void> {
      await sql.query("UPDATE deliveries SET status = 'draft', updated_at = now() WHERE order_set_id = $1 AND status = 'placing'", [orderSetId]);
    },

    /** confirmedAtAggregator: placed confirmed (is_confirm), not as a draft there. */
    async markPlaced(orderSetId: number, externalId: string | null, confirmedAtAggregator: boolean): Promise<void> {
      await sql.query(
        `UPDATE deliveries SET status = 'placed', external_id = $2, aggregator_confirmed_at = CASE WHEN $3::boolean THEN now() END, updated_at = now()
          WHERE order_set_id = $1 AND status = 'placing'`,
        [orderSetId, externalId, confirmedAtAggregator]);
    },

    /** The order set's status and shopper; undefined when there is no such set. */
    async orderSetState(orderSetId: number): Promise<{ status: string; userId: number } | undefined> {
      const { rows: [row] } = await sql.query<{ status: string; user_id: unknown }>('SELECT status, user_id FROM order_sets WHERE id = $1', [orderSetId]);
      return row && { status: row.status, userId: Number(row.user_id) };
    },

    /** The set's aggregator order when it is still a draft there. */
    async draftAtAggregator(orderSetId: number): Promise<{ provider: string; externalId: string } | undefined> {
      const { rows } = await sql.query<{ provider: string; external_id: string }>(
        `SELECT provider, external_id FROM deliveries
          WHERE order_set_id = $1 AND status = 'placed' AND external_id IS NOT NULL AND aggregator_confirmed_at IS NULL`, [orderSetId]);
      return rows[0] ? { provider: rows[0].provider, externalId: rows[0].external_id } : undefined;
    },

    async markConfirmedAtAggregator(orderSetId: number): Promise<void> {
      await sql.query(
        'UPDATE deliveries SET aggregator_confirmed_at = now(), updated_at = now() WHERE order_set_id = $1 AND aggregator_confirmed_at IS NULL',
        [orderSetId]);
    },

    /**
     * The set leaves the cart, and its layouts freeze (a layout in the bin comes out: it is ordered). Editing
     * messages lock a layout's row before they read its status, so none lands after this commits.
     */
    /** Locks the set's books not frozen yet; the photos they place that are gone (see lockBooksAndFindMissing). */
    lockBooksAndFindMissingPhotos: (orderSetId: number) => createPlacedPhotosRepository(sql).lockBooksAndFindMissing(orderSetId),

    async confirmOrderSet(orderSetId: number): Promise<void> {
      const placed = createPlacedPhotosRepository(sql);
      // The books locked before their photos are read, as the retention sweep locks them before removing a photo.
      await placed.lockBooksAndFindMissing(orderSetId);
      // The photos' masters as they are now: the print files follow the order, not a later turn of a photo.
      await placed.freezeOrderSet(orderSetId);
      await sql.query("UPDATE order_sets SET status = 'CONFIRMED' WHERE id = $1 AND status = 'OPEN'", [orderSetId]);
      await sql.query(`UPDATE layouts SET status = 'IN_WORK', updated_at = now()
        WHERE id IN (SELECT layout_id FROM orders WHERE order_set_id = $1) AND status IN ('OPEN', 'DELETED')`, [orderSetId]);
    },
  };
}

export type DeliveryRepository = ReturnType<typeof createDeliveryRepository>;
