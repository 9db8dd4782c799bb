// Layouts: who may read or change which, shoppers' copies of catalog layouts, the bin, clones, page schemes.
import { randomUUID } from 'node:crypto';
import type { Config } from '../config';
import type { Database, SqlExecutor } from '../db/database';
import type { BookStatus } from '../shared/layout-document';
import { conflict, forbidden, invalid, notFound } from '../shared/errors';
import { pageOfList } from '../shared/paging';
import type { MediaStorage } from '../media/storage';
import type { AuthenticatedUser } from '../shared/user';
import { withoutPhotos } from './blocks';
import { schemeFitsFormat } from './builder';
import { createCatalogLayouts } from './catalog-layouts';
import { loadDrawableLayout } from './drawing';
import type { PhotoLinks } from '../photos/photo-links';
import { type PresentedPage, presentLayout, presentListedLayout, presentPage, presentScheme } from './presenters';
import type { TextImageLink } from './text-images';
import { NO_PRINT_OPTIONS, type PrintOptions } from './print-options';
import { createLayoutsRepository, type LayoutRow, type LayoutsRepository } from './repository';
import { createMembersRepository } from './members-repository';

type PageParam = string | string[] | undefined;

const READS_EVERY_LAYOUT = new Set(['moderator', 'admin']);

/** Owners read their layouts; moderators and administrators read every layout. */
export function canRead(user: AuthenticatedUser, layout: Pick<LayoutRow, 'ownerId'>): boolean {
  return layout.ownerId === user.id || READS_EVERY_LAYOUT.has(user.role);
}

/**
 * A product's own layout (not a shopper's copy) shows to anyone when the product's theme is approved, and to
 * moderators and administrators always: the gallery's theme preview and the layout viewer apply this one rule.
 */
export function mayReadProductLayout(user: AuthenticatedUser | undefined, product: { approved: boolean }): boolean {
  return product.approved || Boolean(user && READS_EVERY_LAYOUT.has(user.role));
}

/** Owners change their layouts; administrators change any (the catalog's own layouts have no owner). */
export function canWrite(user: AuthenticatedUser, layout: Pick<LayoutRow, 'ownerId'>): boolean {
  return layout.ownerId === user.id || user.role === 'admin';
}

/** Where a request named the product to copy: a field of its body (refused as that field) or its path (not found). */
export type ProductNamedIn = 'body' | 'path';

/** A layout named by its id or by its hash. */
export type LayoutRef = { id: string } | { hash: string };

/** Frozen: in an order set that is no longer open. What was paid for is what gets printed. */
export const isFrozen = (layout: Pick<LayoutRow, 'status'>) => layout.status === 'IN_WORK';

export function createLayoutsService(deps: {
  db: Database; media: MediaStorage; config: Pick<Config, 'bounds' | 'printDpi'>;
  /** Placed photos' links in a layout's JSON; without them placements are given as stored. */
  photoLinks?: Pick<PhotoLinks, 'image' | 'original'>;
  /** The links of the pictures of its texts (content.link). */
  textImage?: TextImageLink;
}) {
  const { db, media, photoLinks, textImage } = deps;
  const { layoutsPerUser } = deps.config.bounds;
  const repository = createLayoutsRepository(db.sql);
  /** The user already owns LAYOUTS_PER_USER layouts outside the bin: nothing was created or restored. */
  const tooMany = () => invalid({
    non_field_errors: [`You already have ${layoutsPerUser} layouts outside the bin, the most one user may keep: move some to the bin first.`],
  });

  /**
   * Whether the owner may have one more layout outside the bin. Takes the owner's lock for the rest of tx first, so
   * that concurrent requests of one user (in any process) cannot each see room for the last place.
   */
  const roomForOneMore = async (repo: LayoutsRepository, ownerId: number) => {
    await repo.lockOwner(ownerId);
    return (await repo.countOwned(ownerId, undefined)) < layoutsPerUser;
  };

  /** The layout with its pages, its photos' links and sizes, and each placed photo's DPI and quality. */
  const full = async (layout: LayoutRow, repo = repository) => {
    const pages = await repo.pagesOf(layout.id);
    if (!photoLinks) return presentLayout(layout, pages, media, undefined, textImage);
    const placedIds = pages.flatMap((page) => page.blocks.flatMap((block) => (block.content.photo ? [block.content.photo.photo_id] : [])));
    // Members' photos are shown through the book's links too (issue 50).
    const photos = await repo.photoSizes(layout.ownerId, [...new Set([...layout.photoIds, ...placedIds])], layout.id);
    const pageMm = layout.formatWidthCm && layout.formatHeightCm ? { width: layout.formatWidthCm * 10, height: layout.formatHeightCm * 10 } : null;
    return presentLayout(layout, pages, media, { photos, links: photoLinks, pageMm, printDpi: deps.config.printDpi, fontSizePt: layout.fontSize }, textImage);
  };

  /**
   * A copy of the source layout owned by ownerId, made in one transaction, unless the owner has no room left. It keeps
   * the source's print options unless others are given (a book made from a product).
   */
  const copy = (sourceId: string, ownerId: number, name: string | undefined, options?: PrintOptions) =>
    db.transaction(async (tx) => {
      const repo = createLayoutsRepository(tx.sql);
      if (!(await roomForOneMore(repo, ownerId))) throw tooMany();
      const source = (await repo.find(sourceId))!;
      const pages = await repo.pagesOf(sourceId);
      // New page ids; unplaced contents follow the page they were taken from.
      const pageIds = new Map(pages.map((page) => [page.id, randomUUID()]));
      // The owner's own copy keeps the book's photos; photos are never handed to another owner (a moderator's copy of
      // a shopper's book): not listed, not placed, not among the unplaced contents.
      const ownCopy = source.ownerId === ownerId;
      const id = await repo.insertWithPages({
        productId: source.productId, ownerId, formatId: source.formatId, name: name ?? source.name,
        fontSize: source.fontSize, lastSchemePageNum: source.lastSchemePageNum, schemeThemeRel: source.schemeThemeRel,
        unplaced: source.unplaced.filter((item) => ownCopy || !item.content.photo)
          .map((item) => ({ ...item, page_id: pageIds.get(item.page_id) ?? item.page_id })),
        photoIds: ownCopy ? source.photoIds : [],
        ...(options ?? { coverType: source.coverType, bindingType: source.bindingType, coverLamination: source.coverLamination }),
      }, pages.map(({ id: pageId, layoutId: _layout, templateWidth: _width, templateHeight: _height, blocks, ...page }) => ({
        ...page, id: pageIds.get(pageId), blocks: ownCopy ? blocks : withoutPhotos(blocks),
      })));
      return full((await repo.find(id))!, repo);
    });

  /** The layout when the user may read it; undefined otherwise (someone else's layout is "not found"). */
  const readable = async (user: AuthenticatedUser, ref: LayoutRef) => {
    const layout = await repository.find(ref);
    return layout && canRead(user, layout) ? layout : undefined;
  };
  // Members of a shared book read it (and its photos through its links) too; everything else stays the owner's.
  const members = createMembersRepository(db.sql);
  const readableShared = async (user: AuthenticatedUser, ref: LayoutRef) => {
    const layout = await repository.find(ref);
    return layout && (canRead(user, layout) || (await members.roleOf(layout.id, user.id))) ? layout : undefined;
  };

  return {
    /** Products' own layouts, made and retitled in the products domain's transactions. */
    catalog: createCatalogLayouts(),

    /** The layout with what drawing it needs (its print files); undefined for no such layout or one without a format. */
    async drawable(layoutId: string) {
      const layout = await repository.find(layoutId);
      return layout && loadDrawableLayout(db.sql, layout);
    },

    /**
     * A product's own layout (the gallery's theme preview): anyone reads it for a product of an approved theme,
     * moderators and administrators for any. Not found when there is none to show the caller.
     */
    async forProduct(user: AuthenticatedUser | undefined, productId: number) {
      const product = await repository.productLayout(productId);
      const layout = product?.layoutId && mayReadProductLayout(user, product) ? await repository.find(product.layoutId) : undefined;
      if (!layout) throw notFound();
      return full(layout);
    },

    /**
     * A shopper's copy of a product's layout, with the print options picked. Products of unapproved themes are for
     * moderators and admins; any other product is refused as the request named it (productIn).
     */
    async copyProduct(user: AuthenticatedUser, productId: number, options: PrintOptions = NO_PRINT_OPTIONS, productIn: ProductNamedIn = 'path') {
      const product = await repository.productLayout(productId);
      if (!product?.layoutId || (!product.approved && !READS_EVERY_LAYOUT.has(user.role))) {
        throw productIn === 'body' ? invalid({ product_id: [`Invalid pk "${productId}" - object does not exist.`] }) : notFound();
      }
      return copy(product.layoutId, user.id, undefined, options);
    },

    /** The copy; not found for a layout the user may not read. */
    async clone(user: AuthenticatedUser, id: string, name: string) {
      const source = await readable(user, { id });
      if (!source) throw notFound();
      return copy(source.id, user.id, name);
    },

    /**
     * The covers (page 0) of the layouts as a layout's read shows them, by layout id: what the cart draws each order
     * from. Their placed photos carry their links; the reader of the cart owns them.
     */
    async coverPages(layoutIds: string[], sql: SqlExecutor = db.sql): Promise<Map<string, PresentedPage>> {
      const repository = createLayoutsRepository(sql);
      const covers = await repository.coversOf(layoutIds);
      const presented = new Map<string, PresentedPage>();
      // Each cover links only its own book owner's photos (a cart holds few books: one read each).
      for (const cover of covers) {
        const placedIds = cover.blocks.flatMap((block) => (block.content.photo ? [block.content.photo.photo_id] : []));
        const ownerId = placedIds.length > 0 ? (await repository.find(cover.layoutId))?.ownerId ?? null : null;
        const view = photoLinks && { photos: await repository.photoSizes(ownerId, placedIds), links: photoLinks, pageMm: null, printDpi: deps.config.printDpi };
        presented.set(cover.layoutId, presentPage(cover, media, view, textImage));
      }
      return presented;
    },

    async mayRead(user: AuthenticatedUser, id: string): Promise<boolean> {
      return Boolean(await readableShared(user, { id }));
    },

    /** The layout with its pages; not found for one the user may not read (nor read as a member of its book). */
    async get(user: AuthenticatedUser, ref: LayoutRef) {
      const layout = await readableShared(user, ref);
      if (!layout) throw notFound();
      return full(layout);
    },

    /**
     * The user's own layouts, newest first, paged like the gallery, each with its cover; all but the bin's unless a
     * status is asked for. Not found ("Invalid page.") for a page past the last.
     */
    async list(user: AuthenticatedUser, status: BookStatus | undefined, rawPage: PageParam, rawPageSize: PageParam) {
      const page = await pageOfList(await repository.countOwned(user.id, status), rawPage, rawPageSize, async (limit, offset) => {
        const rows = await repository.listOwned(user.id, status, limit, offset);
        const covers = new Map((await repository.coversOf(rows.map((row) => row.id))).map((cover) => [cover.layoutId, cover]));
        return rows.map((row) => presentListedLayout(row, covers.get(row.id), media, textImage));
      });
      return { count: page.count, next: page.next, previous: page.previous, layouts: page.results };
    },

    /** "My products" of the books shared with the caller, marked shared with the caller's role; not found past the last page. */
    async listShared(user: AuthenticatedUser, rawPage: PageParam, rawPageSize: PageParam) {
      const page = await pageOfList(await members.countShared(user.id), rawPage, rawPageSize, async (limit, offset) => {
        const rows = await members.listShared(user.id, limit, offset);
        const covers = new Map((await repository.coversOf(rows.map((row) => row.id))).map((cover) => [cover.layoutId, cover]));
        // The cover is drawn without photo links: a member reads the book's photos through the book itself.
        return rows.map((row) => ({ ...presentListedLayout(row, covers.get(row.id), media, textImage), shared: true, role: row.memberRole }));
      });
      return { count: page.count, next: page.next, previous: page.previous, layouts: page.results };
    },

    /**
     * Renames, or moves to or from the bin. Not found for a layout the user may not read, forbidden for one they may
     * only read, a conflict for a move to the bin of a layout that an order froze (renaming it is fine), invalid for a
     * move out of the bin past the owner's LAYOUTS_PER_USER.
     */
    async update(user: AuthenticatedUser, id: string, changes: { name?: string; deleted?: boolean }) {
      const layout = await readableShared(user, { id });
      if (!layout) throw notFound();
      if (!canWrite(user, layout)) throw forbidden();
      return db.transaction(async (tx) => {
        const repo = createLayoutsRepository(tx.sql);
        const restoring = changes.deleted === false && layout.status === 'DELETED' && layout.ownerId !== null;
        if (restoring && !(await roomForOneMore(repo, layout.ownerId!))) throw tooMany();
        if (changes.deleted !== undefined) {
          const [from, to] = changes.deleted ? ['OPEN', 'DELETED'] as const : ['DELETED', 'OPEN'] as const;
          // Conditional, so that an order freezing the layout at this moment wins over the move to the bin.
          const moved = await repo.moveStatus(id, from, to);
          if (!moved && changes.deleted && isFrozen((await repo.find(id))!)) throw conflict('The layout is in an order and cannot be moved to the bin.');
        }
        if (changes.name !== undefined) await repo.rename(id, changes.name);
        return full((await repo.find(id))!, repo);
      });
    },

    /** The page schemes that fit the format, of the given categories; an unknown format is refused as the fmt field. */
    async schemes(formatId: number, categories: string[]) {
      const format = await repository.format(formatId);
      if (!format) throw invalid({ fmt: [`Select a valid choice. ${formatId} is not one of the available choices.`] });
      const templates = await repository.templates(categories);
      return templates.filter((template) => schemeFitsFormat(template, format)).map(presentScheme);
    },
  };
}

export type LayoutsService = ReturnType<typeof createLayoutsService>;
