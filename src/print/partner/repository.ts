// SQL of the print partner's side of orders: the hold, the books of a set and their partner jobs (one row per
// attempt), a partner's report applied only when it is newer than the one recorded, and the set's moves that follow.
import type { SqlExecutor } from '../../db/database';
import { JOB_COLUMNS, latestPrintJobs, type PartnerJobRow, toJob } from '../../orders/print-jobs';
import type { RemotePrintJob } from './protocol';

export type { PartnerJobRow };

export interface BookToPrint {
  orderId: number;
  layoutId: string;
  quantity: number;
  title: string;
  formatId: number | null;
  widthCm: number;
  heightCm: number;
  hardCover: boolean;
}

export interface HeldSet {
  id: number;
  userId: number;
  status: string;
  holdUntil: Date | null;
  holdOver: boolean;
  refundRequested: boolean;
  sent: boolean;
}

export function createPartnerRepository(sql: SqlExecutor) {
  /** The set's books that meet the condition (on its order, o), with their layout's title and print format. */
  async function booksOf(orderSetId: number, condition: string, params: unknown[] = []): Promise<BookToPrint[]> {
    const { rows } = await sql.query<Record<string, unknown>>(
      `SELECT o.id, o.layout_id, o.quantity, l.name, l.hash, f.id AS format_id, f.width_cm, f.height_cm, l.cover_type
         FROM orders o JOIN layouts l ON l.id = o.layout_id
         LEFT JOIN products p ON p.id = l.product_id LEFT JOIN formats f ON f.id = coalesce(l.format_id, p.format_id)
        WHERE o.order_set_id = $1 AND ${condition}
        ORDER BY o.id`, [orderSetId, ...params]);
    return rows.map((row) => ({
      orderId: Number(row.id), layoutId: String(row.layout_id), quantity: Number(row.quantity),
      title: String(row.name || row.hash), formatId: row.format_id === null ? null : Number(row.format_id),
      widthCm: Number(row.width_cm ?? 0), heightCm: Number(row.height_cm ?? 0), hardCover: row.cover_type !== 'SOFT_COVER',
    }));
  }

  return {
    async startHold(orderSetId: number, minutes: number): Promise<void> {
      await sql.query("UPDATE order_sets SET print_hold_until = now() + make_interval(mins => $2) WHERE id = $1", [orderSetId, minutes]);
    },

    /** The set, locked until the transaction ends, with where its hold stands; undefined when there is none. */
    async lockSet(orderSetId: number): Promise<HeldSet | undefined> {
      const { rows: [row] } = await sql.query<Record<string, unknown>>(
        `SELECT s.id, s.user_id, s.status, s.print_hold_until, s.print_hold_until IS NULL OR s.print_hold_until <= now() AS hold_over,
                EXISTS (SELECT 1 FROM refunds r WHERE r.order_set_id = s.id AND r.status = 'requested') AS refund_requested,
                EXISTS (SELECT 1 FROM print_partner_jobs j WHERE j.order_set_id = s.id) AS sent
           FROM order_sets s WHERE s.id = $1 FOR UPDATE OF s`, [orderSetId]);
      if (!row) return undefined;
      return {
        id: Number(row.id), userId: Number(row.user_id), status: String(row.status),
        holdUntil: row.print_hold_until === null ? null : new Date(row.print_hold_until as string | Date),
        holdOver: Boolean(row.hold_over), refundRequested: Boolean(row.refund_requested), sent: Boolean(row.sent),
      };
    },

    /** The set's books that have no partner job yet, with what their print job needs. */
    unsentBooks: (orderSetId: number): Promise<BookToPrint[]> => booksOf(orderSetId,
      `NOT EXISTS (SELECT 1 FROM print_partner_jobs j WHERE j.order_id = o.id)
       AND NOT EXISTS (SELECT 1 FROM order_take_backs t WHERE t.order_id = o.id)`),

    /** One book of the set, with what its print job needs; undefined when the set has no such order. */
    book: async (orderSetId: number, orderId: number): Promise<BookToPrint | undefined> => (await booksOf(orderSetId, 'o.id = $2', [orderId]))[0],

    /** Claims an attempt to print a book (kept when it exists), so that two runs never make two. */
    async claim(job: { orderSetId: number; orderId: number; layoutId: string; attempt: number; partner: string }): Promise<void> {
      await sql.query(
        `INSERT INTO print_partner_jobs (order_set_id, order_id, layout_id, attempt, partner, external_id)
         VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (order_id, attempt) DO NOTHING`,
        [job.orderSetId, job.orderId, job.layoutId, job.attempt, job.partner, `photobook-order-${job.orderId}-${job.attempt}`]);
    },

    async sending(orderSetId: number): Promise<PartnerJobRow[]> {
      const { rows } = await sql.query<Record<string, unknown>>(
        `SELECT ${JOB_COLUMNS} FROM print_partner_jobs WHERE order_set_id = $1 AND status = 'SENDING' ORDER BY id`, [orderSetId]);
      return rows.map(toJob);
    },

    async markCreated(id: number, partnerJobId: string): Promise<void> {
      await sql.query("UPDATE print_partner_jobs SET partner_job_id = $2, updated_at = now() WHERE id = $1", [id, partnerJobId]);
    },

    /**
     * Records what the partner says of a job when it is newer than what is recorded (the partner's own time of the
     * status): a duplicate or an older report changes nothing. The job's set, or undefined when nothing changed.
     */
    async applyNewer(partner: string, remote: RemotePrintJob): Promise<number | undefined> {
      const { rows: [row] } = await sql.query<{ order_set_id: number }>(
        `UPDATE print_partner_jobs SET status = $3, status_changed = $4, messages = $5, tracking_id = coalesce($6, tracking_id),
                tracking_urls = CASE WHEN $7::jsonb = '[]'::jsonb THEN tracking_urls ELSE $7::jsonb END,
                carrier_name = coalesce($8, carrier_name), updated_at = now()
          WHERE partner = $1 AND partner_job_id = $2 AND (status_changed IS NULL OR status_changed < $4)
          RETURNING order_set_id`,
        [partner, remote.id, remote.status, remote.changed, JSON.stringify(remote.messages), remote.trackingId,
          JSON.stringify(remote.trackingUrls), remote.carrierName]);
      return row && Number(row.order_set_id);
    },

    /** Marks a job not heard of as looked at now (so the next poll asks others first). */
    async touch(id: number): Promise<void> {
      await sql.query('UPDATE print_partner_jobs SET updated_at = now() WHERE id = $1', [id]);
    },

    /** The latest attempt of each book of the set. */
    latest: (orderSetIds: number[]) => latestPrintJobs(sql, orderSetIds),

    async bookCount(orderSetId: number): Promise<number> {
      const { rows: [row] } = await sql.query<{ count: unknown }>('SELECT count(*) AS count FROM orders WHERE order_set_id = $1', [orderSetId]);
      return Number(row.count);
    },

    /** Jobs still on their way that nobody has heard of for minutes: the poll's questions, oldest first. */
    async quiet(minutes: number, limit: number): Promise<PartnerJobRow[]> {
      const { rows } = await sql.query<Record<string, unknown>>(
        `SELECT ${JOB_COLUMNS} FROM print_partner_jobs
          WHERE status NOT IN ('SHIPPED', 'REJECTED', 'CANCELED') AND partner_job_id IS NOT NULL
            AND updated_at <= now() - make_interval(mins => $1) ORDER BY updated_at LIMIT $2`, [minutes, limit]);
      return rows.map(toJob);
    },

    /** Moves the set as the partner's reports make it, recorded with no administrator; the history row's id. */
    async move(orderSetId: number, from: string, to: string, trackingNumber: string | null): Promise<number> {
      await sql.query('UPDATE order_sets SET status = $2, tracking_number = coalesce($3, tracking_number) WHERE id = $1', [orderSetId, to, trackingNumber]);
      const { rows: [row] } = await sql.query<{ id: unknown }>(
        `INSERT INTO order_status_history (order_set_id, from_status, to_status, tracking_number) VALUES ($1, $2, $3, $4) RETURNING id`,
        [orderSetId, from, to, trackingNumber]);
      return Number(row.id);
    },

    /** The set's recorded print files by layout and part. */
    async files(orderSetId: number): Promise<Map<string, number>> {
      const { rows } = await sql.query<{ id: number; layout_id: string; part: string }>(
        'SELECT id, layout_id, part FROM print_files WHERE order_set_id = $1', [orderSetId]);
      return new Map(rows.map((row) => [`${row.layout_id}/${row.part}`, Number(row.id)]));
    },

    /** The recipient of the set's delivery and the shopper's e-mail: the partner ships to them. */
    async recipient(orderSetId: number): Promise<{ option: Record<string, unknown>; email: string | null } | undefined> {
      const { rows: [row] } = await sql.query<{ option: Record<string, unknown> | null; email: string | null }>(
        `SELECT d.option, u.email FROM order_sets s JOIN users u ON u.id = s.user_id LEFT JOIN deliveries d ON d.order_set_id = s.id
          WHERE s.id = $1`, [orderSetId]);
      return row && { option: row.option ?? {}, email: row.email };
    },
  };
}

export type PartnerRepository = ReturnType<typeof createPartnerRepository>;
