// The payment provider as the shop needs it: start a payment (idempotently, by key), read one back, refund one.

/**
 * The form of a payment id: YooKassa's are UUID-like (8-4-4-4-12 hex digits, e.g. 2419a771-000f-5000-9000-1edaf29243f2),
 * and so are the sandbox's. Nothing else is ever put into a provider's URL.
 */
export const PAYMENT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type RemoteStatus = 'pending' | 'waiting_for_capture' | 'succeeded' | 'canceled';

export interface RemotePayment {
  id: string;
  status: RemoteStatus;
  amountKopecks: number;
  /** From the payment's metadata: the order set it pays. */
  orderSetId: number | null;
  confirmationUrl: string | null;
}

export interface NewPayment {
  /** The same key always yields the same payment at the provider, however often the request is repeated. */
  idempotenceKey: string;
  amountKopecks: number;
  orderSetId: number;
  description: string;
  returnUrl: string;
}

export interface NewRefund {
  /** The same key always yields the same refund at the provider: a repeated request never refunds twice. */
  idempotenceKey: string;
  /** The provider's id of the payment. */
  paymentId: string;
  amountKopecks: number;
}

/** A refund the provider accepted: 'pending' is on its way, 'succeeded' done. A refused one is a VendorError. */
export interface RemoteRefund {
  id: string;
  status: 'pending' | 'succeeded';
}

export interface PaymentProvider {
  readonly name: 'sandbox' | 'yookassa';
  create(payment: NewPayment): Promise<RemotePayment>;
  /** The provider's own record of the payment, or null when it has none with that id. */
  fetch(id: string): Promise<RemotePayment | null>;
  refund(refund: NewRefund): Promise<RemoteRefund>;
}
