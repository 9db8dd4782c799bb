// Which way an administrator may move a paid order set (the table in docs/api.md, "After payment"), and the refusal that names them.
import { conflict, invalid, type ServiceError } from '../shared/errors';
import type { OrderSetStatus } from './repository';

export type AdminTarget = 'IN_PRODUCTION' | 'SHIPPED' | 'DELIVERED' | 'CANCELED';

/** Cancel only before shipping: once the parcel is with the carrier, the books exist and are on their way. */
export const NEXT_STATUSES: Partial<Record<OrderSetStatus, readonly AdminTarget[]>> = {
  PAID: ['IN_PRODUCTION', 'CANCELED'],
  IN_PRODUCTION: ['SHIPPED', 'CANCELED'],
  SHIPPED: ['DELIVERED'],
};

/** While a refund is asked for and not confirmed, the set may only be canceled (which asks again with the same key). */
const WHILE_REFUNDING: readonly AdminTarget[] = ['CANCELED'];

export interface StatusChange {
  status: AdminTarget;
  trackingNumber?: string;
}

/** The refusal of a move, or undefined when it is allowed. */
export function refusalOf(current: OrderSetStatus, refundRequested: boolean, change: StatusChange): ServiceError | undefined {
  const allowed = refundRequested ? WHILE_REFUNDING : (NEXT_STATUSES[current] ?? []);
  if (!allowed.includes(change.status)) {
    const why = refundRequested ? ' (a refund is asked for and not yet confirmed: cancel again to finish it)' : '';
    const next = allowed.length > 0 ? `it can move to ${allowed.join(' or ')}, not ${change.status}` : 'it moves no further';
    return conflict(`The order set is ${current}${why}: ${next}.`, { extra: { status: current, allowed_statuses: [...allowed] } });
  }
  if (change.status === 'SHIPPED' && !change.trackingNumber) {
    return invalid({ tracking_number: ['This field is required when the status is SHIPPED.'] });
  }
  if (change.status !== 'SHIPPED' && change.trackingNumber !== undefined) {
    return invalid({ tracking_number: ['Only a move to SHIPPED takes a tracking number.'] });
  }
  return undefined;
}
