// A product's gallery preview, rendered when it is created or its cover changes: drawn from its layout's cover
// (src/products/preview.ts), stored with _sm.jpg and _md.jpg derivatives beside it like theme images.
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { Database } from '../db/database';
import { derivedKeys, storeRenderedWithDerivatives } from '../media/images';
import { type MediaStorage, readIfPresent } from '../media/storage';
import type { StoredFileDeletions } from '../file-deletions/stored-file-deletions';
import { drawCoverPixels } from './preview';
import { createLimiter } from '../util/limiter';
import { createProductsRepository, type PreviewSource } from './repository';

/**
 * Previews drawn (and their files stored) at once in a process; the render-previews job holds twice as many: while
 * these draw, the others read their source or set their result, so the drawing does not wait for the database. One
 * per core here.
 */
export const PREVIEWS_DRAWN_AT_ONCE = 2;

/** The layout's front cover background, else the theme's newest front cover; undefined when neither can be read. */
async function coverBackground(source: PreviewSource, media: MediaStorage): Promise<Buffer | undefined> {
  const fromLayout = source.coverBlocks?.find((block) => block.theme_element_type === 'FRONT_COVER_BACKGROUND')?.content.image;
  for (const key of [fromLayout, source.themeFrontCover]) {
    if (!key || /^https?:/.test(key)) continue;
    // A missing image falls back; an outage of the storage fails the rendering, which is retried.
    const image = await readIfPresent(media, key);
    if (image) return image;
  }
  return undefined;
}

export function createProductPreviews(deps: { db: Database; media: MediaStorage; deletions: StoredFileDeletions; log: Logger }) {
  const { db, media, deletions, log } = deps;
  const drawing = createLimiter(PREVIEWS_DRAWN_AT_ONCE);

  /**
   * Sets the new preview, and records for deletion what it leaves without a row: the replaced preview, unless another
   * product shows it too (bulk products share their exemplar's), or the new files when the product is gone. Two runs
   * at once each record what they replaced, so neither leaves a file behind; a storage that fails the deletion delays
   * it (the delete-stored-files job retries it) without failing this rendering, which would draw yet another preview.
   */
  async function swapIn(productId: number, key: string, written: string[]): Promise<number[]> {
    // One statement when nothing is to be deleted (a new product's first preview, a bulk product's replacing the one it
    // shares): most previews. The rest swap in a transaction that records the deletions with the swap.
    if ((await createProductsRepository(db.sql).swapSharedPreview(productId, key)) === 'swapped') return [];
    return db.transaction(async (tx) => {
      const products = createProductsRepository(tx.sql);
      const swapped = await products.swapPreview(productId, key);
      if (swapped === undefined) return deletions.record(tx, written);
      const { previous } = swapped;
      if (!previous || (await products.previewInUse(previous))) return [];
      return deletions.record(tx, [previous, ...derivedKeys(previous)]);
    });
  }

  return {
    /** Draws and stores the product's preview, and sets it in place of the one before (nothing for a product that is gone). */
    async render(productId: number): Promise<void> {
      const source = await createProductsRepository(db.sql).previewSource(productId);
      if (!source) return log.warn({ productId }, 'render-previews: the product is gone');
      const title = source.coverBlocks?.find((block) => block.type === 'TEXT')?.content.text || source.name;
      const background = await coverBackground(source, media);
      // A new key each time: cached copies of an older preview are never served for this one.
      const key = `products/${productId}/preview-${randomUUID()}.jpg`;
      const written = await drawing.run(async () => storeRenderedWithDerivatives(media, key, await drawCoverPixels({
        widthCm: source.widthCm, heightCm: source.heightCm, background, title,
      })));
      const recorded = await swapIn(productId, key, written).catch(async (error: unknown) => {
        // Files no row names would never be found again: when the swap fails, the new ones go before the job is retried
        // (or, with the storage failing too, are left to the sweep of unnamed files).
        await Promise.all(written.map((file) => media.delete(file).catch(() => undefined)));
        throw error;
      });
      await deletions.deleteSoon(recorded);
    },
  };
}

export type ProductPreviews = ReturnType<typeof createProductPreviews>;
