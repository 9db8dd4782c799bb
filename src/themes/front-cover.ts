// The theme's front cover background changed (uploaded or deleted): its products' own layouts show the newest one
// and their previews are rendered again, enqueued in the same transaction as the change.
import { renderPreviews } from '../jobs/render-previews';
import type { Transaction } from '../db/database';
import { showFrontCoverBackground } from '../layouts/theme-images';
import type { Queue } from '../queue/queue';
import { createThemesRepository } from './repository';

// The administrator who changed the cover looks at the theme's products: its own (one per format) are rendered as
// soon as the worker is free; past this many (bulk copies), the rest is a bulk re-render that gives way to previews
// someone waits for.
const WATCHED_PREVIEWS = 10;

export async function frontCoverChanged(tx: Transaction, queue: Queue, themeId: number): Promise<void> {
  const repository = createThemesRepository(tx.sql);
  const cover = await repository.newestImage(themeId, 'FRONT_COVER_BACKGROUND');
  const products = await repository.productsOf(themeId);
  const layoutIds = products.flatMap((product) => (product.layoutId ? [product.layoutId] : []));
  await showFrontCoverBackground(tx, layoutIds, cover);
  const payloads = products.map((product) => ({ productId: product.id }));
  await queue.enqueueMany(tx, renderPreviews, payloads.slice(0, WATCHED_PREVIEWS));
  await queue.enqueueMany(tx, renderPreviews, payloads.slice(WATCHED_PREVIEWS), { priority: 'bulk' });
}
