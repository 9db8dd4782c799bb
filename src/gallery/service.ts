// The gallery's logic: filters resolved against the catalog snapshot, totals cached per catalog version, pages.
import type { Database } from '../db/database';
import type { FieldErrors } from '../http/errors';
import { type GalleryFilterParams, type ProductQuery, resolveFilters } from './filters';
import { lastPageOf, pageNumberOf, pageSizeOf } from './paging';
import { createGalleryRepository, type GalleryRow } from './repository';
import { type CatalogSnapshot, createSnapshotSource } from './snapshot';
import { VersionCache } from './version-cache';

export interface GalleryPage {
  count: number;
  page: number;
  lastPage: number;
  rows: GalleryRow[];
}

export type GalleryListResult =
  | { kind: 'page'; page: GalleryPage }
  | { kind: 'invalid-filter'; errors: FieldErrors }
  | { kind: 'invalid-page' };

// Per catalog version: totals of this many filter combinations, and this many pages (20-30 rows each).
const CACHED_COUNTS = 10_000;
const CACHED_PAGES = 5_000;

export function createGalleryService(db: Database) {
  const snapshots = createSnapshotSource(db);
  const repository = createGalleryRepository(db.sql);
  // Shoppers ask for the same few pages far more often than the catalog changes, so totals and pages are kept
  // per catalog version: the version is read on every request, so a change is seen at once.
  const counts = new VersionCache<number>(CACHED_COUNTS);
  const pages = new VersionCache<GalleryRow[]>(CACHED_PAGES);

  const filterKey = (query: ProductQuery) => {
    const { sort: _sort, ...filter } = query;
    return JSON.stringify(filter);
  };

  return {
    /** The current catalog snapshot; its version identifies every response made from it (ETag). */
    snapshot: () => snapshots.current(),

    async list(
      snapshot: CatalogSnapshot, params: GalleryFilterParams, rawPage: string | string[] | undefined, rawPageSize: string | string[] | undefined,
    ): Promise<GalleryListResult> {
      const resolved = resolveFilters(params, snapshot);
      if (resolved.errors) return { kind: 'invalid-filter', errors: resolved.errors };
      const query = resolved.query;
      const pageSize = pageSizeOf(rawPageSize);
      const emptyByFilter = [query.themeIds, query.formatIds].some((ids) => ids?.length === 0);
      const count = emptyByFilter ? 0 : await counts.get(snapshot.version, filterKey(query), () => repository.count(query));
      const page = pageNumberOf(rawPage, count, pageSize);
      if (page === undefined) return { kind: 'invalid-page' };
      const rows = await pages.get(snapshot.version, `${JSON.stringify(query)}|${page}|${pageSize}`,
        () => repository.page(query, (page - 1) * pageSize, pageSize, count));
      return { kind: 'page', page: { count, page, lastPage: lastPageOf(count, pageSize), rows } };
    },

    explain: repository.explainPage,
  };
}

export type GalleryService = ReturnType<typeof createGalleryService>;
