// The gallery's logic: filters resolved against the catalog snapshot, totals cached per catalog version, pages.
import type { Database } from '../db/database';
import type { FieldErrors } from '../http/errors';
import { type GalleryFilterParams, type ProductQuery, resolveFilters } from './filters';
import { lastPageOf, pageNumberOf, pageSizeOf } from './paging';
import { createGalleryRepository, type GalleryRow } from './repository';
import { type CatalogSnapshot, createSnapshotSource } from './snapshot';

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

// Distinct filter combinations whose totals are kept per version; past this the cache starts again.
const MAX_CACHED_COUNTS = 10_000;

export function createGalleryService(db: Database) {
  const snapshots = createSnapshotSource(db);
  const repository = createGalleryRepository(db.sql);
  let counts = { version: -1, totals: new Map<string, Promise<number>>() };

  /** The total is counted once per catalog version and filter, not on every request. */
  function countOf(snapshot: CatalogSnapshot, query: ProductQuery): Promise<number> {
    if (counts.version !== snapshot.version || counts.totals.size >= MAX_CACHED_COUNTS) {
      counts = { version: snapshot.version, totals: new Map() };
    }
    const { sort: _sort, ...filter } = query;
    const key = JSON.stringify(filter);
    let total = counts.totals.get(key);
    if (!total) {
      const totals = counts.totals;
      total = repository.count(query);
      totals.set(key, total);
      total.catch(() => totals.delete(key));
    }
    return total;
  }

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
      const count = emptyByFilter ? 0 : await countOf(snapshot, query);
      const page = pageNumberOf(rawPage, count, pageSize);
      if (page === undefined) return { kind: 'invalid-page' };
      const rows = await repository.page(query, (page - 1) * pageSize, pageSize, count);
      return { kind: 'page', page: { count, page, lastPage: lastPageOf(count, pageSize), rows } };
    },

    explain: repository.explainPage,
  };
}

export type GalleryService = ReturnType<typeof createGalleryService>;
