// The layout viewer: who may look at a layout's pages in a browser, and its pages drawn as JPEG images.
import { createHash } from 'node:crypto';
import type { Database } from '../../db/database';
import type { UrlSigner } from '../../http/signed-url';
import type { MediaStorage } from '../../media/storage';
import { renderSceneToJpeg } from '../../render/raster';
import { notFound } from '../../shared/errors';
import type { AuthenticatedUser } from '../../shared/user';
import { drawingSources, drawLayoutPage, type DrawableLayout, loadDrawableLayout } from '../drawing';
import { createLayoutsRepository } from '../repository';
import { canRead, mayReadProductLayout } from '../service';

/** Bumped when the renderer draws differently: page images' ETags change with it. */
const RENDERER_VERSION = 2;
/** How long a signed viewer link opens a private layout. */
export const VIEWER_LINK_SECONDS = 3600;

export interface SignedQuery {
  expires?: unknown;
  sig?: unknown;
}

export interface ViewableLayout extends DrawableLayout {
  /** Anyone may see it (a product of an approved theme): its images may be cached by shared caches. */
  public: boolean;
}

export const viewerPath = (hash: string) => `/layout/${hash}/`;

export function createLayoutViewer(deps: { db: Database; media: MediaStorage; photoFiles: MediaStorage; signer: UrlSigner }) {
  const { media, photoFiles, signer } = deps;
  const repository = createLayoutsRepository(deps.db.sql);

  return {
    /**
     * The layout when the caller may view it: the product's own layout under the theme preview's rule, the owner
     * (or a moderator or administrator) by their token, or anyone holding an unexpired signed link to it. Not found
     * otherwise: a private layout is not told apart from none.
     */
    async open(hash: string, user: AuthenticatedUser | undefined, query: SignedQuery): Promise<ViewableLayout> {
      const layout = await repository.find({ hash });
      if (!layout) throw notFound();
      const product = layout.productId === null ? undefined : await repository.productLayout(layout.productId);
      const productsOwn = product !== undefined && product.layoutId === layout.id;
      const isPublic = productsOwn && mayReadProductLayout(undefined, product);
      const allowed = (productsOwn && mayReadProductLayout(user, product))
        || (user !== undefined && canRead(user, layout))
        || signer.verify(viewerPath(layout.hash), query.expires, query.sig);
      const drawable = allowed ? await loadDrawableLayout(deps.db.sql, layout) : undefined;
      if (!drawable) throw notFound();
      return { ...drawable, public: isPublic };
    },

    /** Whether expires and sig are of an unexpired viewer link to the layout of this hash (its photos open by it too). */
    linkOpens: (hash: string, expires: unknown, sig: unknown): boolean => signer.verify(viewerPath(hash), expires, sig),

    /** A signed link to the viewer of a layout the user may read; not found for any other. */
    async signedLink(user: AuthenticatedUser, layoutId: string, publicBaseUrl: string) {
      const layout = await repository.find(layoutId);
      if (!layout || !canRead(user, layout)) throw notFound();
      const path = viewerPath(layout.hash);
      return {
        url: `${publicBaseUrl}${path}?${signer.sign(path, VIEWER_LINK_SECONDS)}`,
        expires: new Date(Date.now() + VIEWER_LINK_SECONDS * 1000).toISOString(),
      };
    },

    /** The ETag of a page drawn at a width: it changes with anything the drawing depends on. Not found for a page the layout lacks. */
    pageEtag(viewable: ViewableLayout, num: number, width: number): string {
      const page = viewable.pages.find((candidate) => candidate.num === num);
      if (!page) throw notFound();
      // A photo's master changes when its owner turns it: its key is part of what the page shows.
      const masters = page.blocks.map((block) => block.content.photo && viewable.photos.get(block.content.photo.photo_id)?.masterKey);
      const digest = createHash('sha256')
        .update(JSON.stringify([RENDERER_VERSION, width, viewable.format, viewable.interiorPages, viewable.layout.fontSize, page.type, page.blocks, masters]))
        .digest('base64url');
      return `"${digest.slice(0, 27)}"`;
    },

    async pageImage(viewable: ViewableLayout, num: number, width: number): Promise<Buffer> {
      const page = viewable.pages.find((candidate) => candidate.num === num)!;
      const { scene } = await drawLayoutPage(viewable, page, drawingSources(media, photoFiles), 0);
      return renderSceneToJpeg(scene, width, Math.max(1, Math.round((width * scene.height) / scene.width)));
    },
  };
}

export type LayoutViewer = ReturnType<typeof createLayoutViewer>;
