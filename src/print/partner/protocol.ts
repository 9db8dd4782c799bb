// Lulu's Print API as the shop speaks it, whoever answers (Lulu, or the sandbox partner of this service): print jobs
// with one line item (one book), their statuses, and the PRINT_JOB_STATUS_CHANGED webhook signed with Lulu-HMAC-SHA256.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { isObject } from '../../util/vendor-http';
import { PRINT_JOB_STATUSES, type PrintJobStatus } from '../../orders/print-jobs';

export { PRINT_JOB_STATUSES, type PrintJobStatus };

/** Statuses after which nothing more happens to a job: it is not polled any more. */
export const FINAL_STATUSES: readonly PrintJobStatus[] = ['SHIPPED', 'REJECTED', 'CANCELED'];

export const WEBHOOK_TOPIC = 'PRINT_JOB_STATUS_CHANGED';
export const SIGNATURE_HEADER = 'Lulu-HMAC-SHA256';

/** A print job as the partner describes it (GET /print-jobs/<id>/, and a webhook's data). */
export interface RemotePrintJob {
  id: string;
  externalId: string | null;
  status: PrintJobStatus;
  /** When the status changed, by the partner's clock: what orders two reports of one job. */
  changed: Date;
  /** The partner's words about the status: a rejection's reasons, a delay's cause. */
  messages: string[];
  trackingId: string | null;
  trackingUrls: string[];
  carrierName: string | null;
}

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []);

/** Lulu keeps status messages as an object (error, info, ...) or a list: every text in it, in order. */
function messageTexts(messages: unknown): string[] {
  if (typeof messages === 'string') return [messages];
  if (Array.isArray(messages)) return messages.flatMap(messageTexts);
  if (isObject(messages)) return Object.entries(messages).filter(([key]) => !['tracking_id', 'tracking_urls', 'carrier_name'].includes(key)).flatMap(([, value]) => messageTexts(value));
  return [];
}

/** The print job of a JSON body, or undefined when it is not one. */
export function printJobOf(json: unknown): RemotePrintJob | undefined {
  if (!isObject(json) || (typeof json.id !== 'string' && typeof json.id !== 'number')) return undefined;
  const status = isObject(json.status) ? json.status : undefined;
  const name = status?.name;
  if (typeof name !== 'string' || !(PRINT_JOB_STATUSES as readonly string[]).includes(name)) return undefined;
  const changed = new Date(String(status?.changed));
  if (Number.isNaN(changed.getTime())) return undefined;
  const lineItem = Array.isArray(json.line_items) && isObject(json.line_items[0]) ? json.line_items[0] : {};
  const itemStatus = isObject(lineItem.status) ? lineItem.status : {};
  const shipped = isObject(itemStatus.messages) ? itemStatus.messages : {};
  return {
    id: String(json.id),
    externalId: typeof json.external_id === 'string' ? json.external_id : null,
    status: name as PrintJobStatus,
    changed,
    messages: [...messageTexts(status?.messages), ...messageTexts(itemStatus.messages)],
    trackingId: typeof shipped.tracking_id === 'string' ? shipped.tracking_id : null,
    trackingUrls: strings(shipped.tracking_urls),
    carrierName: typeof shipped.carrier_name === 'string' ? shipped.carrier_name : null,
  };
}

/** Lulu's signature of a webhook: HMAC-SHA256 of the raw body keyed with the API secret, in hex. */
export const signatureOf = (rawBody: Buffer | string, secret: string) => createHmac('sha256', secret).update(rawBody).digest('hex');

/** Whether header is the body's signature (compared in constant time). */
export function signatureMatches(rawBody: Buffer, header: string | undefined, secret: string): boolean {
  if (!header || !/^[0-9a-f]{64}$/i.test(header.trim())) return false;
  return timingSafeEqual(Buffer.from(signatureOf(rawBody, secret), 'hex'), Buffer.from(header.trim(), 'hex'));
}

/** The shipping address Lulu takes (required: name, street1, city, country_code, postcode, phone_number). */
export interface ShippingAddress {
  name: string;
  street1: string;
  street2?: string;
  city: string;
  state_code?: string;
  country_code: string;
  postcode: string;
  phone_number: string;
  email?: string;
}

/** One book to print: POST /print-jobs/ with one line item. */
export interface NewPrintJob {
  externalId: string;
  title: string;
  podPackageId: string;
  quantity: number;
  coverUrl: string;
  interiorUrl: string;
  shippingAddress: ShippingAddress;
  shippingLevel: string;
  contactEmail: string;
}

/** The body of POST /print-jobs/ as Lulu documents it. */
export const printJobBody = (job: NewPrintJob) => ({
  external_id: job.externalId,
  contact_email: job.contactEmail,
  shipping_level: job.shippingLevel,
  shipping_address: job.shippingAddress,
  line_items: [{
    external_id: job.externalId,
    title: job.title,
    quantity: job.quantity,
    pod_package_id: job.podPackageId,
    printable_normalization: {
      pod_package_id: job.podPackageId,
      cover: { source_url: job.coverUrl },
      interior: { source_url: job.interiorUrl },
    },
  }],
});
