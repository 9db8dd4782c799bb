// Once its order set is paid, a delivery placed as a draft at the aggregator is confirmed there (from the
// order-paid job, which pg-boss retries when the aggregator fails); the row records it, so a retry repeats nothing done.
import type { Logger } from 'pino';
import type { DeliveryProvider } from './provider';
import type { DeliveryRepository } from './repository';

/** repository: over the database (each step commits on its own). */
export function createPaidDraftConfirmation(deps: { provider: DeliveryProvider; repository: DeliveryRepository; log: Logger }) {
  const { provider, repository, log } = deps;
  return async function confirmPaid(orderSetId: number): Promise<void> {
    const set = await repository.orderSetState(orderSetId);
    if (!set) return log.warn({ orderSetId }, 'order-paid: the order set is gone');
    log.info({ orderSetId, userId: set.userId, status: set.status }, 'order set paid');
    const draft = await repository.draftAtAggregator(orderSetId);
    if (!draft) return;
    if (draft.provider !== provider.name) {
      // Retrying cannot help: the order lives at an aggregator this process does not talk to.
      log.error({ orderSetId, provider: draft.provider, externalId: draft.externalId }, 'paid draft is at another aggregator; confirm it there');
      return;
    }
    // A crash between the two steps repeats the confirm on retry, which the aggregator answers as the first.
    await provider.confirmOrder(draft.externalId);
    await repository.markConfirmedAtAggregator(orderSetId);
    log.info({ orderSetId, externalId: draft.externalId }, 'aggregator order confirmed');
  };
}
