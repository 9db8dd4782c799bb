// Administrators and paid order sets: the list (paged, by status) and the moves through production, shipping and
// delivery, or a cancellation with its refund. Each move locks the set, is recorded with who and when, and enqueues
// the shopper's e-mail in its own transaction (sent by sendStatusEmail, from the send-order-status-email job).
import type { Logger } from 'pino';
import { sendOrderStatusEmail } from '../jobs/send-order-status-email';
import type { Database, Transaction } from '../db/database';
import { pageOfList } from '../shared/paging';
import type { Mailer } from '../mail/mailer';
import type { Refunds } from '../payments/refunds';
import type { Queue } from '../queue/queue';
import { notFound } from '../shared/errors';
import { createOrderAdminRepository, type RefundRow, type StatusHistoryRow } from './admin-repository';
import type { OrderSetRow, OrderSetStatus } from './repository';
import type { OrderSet, OrdersService } from './service';
import { statusChangeMessage } from './status-email';
import { refusalOf, type StatusChange } from './status-transitions';

export interface AdminOrderSet extends OrderSet {
  email: string | null;
  refund: RefundRow | null;
  history: StatusHistoryRow[];
}

export type MoveGuard = (tx: Transaction, orderSetId: number) => Promise<void>;

export function createOrderAdminService(deps: {
  db: Database; orders: OrdersService; refunds: Refunds; queue: Queue; mailer: Mailer; log: Logger;
}) {
  const { db, orders, refunds, queue, mailer, log } = deps;
  const repository = createOrderAdminRepository(db.sql);

  /** guard: a further refusal checked under the same lock (the shopper's cancel inside the hold, issue 53). */
  async function lockAllowed(tx: Transaction, orderSetId: number, change: StatusChange, guard?: MoveGuard) {
    const set = await createOrderAdminRepository(tx.sql).lock(orderSetId);
    if (!set) throw notFound();
    const refusal = refusalOf(set.status, set.refundRequested, change);
    if (refusal) throw refusal;
    await guard?.(tx, orderSetId);
    return set;
  }

  async function withDetails(sets: OrderSet[]): Promise<AdminOrderSet[]> {
    const ids = sets.map((set) => set.id);
    const [history, refundRows, emails] = await Promise.all([
      repository.history(ids), repository.refunds(ids), repository.emails(sets.map((set) => set.userId)),
    ]);
    return sets.map((set) => ({
      ...set,
      email: emails.get(set.userId) ?? null,
      refund: refundRows.find((refund) => refund.orderSetId === set.id) ?? null,
      history: history.filter((row) => row.orderSetId === set.id),
    }));
  }

  /** Applies an allowed move to the locked set: status, history, layouts, the shopper's mail. */
  async function apply(tx: Transaction, set: OrderSetRow, change: StatusChange, adminId: number): Promise<void> {
    const repo = createOrderAdminRepository(tx.sql);
    const historyId = await repo.move(set, change.status, change.trackingNumber ?? null, adminId);
    if (change.status === 'CANCELED') await repo.reopenLayouts(set.id);
    await queue.enqueue(tx, sendOrderStatusEmail, { historyId });
  }

  return {
    async list(status: OrderSetStatus | undefined, rawPage: string | string[] | undefined, rawPageSize: string | string[] | undefined) {
      return pageOfList(await repository.count(status), rawPage, rawPageSize,
        async (limit, offset) => withDetails(await orders.assemble(await repository.page(status, limit, offset))));
    },

    async find(orderSetId: number): Promise<AdminOrderSet> {
      const [set] = await orders.assemble(await repository.byId(orderSetId));
      if (!set) throw notFound();
      return (await withDetails([set]))[0];
    },

    /**
     * Moves the set. A cancellation first claims the refund (committed, so that it survives a lost answer), asks the
     * provider outside any transaction (the sandbox provider writes through the database too), then cancels; a failed
     * refund is a RefundUnavailableError and the set stays where it was, open only to another cancel, which asks for
     * the same refund.
     */
    async move(orderSetId: number, change: StatusChange, adminId: number, guard?: MoveGuard): Promise<AdminOrderSet> {
      if (change.status === 'CANCELED') {
        const claim = await db.transaction(async (tx) => refunds.claim(tx.sql, (await lockAllowed(tx, orderSetId, change, guard)).id));
        const remote = claim && (await refunds.ask(claim));
        await db.transaction(async (tx) => {
          const set = await lockAllowed(tx, orderSetId, change);
          if (remote) await refunds.record(tx.sql, orderSetId, remote);
          await apply(tx, set, change, adminId);
        });
      } else {
        await db.transaction(async (tx) => apply(tx, await lockAllowed(tx, orderSetId, change), change, adminId));
      }
      return this.find(orderSetId);
    },

    /** Mails the shopper about the move of history row historyId (the send-order-status-email job). */
    async sendStatusEmail(historyId: number): Promise<void> {
      const change = await repository.statusChangeMail(historyId);
      if (!change) return log.warn({ historyId }, 'send-order-status-email: the status change is gone');
      const { email } = change;
      if (!email) return log.info({ historyId }, 'send-order-status-email: nothing sent: the shopper has no e-mail address');
      await mailer.send(statusChangeMessage(historyId, { ...change, email }));
    },
  };
}

export type OrderAdminService = ReturnType<typeof createOrderAdminService>;
