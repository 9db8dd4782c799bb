// The theme's front cover background changed (uploaded or deleted): its products' own layouts show the newest one
// and their previews are rendered again, enqueued in the same transaction as the change.
import { renderPreviews } from '../../jobs/contracts/render-previews';
import type { Transaction } from '../db/database';
import { showFrontCoverBackground } from '../layouts/theme-images';
import type { Queue } from '../queue/queue';
import { createThemesRepository } from './repository';

export async function frontCoverChanged(tx: Transaction, queue: Queue, themeId: number): Promise<void> {
  const repository = createThemesRepository(tx.sql);
  const cover = await repository.newestImage(themeId, 'FRONT_COVER_BACKGROUND');
  const products = await repository.productsOf(themeId);
  const layoutIds = products.flatMap((product) => (product.layoutId ? [product.layoutId] : []));
  await showFrontCoverBackground(tx, layoutIds, cover);
  await queue.enqueueMany(tx, renderPreviews, products.map((product) => ({ productId: product.id })));
}
