// The shopper's change of mind inside the hold (ORDER_HOLD_MINUTES after payment, before anything went to the
// partner): cancel the whole set (refunded as an administrator's cancel is), or take one book back to fix it (the
// order leaves the set, its cost is refunded exactly once, the book opens for editing again).
import type { Database, Transaction } from '../../db/database';
import type { OrderAdminService } from '../../orders/admin-service';
import type { OrdersService } from '../../orders/service';
import type { Refunds } from '../../payments/refunds';
import { conflict, notFound } from '../../shared/errors';
import { createPartnerRepository, type HeldSet } from './repository';
import { createTakeBacksRepository } from './take-backs-repository';

const takeBackKeyOf = (orderId: number) => `photobook-order-${orderId}-take-back`;

/** Why the set can no longer change its mind; undefined while it can. */
function holdRefusal(set: HeldSet) {
  if (set.status !== 'PAID') return conflict(`The order set is ${set.status}.`, { extra: { status: set.status } });
  if (set.sent || set.holdOver) {
    return conflict('The hold is over: the order set has gone to print.', { extra: { print_hold_until: set.holdUntil?.toISOString() ?? null } });
  }
  return undefined;
}

export function createPrintHold(deps: { db: Database; orders: OrdersService; orderAdmin: OrderAdminService; refunds: Refunds }) {
  const { db, orders, orderAdmin, refunds } = deps;

  async function lockHeld(tx: Transaction, orderSetId: number): Promise<HeldSet> {
    const set = await createPartnerRepository(tx.sql).lockSet(orderSetId);
    if (!set) throw notFound();
    const refusal = holdRefusal(set);
    if (refusal) throw refusal;
    return set;
  }

  return {
    /** The shopper cancels their paid set inside the hold: the administrators' cancel, refund included. */
    async cancel(userId: number, orderSetId: number) {
      if (!(await orders.load(userId, orderSetId))) throw notFound();
      await orderAdmin.move(orderSetId, { status: 'CANCELED' }, userId, async (tx) => {
        await lockHeld(tx, orderSetId);
      });
      return (await orders.load(userId, orderSetId))!;
    },

    /**
     * The shopper takes one book of their paid set back inside the hold. Claimed first (committed: the send job
     * leaves a claimed book out), refunded with a key of the order's own, then the order leaves the set. The set's
     * last book is not taken back: the set is canceled instead.
     */
    async takeBack(userId: number, orderId: number) {
      const claim = await db.transaction(async (tx) => {
        const takeBacks = createTakeBacksRepository(tx.sql);
        const order = await takeBacks.order(orderId, userId);
        if (!order) throw notFound();
        // A take-back already claimed finishes whatever the clock says: its refund was asked for inside the hold.
        if (!order.claimed) {
          await lockHeld(tx, order.orderSetId);
          if ((await createPartnerRepository(tx.sql).bookCount(order.orderSetId)) <= 1) {
            throw conflict('This is the order set\'s only book: cancel the order set instead.');
          }
          await takeBacks.claim(orderId, order, takeBackKeyOf(orderId));
        }
        const payment = await takeBacks.succeededPayment(order.orderSetId);
        return {
          orderSetId: order.orderSetId, layoutId: order.layoutId, idempotenceKey: takeBackKeyOf(orderId), provider: payment.provider,
          externalPaymentId: payment.external_id, amountKopecks: await takeBacks.claimedAmount(orderId),
        };
      });
      const remote = await refunds.ask(claim);
      await db.transaction(async (tx) => {
        await createPartnerRepository(tx.sql).lockSet(claim.orderSetId);
        await createTakeBacksRepository(tx.sql).complete(orderId, claim.layoutId, remote);
      });
      return (await orders.load(userId, claim.orderSetId))!;
    },
  };
}

export type PrintHold = ReturnType<typeof createPrintHold>;
