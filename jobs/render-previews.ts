// When a product is created: its gallery preview, the theme's front cover cut to the product's format.
import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { formats, products, themeElements } from '../src/db/tables/index';
import { defineJob } from '../src/queue/job';

export interface RenderPreviewsPayload {
  productId: number;
}

const PREVIEW_LONG_SIDE = 600;

export const renderPreviews = defineJob<RenderPreviewsPayload>({
  name: 'render-previews',
  payloadSchema: {
    type: 'object',
    required: ['productId'],
    properties: { productId: { type: 'integer', minimum: 1 } },
    additionalProperties: false,
  },
  async handle({ productId }, { db, media, log }) {
    const [product] = await db.orm
      .select({ themeId: products.themeId, previewCover: products.previewCover, widthCm: formats.widthCm, heightCm: formats.heightCm })
      .from(products)
      .innerJoin(formats, eq(formats.id, products.formatId))
      .where(eq(products.id, productId));
    if (!product) return log.warn({ productId }, 'render-previews: product is gone');
    const [cover] = await db.orm
      .select({ image: themeElements.image })
      .from(themeElements)
      .where(and(eq(themeElements.themeId, product.themeId), eq(themeElements.elementType, 'FRONT_COVER_BACKGROUND')))
      .orderBy(asc(themeElements.id))
      .limit(1);
    if (!cover) return log.warn({ productId }, 'render-previews: the theme has no front cover yet');

    const scale = PREVIEW_LONG_SIDE / Math.max(product.widthCm, product.heightCm);
    const original = await media.read(cover.image);
    const preview = await sharp(original)
      .resize({ width: Math.round(product.widthCm * scale), height: Math.round(product.heightCm * scale), fit: 'cover' })
      .jpeg({ quality: 82 })
      .toBuffer();
    // A new key each time: cached copies of an older preview can never be served for this one.
    const key = `products/${productId}/preview-${randomUUID()}.jpg`;
    await media.put(key, preview);
    await db.orm.update(products).set({ previewCover: key }).where(eq(products.id, productId));
    if (product.previewCover) await media.delete(product.previewCover);
  },
});
