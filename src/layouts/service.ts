// Layouts: who may read or change which, shoppers' copies of catalog layouts, the bin, clones, page schemes.
import { randomUUID } from 'node:crypto';
import type { AuthenticatedUser } from '../auth/token-user';
import type { Database } from '../db/database';
import type { LayoutStatus } from '../db/tables/index';
import { pageOfList } from '../gallery/paging';
import type { MediaStorage } from '../media/storage';
import { schemeFitsFormat } from './builder';
import { presentLayout, presentLayoutSummary, presentScheme } from './presenters';
import { createLayoutsRepository, type LayoutRow } from './repository';

type PageParam = string | string[] | undefined;

const READS_EVERY_LAYOUT = new Set(['moderator', 'admin']);

/** Owners read their layouts; moderators and administrators read every layout. */
export function canRead(user: AuthenticatedUser, layout: Pick<LayoutRow, 'ownerId'>): boolean {
  return layout.ownerId === user.id || READS_EVERY_LAYOUT.has(user.role);
}

/** Owners change their layouts; administrators change any (the catalog's own layouts have no owner). */
export function canWrite(user: AuthenticatedUser, layout: Pick<LayoutRow, 'ownerId'>): boolean {
  return layout.ownerId === user.id || user.role === 'admin';
}

export type CopyResult =
  | { kind: 'copied'; layout: ReturnType<typeof presentLayout> }
  | { kind: 'no-product' };

export function createLayoutsService(deps: { db: Database; media: MediaStorage }) {
  const { db, media } = deps;
  const repository = createLayoutsRepository(db.orm);

  const full = async (layout: LayoutRow, repo = repository) => presentLayout(layout, await repo.pagesOf(layout.id), media);

  /** A copy of the source layout owned by ownerId, made in one transaction; returns the new layout. */
  const copy = (sourceId: string, ownerId: number, name: string | undefined) =>
    db.transaction(async (tx) => {
      const repo = createLayoutsRepository(tx.orm);
      const source = (await repo.find(sourceId))!;
      const pages = await repo.pagesOf(sourceId);
      // New page ids; unplaced contents follow the page they were taken from.
      const pageIds = new Map(pages.map((page) => [page.id, randomUUID()]));
      const id = await repo.insertWithPages({
        productId: source.productId, ownerId, formatId: source.formatId, name: name ?? source.name,
        fontSize: source.fontSize, lastSchemePageNum: source.lastSchemePageNum, schemeThemeRel: source.schemeThemeRel,
        unplaced: source.unplaced.map((item) => ({ ...item, page_id: pageIds.get(item.page_id) ?? item.page_id })),
      }, pages.map(({ id: pageId, layoutId: _layout, templateWidth: _width, templateHeight: _height, ...page }) => ({
        ...page, id: pageIds.get(pageId),
      })));
      return full((await repo.find(id))!, repo);
    });

  /** The layout when the user may read it; undefined otherwise (someone else's layout is "not found"). */
  const readable = async (user: AuthenticatedUser, id: string) => {
    const layout = await repository.find(id);
    return layout && canRead(user, layout) ? layout : undefined;
  };

  return {
    /** The product's own layout, for moderators; undefined when the product does not exist or has none. */
    async forProduct(productId: number) {
      const product = await repository.productLayout(productId);
      const layout = product?.layoutId ? await repository.find(product.layoutId) : undefined;
      return layout && full(layout);
    },

    /** A shopper's copy of a product's layout. Products of unapproved themes are for moderators and admins. */
    async copyProduct(user: AuthenticatedUser, productId: number): Promise<CopyResult> {
      const product = await repository.productLayout(productId);
      if (!product?.layoutId || (!product.approved && !READS_EVERY_LAYOUT.has(user.role))) return { kind: 'no-product' };
      return { kind: 'copied', layout: await copy(product.layoutId, user.id, undefined) };
    },

    async clone(user: AuthenticatedUser, id: string, name: string) {
      const source = await readable(user, id);
      return source && copy(source.id, user.id, name);
    },

    async mayRead(user: AuthenticatedUser, id: string): Promise<boolean> {
      return Boolean(await readable(user, id));
    },

    async get(user: AuthenticatedUser, id: string) {
      const layout = await readable(user, id);
      return layout && full(layout);
    },

    /** The user's own layouts, newest first, paged like the gallery; undefined for a page past the last. */
    async list(user: AuthenticatedUser, status: LayoutStatus, rawPage: PageParam, rawPageSize: PageParam) {
      return pageOfList(await repository.countOwned(user.id, status), rawPage, rawPageSize, async (limit, offset) =>
        (await repository.listOwned(user.id, status, limit, offset)).map(presentLayoutSummary));
    },

    /** Renames, or moves to or from the bin. 'not-found' for a layout the user may not read, 'forbidden' for one they may only read. */
    async update(user: AuthenticatedUser, id: string, changes: { name?: string; deleted?: boolean }) {
      const layout = await readable(user, id);
      if (!layout) return 'not-found' as const;
      if (!canWrite(user, layout)) return 'forbidden' as const;
      await repository.update(id, {
        name: changes.name,
        status: changes.deleted === undefined ? undefined : changes.deleted ? 'DELETED' : 'ACTIVE',
      });
      return full((await repository.find(id))!);
    },

    /** The page schemes that fit the format, of the given categories; undefined for an unknown format. */
    async schemes(formatId: number, categories: string[]) {
      const format = await repository.format(formatId);
      if (!format) return undefined;
      const templates = await repository.templates(categories);
      return templates.filter((template) => schemeFitsFormat(template, format)).map(presentScheme);
    },
  };
}

export type LayoutsService = ReturnType<typeof createLayoutsService>;
