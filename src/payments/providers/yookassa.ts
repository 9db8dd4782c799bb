// YooKassa API v3: POST /payments and POST /refunds with Basic auth and an Idempotence-Key, GET /payments/<id>. A 5xx,
// a timeout or a lost connection is retried with the same key, which YooKassa answers with the same payment or refund.
import { roublesText } from '../../shared/money';
import { isObject, type VendorCall, VendorError, vendorRequest } from '../../util/vendor-http';
import { PAYMENT_ID, type PaymentProvider, type RemotePayment, type RemoteRefund, type RemoteStatus } from '../provider';

export interface YooKassaOptions {
  url: string;
  shopId: string;
  secretKey: string;
  timeoutMs: number;
}

const VENDOR = 'yookassa';
const STATUSES: readonly RemoteStatus[] = ['pending', 'waiting_for_capture', 'succeeded', 'canceled'];

const fail = (message: string): never => {
  throw new VendorError(VENDOR, message);
};

/** "1234.50" -> 123450, exactly; anything else is an unreadable answer. */
function kopecksOfText(value: unknown): number {
  const match = typeof value === 'string' ? /^(\d{1,13})(?:\.(\d{1,2}))?$/.exec(value) : null;
  if (!match) return fail('bad amount');
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}

function paymentOf(json: unknown): RemotePayment {
  if (!isObject(json) || typeof json.id !== 'string' || !STATUSES.includes(json.status as RemoteStatus)) return fail('answered no payment');
  const amount = isObject(json.amount) ? json.amount : fail('payment without amount');
  if (amount.currency !== 'RUB') fail(`payment in ${String(amount.currency)}`);
  const metadata = isObject(json.metadata) ? json.metadata : {};
  const orderSetId = typeof metadata.order_set_id === 'string' && /^\d+$/.test(metadata.order_set_id) ? Number(metadata.order_set_id) : null;
  const confirmation = isObject(json.confirmation) ? json.confirmation : {};
  return {
    id: json.id,
    status: json.status as RemoteStatus,
    amountKopecks: kopecksOfText(amount.value),
    orderSetId,
    confirmationUrl: typeof confirmation.confirmation_url === 'string' ? confirmation.confirmation_url : null,
  };
}

/** A refund YooKassa accepted; one it canceled (refused) is a failure with its reason. */
function refundOf(json: unknown): RemoteRefund {
  if (!isObject(json) || typeof json.id !== 'string') return fail('answered no refund');
  if (json.status === 'pending' || json.status === 'succeeded') return { id: json.id, status: json.status };
  const reason = isObject(json.cancellation_details) ? `: ${String(json.cancellation_details.reason)}` : '';
  return fail(`refund ${String(json.status)}${reason}`);
}

export function createYooKassaProvider(options: YooKassaOptions): PaymentProvider {
  const authorization = `Basic ${Buffer.from(`${options.shopId}:${options.secretKey}`).toString('base64')}`;
  const call: VendorCall = { vendor: VENDOR, timeoutMs: options.timeoutMs, retries: 3, backoffMs: (attempt) => 250 * 2 ** (attempt - 1) };
  const refused = (status: number, json: unknown) =>
    fail(`answered ${status}${isObject(json) && typeof json.description === 'string' ? `: ${json.description}` : ''}`);

  return {
    name: 'yookassa',
    async create(payment) {
      const response = await vendorRequest(`${options.url}/payments`, {
        method: 'POST',
        headers: { Authorization: authorization, 'Idempotence-Key': payment.idempotenceKey, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          amount: { value: roublesText(payment.amountKopecks), currency: 'RUB' },
          capture: true,
          confirmation: { type: 'redirect', return_url: payment.returnUrl },
          description: payment.description,
          metadata: { order_set_id: String(payment.orderSetId) },
        }),
      }, call);
      if (response.status !== 200) return refused(response.status, response.json);
      return paymentOf(response.json);
    },
    async fetch(id) {
      // The id comes from a notification anyone can send: only an id's form may reach the URL.
      if (!PAYMENT_ID.test(id)) return null;
      const response = await vendorRequest(`${options.url}/payments/${encodeURIComponent(id)}`, { headers: { Authorization: authorization } }, call);
      if (response.status === 404) return null;
      if (response.status !== 200) return refused(response.status, response.json);
      return paymentOf(response.json);
    },
    async refund(refund) {
      const response = await vendorRequest(`${options.url}/refunds`, {
        method: 'POST',
        headers: { Authorization: authorization, 'Idempotence-Key': refund.idempotenceKey, 'Content-Type': 'application/json' },
        body: JSON.stringify({ payment_id: refund.paymentId, amount: { value: roublesText(refund.amountKopecks), currency: 'RUB' } }),
      }, call);
      if (response.status !== 200) return refused(response.status, response.json);
      return refundOf(response.json);
    },
  };
}
