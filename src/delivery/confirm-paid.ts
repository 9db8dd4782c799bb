// Once its order set is paid, a delivery placed as a draft at the aggregator is confirmed there (from the
// order-paid job, which pg-boss retries when the aggregator fails).
import type { Logger } from 'pino';
import type { Database } from '../db/database';
import type { DeliveryProvider } from './provider';
import { createDeliveryRepository } from './repository';

export async function confirmDraftAtAggregator(deps: { db: Database; deliveryProvider: DeliveryProvider; log: Logger }, orderSetId: number): Promise<void> {
  const repository = createDeliveryRepository();
  const draft = await repository.draftAtAggregator(deps.db.sql, orderSetId);
  if (!draft) return;
  if (draft.provider !== deps.deliveryProvider.name) {
    // Retrying cannot help: the order lives at an aggregator this process does not talk to.
    deps.log.error({ orderSetId, provider: draft.provider, externalId: draft.externalId }, 'paid draft is at another aggregator; confirm it there');
    return;
  }
  // A crash between the two steps repeats the confirm on retry, which the aggregator answers as the first.
  await deps.deliveryProvider.confirmOrder(draft.externalId);
  await repository.markConfirmedAtAggregator(deps.db.sql, orderSetId);
  deps.log.info({ orderSetId, externalId: draft.externalId }, 'aggregator order confirmed');
}
