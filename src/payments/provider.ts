// The payment provider as the shop needs it: start a payment (idempotently, by key) and read one back.

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

export interface PaymentProvider {
  readonly name: 'sandbox' | 'yookassa';
  create(payment: NewPayment): Promise<RemotePayment>;
  /** The provider's own record of the payment, or null when it has none with that id. */
  fetch(id: string): Promise<RemotePayment | null>;
}
