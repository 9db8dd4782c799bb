// A book's print jobs at the print partner (issue 53) as the orders read them: one row per attempt, the latest shown
// with its order. Here, below the print partner (src/print/partner/, which writes them), so that orders never import it.
import type { SqlExecutor } from '../db/database';

/** Lulu's print-job statuses, in the order a job passes them; REJECTED and CANCELED end it early. */
export const PRINT_JOB_STATUSES = [
  'CREATED', 'UNPAID', 'PAYMENT_IN_PROGRESS', 'PRODUCTION_DELAYED', 'PRODUCTION_READY', 'IN_PRODUCTION', 'SHIPPED',
  'REJECTED', 'CANCELED',
] as const;
export type PrintJobStatus = (typeof PRINT_JOB_STATUSES)[number];

export interface PartnerJobRow {
  id: number;
  orderSetId: number;
  orderId: number;
  layoutId: string;
  attempt: number;
  partner: string;
  externalId: string;
  partnerJobId: string | null;
  status: PrintJobStatus | 'SENDING';
  statusChanged: Date | null;
  messages: string[];
  trackingId: string | null;
  trackingUrls: string[];
  carrierName: string | null;
}

export const JOB_COLUMNS = `id, order_set_id, order_id, layout_id, attempt, partner, external_id, partner_job_id, status, status_changed,
  messages, tracking_id, tracking_urls, carrier_name`;

export const toJob = (row: Record<string, unknown>): PartnerJobRow => ({
  id: Number(row.id), orderSetId: Number(row.order_set_id), orderId: Number(row.order_id), layoutId: String(row.layout_id),
  attempt: Number(row.attempt), partner: String(row.partner), externalId: String(row.external_id),
  partnerJobId: row.partner_job_id === null ? null : String(row.partner_job_id), status: row.status as PartnerJobRow['status'],
  statusChanged: row.status_changed === null ? null : new Date(row.status_changed as string | Date),
  messages: row.messages as string[], trackingId: row.tracking_id === null ? null : String(row.tracking_id),
  trackingUrls: row.tracking_urls as string[], carrierName: row.carrier_name === null ? null : String(row.carrier_name),
});

/** The latest attempt of each book of the sets. */
export async function latestPrintJobs(sql: SqlExecutor, orderSetIds: number[]): Promise<PartnerJobRow[]> {
  if (orderSetIds.length === 0) return [];
  const { rows } = await sql.query<Record<string, unknown>>(
    `SELECT DISTINCT ON (order_id) ${JOB_COLUMNS} FROM print_partner_jobs
      WHERE order_set_id = ANY($1::int[]) ORDER BY order_id, attempt DESC`, [orderSetIds]);
  return rows.map(toJob);
}
