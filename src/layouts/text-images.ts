// Images of a book's texts (issue 45): the shop's front end draws each TEXT block from `content.link`, a picture of
// its text. The link names the layout, the block and a digest of the block's text and style: it opens the picture
// only while the block still holds that text, so it reaches no one who has not read the book with that text, and it
// changes when the text or its style does. Each picture is drawn once per distinct text, style and block size and
// kept in media storage.
import { createHash } from 'node:crypto';
import type { Database } from '../db/database';
import { type MediaStorage, readIfPresent } from '../media/storage';
import { layoutPageScene } from '../render/layout-scene';
import { renderTextImage } from '../render/text-image';
import { notFound } from '../shared/errors';
import type { Block } from '../shared/layout-document';
import { loadDrawableLayout } from './drawing';
import { createLayoutsRepository } from './repository';

/** Bumped when the drawing of a text changes, so that no picture drawn the old way is served again. */
const DRAWING_VERSION = 1;

const digest = (...parts: string[]) => createHash('sha256').update(parts.join('\n')).digest('base64url').slice(0, 22);

// The style's keys in a fixed order: jsonb gives them back in its own.
const textDigest = (layoutId: string, block: Block) => {
  const { style } = block.content;
  return digest(layoutId, block.id, block.content.text, style ? JSON.stringify(style, Object.keys(style).sort()) : 'null');
};

export const textImagePath = (layoutId: string, blockId: string, textHash: string) => `/layout/text/${layoutId}/${blockId}/${textHash}.png`;

/** The link of a TEXT block's picture, or null for a block without text. */
export type TextImageLink = (layoutId: string, block: Block) => string | null;

export function createTextImageLink(publicBaseUrl: string): TextImageLink {
  return (layoutId, block) => (block.type === 'TEXT' && block.content.text.trim()
    ? `${publicBaseUrl}${textImagePath(layoutId, block.id, textDigest(layoutId, block))}` : null);
}

export function createTextImages(deps: { db: Database; media: MediaStorage }) {
  const { db, media } = deps;
  const repository = createLayoutsRepository(db.sql);
  return {
    /** The picture of the block's text; not found unless the block exists and still holds the text the digest names. */
    async image(layoutId: string, blockId: string, textHash: string): Promise<Buffer> {
      const layout = await repository.find(layoutId);
      const drawable = layout && (await loadDrawableLayout(db.sql, layout));
      if (!drawable) throw notFound();
      const page = drawable.pages.find((candidate) => candidate.blocks.some((block) => block.id === blockId));
      const block = page?.blocks.find((candidate) => candidate.id === blockId);
      if (!page || !block || block.type !== 'TEXT' || textDigest(layoutId, block) !== textHash) throw notFound();
      const { placed: [where] } = await layoutPageScene({ type: page.type, blocks: [block] }, {
        format: drawable.format, interiorPages: drawable.interiorPages, fontSizePt: layout.fontSize, bleedMm: 0,
        readImage: async () => undefined, photo: () => undefined,
      });
      if (!where.text) throw notFound();
      const { item } = where.text;
      const key = `text-images/${digest(String(DRAWING_VERSION), JSON.stringify(item), JSON.stringify(where.trim))}.png`;
      const stored = await readIfPresent(media, key);
      if (stored) return stored;
      const drawn = await renderTextImage(item, where.trim);
      await media.put(key, drawn);
      return drawn;
    },
  };
}

export type TextImages = ReturnType<typeof createTextImages>;
