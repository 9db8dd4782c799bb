// SQL for the administrators' side of order sets: the list, the locked set, a status move and its history row.
import type { SqlExecutor } from '../db/database';
import type { RefundStatus } from '../payments/refunds';
import { SET_COLUMNS, toSet, type OrderSetRow, type OrderSetStatus } from './repository';

export interface StatusHistoryRow {
  id: number;
  orderSetId: number;
  fromStatus: string;
  toStatus: string;
  trackingNumber: string | null;
  changedBy: { id: number; email: string | null } | null;
  changedAt: Date;
}

export interface RefundRow {
  orderSetId: number;
  status: RefundStatus;
  amountKopecks: number;
  externalId: string | null;
}

/** What the shopper's e-mail about a move says: the move, the shopper's address, the refund of a cancellation. */
export interface StatusChangeMail {
  orderSetId: number;
  toStatus: string;
  trackingNumber: string | null;
  email: string | null;
  refundKopecks: number | null;
}

export function createOrderAdminRepository(sql: SqlExecutor) {
  return {
    async count(status: OrderSetStatus | undefined): Promise<number> {
      const { rows } = await sql.query<{ count: unknown }>(
        'SELECT count(*) AS count FROM order_sets WHERE $1::text IS NULL OR status = $1::text', [status ?? null]);
      return Number(rows[0].count);
    },

    /** Newest first: the order is total (id breaks ties), so pages never overlap. */
    async page(status: OrderSetStatus | undefined, limit: number, offset: number): Promise<OrderSetRow[]> {
      const { rows } = await sql.query<Record<string, unknown>>(
        `SELECT ${SET_COLUMNS} FROM order_sets WHERE $1::text IS NULL OR status = $1::text
          ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`, [status ?? null, limit, offset]);
      return rows.map(toSet);
    },

    async byId(orderSetId: number): Promise<OrderSetRow[]> {
      const { rows } = await sql.query<Record<string, unknown>>(`SELECT ${SET_COLUMNS} FROM order_sets WHERE id = $1`, [orderSetId]);
      return rows.map(toSet);
    },

    /**
     * The set, locked until the transaction ends, and whether a refund of it is asked for and not confirmed. The
     * lock is what keeps two moves of one set from both applying: the second reads the first one's result.
     */
    async lock(orderSetId: number): Promise<(OrderSetRow & { refundRequested: boolean }) | undefined> {
      const { rows } = await sql.query<Record<string, unknown>>(
        `SELECT ${SET_COLUMNS} FROM order_sets WHERE id = $1 FOR UPDATE`, [orderSetId]);
      if (!rows[0]) return undefined;
      const { rows: refunds } = await sql.query(
        "SELECT 1 FROM refunds WHERE order_set_id = $1 AND status = 'requested'", [orderSetId]);
      return { ...toSet(rows[0]), refundRequested: refunds.length > 0 };
    },

    /** Moves the set and records who did it; the history row's id. */
    async move(set: OrderSetRow, to: OrderSetStatus, trackingNumber: string | null, adminId: number): Promise<number> {
      await sql.query('UPDATE order_sets SET status = $2, tracking_number = coalesce($3, tracking_number) WHERE id = $1',
        [set.id, to, trackingNumber]);
      const { rows } = await sql.query<{ id: unknown }>(
        `INSERT INTO order_status_history (order_set_id, from_status, to_status, tracking_number, changed_by)
         VALUES ($1, $2, $3, $4, $5) RETURNING id`, [set.id, set.status, to, trackingNumber, adminId]);
      return Number(rows[0].id);
    },

    /**
     * A canceled set's layouts may be edited again, unless another set on its way to print, or delivered, holds them
     * (a delivered book stays frozen: IN_WORK).
     */
    async reopenLayouts(orderSetId: number): Promise<void> {
      await sql.query(`UPDATE layouts SET status = 'OPEN', updated_at = now()
        WHERE id IN (SELECT layout_id FROM orders WHERE order_set_id = $1) AND status = 'IN_WORK'
          AND NOT EXISTS (SELECT 1 FROM orders o JOIN order_sets s ON s.id = o.order_set_id
                           WHERE o.layout_id = layouts.id AND s.id <> $1 AND s.status IN ('CONFIRMED', 'PAID', 'IN_PRODUCTION', 'SHIPPED', 'DELIVERED'))`,
      [orderSetId]);
    },

    async history(orderSetIds: number[]): Promise<StatusHistoryRow[]> {
      if (orderSetIds.length === 0) return [];
      const { rows } = await sql.query<Record<string, unknown>>(
        `SELECT h.id, h.order_set_id, h.from_status, h.to_status, h.tracking_number, h.changed_by, u.email, h.changed_at
           FROM order_status_history h LEFT JOIN users u ON u.id = h.changed_by
          WHERE h.order_set_id = ANY($1::int[]) ORDER BY h.id`, [orderSetIds]);
      return rows.map((row) => ({
        id: Number(row.id), orderSetId: Number(row.order_set_id), fromStatus: String(row.from_status), toStatus: String(row.to_status),
        trackingNumber: row.tracking_number === null ? null : String(row.tracking_number),
        changedBy: row.changed_by === null ? null : { id: Number(row.changed_by), email: row.email === null ? null : String(row.email) },
        changedAt: new Date(row.changed_at as string | Date),
      }));
    },

    async refunds(orderSetIds: number[]): Promise<RefundRow[]> {
      if (orderSetIds.length === 0) return [];
      const { rows } = await sql.query<Record<string, unknown>>(
        'SELECT order_set_id, status, amount_kopecks, external_id FROM refunds WHERE order_set_id = ANY($1::int[])', [orderSetIds]);
      return rows.map((row) => ({
        orderSetId: Number(row.order_set_id), status: row.status as RefundStatus, amountKopecks: Number(row.amount_kopecks),
        externalId: row.external_id === null ? null : String(row.external_id),
      }));
    },

    async emails(userIds: number[]): Promise<Map<number, string | null>> {
      if (userIds.length === 0) return new Map();
      const { rows } = await sql.query<{ id: unknown; email: string | null }>('SELECT id, email FROM users WHERE id = ANY($1::int[])', [userIds]);
      return new Map(rows.map((row) => [Number(row.id), row.email]));
    },

    /** The move of history row historyId with what its e-mail needs; undefined when the row is gone. */
    async statusChangeMail(historyId: number): Promise<StatusChangeMail | undefined> {
      const { rows: [row] } = await sql.query<Record<string, unknown>>(
        `SELECT h.order_set_id, h.to_status, h.tracking_number, u.email, r.amount_kopecks AS refund_kopecks
           FROM order_status_history h JOIN order_sets s ON s.id = h.order_set_id JOIN users u ON u.id = s.user_id
           LEFT JOIN refunds r ON r.order_set_id = s.id AND h.to_status = 'CANCELED'
          WHERE h.id = $1`, [historyId]);
      if (!row) return undefined;
      return {
        orderSetId: Number(row.order_set_id), toStatus: String(row.to_status),
        trackingNumber: row.tracking_number === null ? null : String(row.tracking_number),
        email: row.email === null ? null : String(row.email),
        refundKopecks: row.refund_kopecks === null ? null : Number(row.refund_kopecks),
      };
    },
  };
}
