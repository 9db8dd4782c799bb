// Bulk products for benchmarks: copies of the demo products made by the database itself, in chunks.
// They share their exemplar's layout and preview, which is enough for the gallery and keeps a million rows cheap.
import type { Database } from '../db/database';
import { createSeedRepository } from './repository';

const CHUNK = 50_000;

/** Adds products until there are `target`; returns how many it added. Needs at least one product with a layout. */
export async function seedBulkProducts(
  db: Database,
  target: number,
  onProgress: (done: number, total: number) => void = () => undefined,
): Promise<number> {
  const repository = createSeedRepository(db.sql);
  const total = await repository.productCount();
  const missing = target - total;
  if (missing <= 0) return 0;
  const exemplarIds = await repository.idsOfProductsWithLayouts();
  if (exemplarIds.length === 0) throw new Error('bulk products are copies of products with layouts: seed the demo catalog first');
  // Trigram entries wait in GIN's pending list while loading, merged in bulk; searches want no pending list, so it
  // is off again afterwards.
  await repository.setSearchIndexPendingList(true);
  try {
    for (let done = 0; done < missing; done += CHUNK) {
      const size = Math.min(CHUNK, missing - done);
      await repository.insertProductCopies(total + done + 1, total + done + size, exemplarIds);
      onProgress(done + size, missing);
    }
  } finally {
    await repository.setSearchIndexPendingList(false);
  }
  await repository.analyzeProducts();
  return missing;
}
