// When a product is created, or its theme's front cover changes: its gallery preview, the front of its cover as
// its layout describes it, with _sm.jpg and _md.jpg derivatives beside it like theme images.
import { randomUUID } from 'node:crypto';
import { createProductsRepository } from '../src/products/repository';
import { drawCoverPreview } from '../src/products/preview';
import { derivedKeys, storeWithDerivatives } from '../src/media/images';
import { type MediaStorage, readIfPresent } from '../src/media/storage';
import { defineJob } from './job-context';
import { renderPreviews as contract } from './contracts/render-previews';
import type { SqlExecutor } from '../src/db/database';
import type { Block } from '../src/db/tables/index';

interface PreviewSource {
  name: string;
  width_cm: number;
  height_cm: number;
  cover_blocks: Block[] | null;
  theme_front_cover: string | null;
}

async function previewSource(sql: SqlExecutor, productId: number): Promise<PreviewSource | undefined> {
  const { rows: [row] } = await sql.query<PreviewSource>(`
    SELECT p.name, f.width_cm, f.height_cm,
           (SELECT lp.blocks FROM layout_pages lp WHERE lp.layout_id = p.layout_id AND lp.num = 0) AS cover_blocks,
           (SELECT e.image FROM theme_elements e WHERE e.theme_id = p.theme_id AND e.element_type = 'FRONT_COVER_BACKGROUND'
            ORDER BY e.id DESC LIMIT 1) AS theme_front_cover
    FROM products p JOIN formats f ON f.id = p.format_id WHERE p.id = $1`, [productId]);
  return row;
}

/** The layout's front cover background, else the theme's newest front cover; undefined when neither can be read. */
async function coverBackground(source: PreviewSource, media: MediaStorage): Promise<Buffer | undefined> {
  const fromLayout = source.cover_blocks?.find((block) => block.theme_element_type === 'FRONT_COVER_BACKGROUND')?.content.image;
  for (const key of [fromLayout, source.theme_front_cover]) {
    if (!key || /^https?:/.test(key)) continue;
    // A missing image falls back; an outage of the storage fails the job, which is retried.
    const image = await readIfPresent(media, key);
    if (image) return image;
  }
  return undefined;
}

export const renderPreviews = defineJob(contract, async ({ productId }, { db, media, log, deletions }) => {
  const source = await previewSource(db.sql, productId);
  if (!source) return log.warn({ productId }, 'render-previews: the product is gone');
  const title = source.cover_blocks?.find((block) => block.type === 'TEXT')?.content.text || source.name;
  const image = await drawCoverPreview({
    widthCm: source.width_cm, heightCm: source.height_cm, background: await coverBackground(source, media), title,
  });
  // A new key each time: cached copies of an older preview are never served for this one.
  const key = `products/${productId}/preview-${randomUUID()}.jpg`;
  const written = await storeWithDerivatives(media, key, image);
  // Whatever the swap replaced is recorded for deletion in its transaction, unless another product shows it too
  // (bulk products share their exemplar's); the new files are, when the product is gone. Two runs at once each
  // record what they replaced, so neither leaves a file behind; a storage that fails the deletion delays it (the
  // delete-stored-files job retries it) without failing this job, which would render yet another preview.
  const recorded = await db.transaction(async (tx) => {
    const products = createProductsRepository(tx.orm);
    const swapped = await products.swapPreview(productId, key);
    if (swapped === undefined) return deletions.record(tx, written);
    const { previous } = swapped;
    if (!previous || (await products.previewInUse(previous))) return [];
    return deletions.record(tx, [previous, ...derivedKeys(previous)]);
  }).catch(async (error: unknown) => {
    // Files no row names would never be found again: when the swap fails, the new ones go before the job is retried
    // (or, with the storage failing too, are left to the sweep of unnamed files).
    await Promise.all(written.map((file) => media.delete(file).catch(() => undefined)));
    throw error;
  });
  await deletions.deleteSoon(recorded);
});
