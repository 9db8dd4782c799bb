// SQL for order sets, their orders and the cart: no rules here. Built over an executor (the database, or a transaction).
import type { SqlExecutor } from '../db/database';
import type { BindingType, CoverLamination, CoverType } from '../shared/layout-document';
import type { PriceRule } from './pricing';

export type OrderSetStatus = 'OPEN' | 'CONFIRMED' | 'PAID' | 'IN_PRODUCTION' | 'SHIPPED' | 'DELIVERED' | 'CANCELED';

export interface OrderSetRow {
  id: number;
  userId: number;
  status: OrderSetStatus;
  createdAt: Date;
  /** The carrier's, once the set is SHIPPED. */
  trackingNumber: string | null;
  /** Until when a paid set may still be canceled or have a book taken back (issue 53); null before payment. */
  printHoldUntil?: Date | null;
}

export interface OrderRow {
  id: number;
  orderSetId: number;
  layoutId: string;
  count: number;
  unitKopecks: number;
  widthCm: number;
  heightCm: number;
  pages: number;
  layoutName: string;
  layoutHash: string;
  formatId: number | null;
  /** When the layout last changed. */
  layoutChanged: Date;
  /** The media key of the cover preview of the product the layout was made from. */
  previewCover: string | null;
  /** The book's print options and format, as "my products" shows them. */
  coverType: CoverType | null;
  bindingType: BindingType | null;
  coverLamination: CoverLamination | null;
}

export interface DeliveryRow {
  orderSetId: number;
  type: string;
  status: 'draft' | 'placing' | 'placed';
  provider: string;
  priceKopecks: number;
  option: Record<string, unknown>;
  externalId: string | null;
}

export interface PricedLayout {
  ownerId: number | null;
  /** In its owner's bin: not to be ordered until restored. */
  inBin: boolean;
  pages: number;
  widthCm: number | null;
  heightCm: number | null;
  rule: PriceRule | null;
}

export const SET_COLUMNS = 'id, user_id AS "userId", status, created_at AS "createdAt", tracking_number AS "trackingNumber", print_hold_until AS "printHoldUntil"';

// bigint arrives as a string from pg and as a number or bigint from PGlite.
export const toSet = (row: Record<string, unknown>): OrderSetRow => ({ ...(row as unknown as OrderSetRow), id: Number(row.id), userId: Number(row.userId) });

export function createOrdersRepository(sql: SqlExecutor) {
  return {
    async layout(layoutId: string): Promise<PricedLayout | undefined> {
      const { rows } = await sql.query<Record<string, unknown>>(
        `SELECT l.owner_id, l.status, l.num_pages, f.width_cm, f.height_cm, pr.base_kopecks, pr.included_pages, pr.extra_page_kopecks
           FROM layouts l LEFT JOIN products p ON p.id = l.product_id LEFT JOIN formats f ON f.id = coalesce(l.format_id, p.format_id)
           LEFT JOIN prices pr ON pr.format_id = f.id
          WHERE l.id = $1`, [layoutId]);
      const row = rows[0];
      if (!row) return undefined;
      return {
        ownerId: row.owner_id === null ? null : Number(row.owner_id),
        inBin: row.status === 'DELETED',
        pages: Number(row.num_pages),
        widthCm: row.width_cm === null ? null : Number(row.width_cm),
        heightCm: row.height_cm === null ? null : Number(row.height_cm),
        rule: row.base_kopecks === null ? null : {
          baseKopecks: Number(row.base_kopecks), includedPages: Number(row.included_pages), extraPageKopecks: Number(row.extra_page_kopecks),
        },
      };
    },

    /** The user's cart, locked until the transaction ends; created when there is none. */
    async lockCart(userId: number): Promise<OrderSetRow> {
      // The partial unique index keeps one OPEN set per user; a concurrent creator's row is simply found.
      for (;;) {
        await sql.query(
          "INSERT INTO order_sets (user_id, status) VALUES ($1, 'OPEN') ON CONFLICT (user_id) WHERE status = 'OPEN' DO NOTHING", [userId]);
        const { rows } = await sql.query<Record<string, unknown>>(
          `SELECT ${SET_COLUMNS} FROM order_sets WHERE user_id = $1 AND status = 'OPEN' FOR UPDATE`, [userId]);
        // Empty only when a confirm closed the cart between the two statements: make the next one.
        if (rows[0]) return toSet(rows[0]);
      }
    },

    /** Adds count copies; null when the row would pass 1000 copies. */
    async addOrder(orderSetId: number, layoutId: string, count: number, unitKopecks: number): Promise<number | null> {
      const { rows } = await sql.query<{ id: number }>(
        `INSERT INTO orders (order_set_id, layout_id, quantity, price_kopecks) VALUES ($1, $2, $3, $4)
         ON CONFLICT (order_set_id, layout_id) DO UPDATE SET quantity = orders.quantity + EXCLUDED.quantity
           WHERE orders.quantity + EXCLUDED.quantity <= 1000
         RETURNING id`, [orderSetId, layoutId, count, unitKopecks]);
      return rows[0] ? Number(rows[0].id) : null;
    },

    /** The order's set, locked; undefined when the order is not the user's. */
    async lockSetOfOrder(orderId: number, userId: number): Promise<OrderSetRow | undefined> {
      const { rows } = await sql.query<Record<string, unknown>>(
        `SELECT s.id, s.user_id AS "userId", s.status, s.created_at AS "createdAt", s.tracking_number AS "trackingNumber"
           FROM orders o JOIN order_sets s ON s.id = o.order_set_id
          WHERE o.id = $1 AND s.user_id = $2 FOR UPDATE OF s`, [orderId, userId]);
      return rows[0] ? toSet(rows[0]) : undefined;
    },

    /** The set, locked, when it is the user's. */
    async lockSet(orderSetId: number, userId: number): Promise<OrderSetRow | undefined> {
      const { rows } = await sql.query<Record<string, unknown>>(
        `SELECT ${SET_COLUMNS} FROM order_sets WHERE id = $1 AND user_id = $2 FOR UPDATE`, [orderSetId, userId]);
      return rows[0] ? toSet(rows[0]) : undefined;
    },

    async setCount(orderId: number, count: number): Promise<void> {
      await sql.query('UPDATE orders SET quantity = $2 WHERE id = $1', [orderId, count]);
    },

    async deleteOrder(orderId: number): Promise<void> {
      await sql.query('DELETE FROM orders WHERE id = $1', [orderId]);
    },

    /** The user's sets, newest first (or the one set asked for). */
    async sets(userId: number, orderSetId?: number): Promise<OrderSetRow[]> {
      const { rows } = await sql.query<Record<string, unknown>>(
        `SELECT ${SET_COLUMNS} FROM order_sets WHERE user_id = $1 AND ($2::int IS NULL OR id = $2::int)
          ORDER BY created_at DESC, id DESC`, [userId, orderSetId ?? null]);
      return rows.map(toSet);
    },

    async orders(orderSetIds: number[]): Promise<OrderRow[]> {
      if (orderSetIds.length === 0) return [];
      const { rows } = await sql.query<Record<string, unknown>>(
        `SELECT o.id, o.order_set_id, o.layout_id, o.quantity, o.price_kopecks, f.id AS format_id, f.width_cm, f.height_cm,
                l.num_pages, l.name, l.hash, l.updated_at, p.preview_cover, l.cover_type, l.binding_type, l.cover_lamination
           FROM orders o JOIN layouts l ON l.id = o.layout_id
           LEFT JOIN products p ON p.id = l.product_id LEFT JOIN formats f ON f.id = coalesce(l.format_id, p.format_id)
          WHERE o.order_set_id = ANY($1::int[]) ORDER BY o.id`, [orderSetIds]);
      return rows.map((row) => ({
        id: Number(row.id), orderSetId: Number(row.order_set_id), layoutId: String(row.layout_id), count: Number(row.quantity),
        unitKopecks: Number(row.price_kopecks), widthCm: Number(row.width_cm ?? 0), heightCm: Number(row.height_cm ?? 0),
        pages: Number(row.num_pages), layoutName: String(row.name), layoutHash: String(row.hash),
        formatId: row.format_id === null ? null : Number(row.format_id), layoutChanged: new Date(row.updated_at as string | Date),
        previewCover: row.preview_cover === null ? null : String(row.preview_cover),
        coverType: row.cover_type as CoverType | null, bindingType: row.binding_type as BindingType | null,
        coverLamination: row.cover_lamination as CoverLamination | null,
      }));
    },

    async deliveries(orderSetIds: number[]): Promise<DeliveryRow[]> {
      if (orderSetIds.length === 0) return [];
      const { rows } = await sql.query<Record<string, unknown>>(
        `SELECT order_set_id, type, status, provider, price_kopecks, option, external_id FROM deliveries
          WHERE order_set_id = ANY($1::int[])`, [orderSetIds]);
      return rows.map((row) => ({
        orderSetId: Number(row.order_set_id), type: String(row.type), status: row.status as DeliveryRow['status'],
        provider: String(row.provider), priceKopecks: Number(row.price_kopecks),
        option: row.option as Record<string, unknown>, externalId: row.external_id === null ? null : String(row.external_id),
      }));
    },

    async cartCount(userId: number): Promise<number> {
      const { rows } = await sql.query<{ count: unknown }>(
        "SELECT count(o.id) AS count FROM order_sets s JOIN orders o ON o.order_set_id = s.id WHERE s.user_id = $1 AND s.status = 'OPEN'",
        [userId]);
      return Number(rows[0]?.count ?? 0);
    },
  };
}

export type OrdersRepository = ReturnType<typeof createOrdersRepository>;
