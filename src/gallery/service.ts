// The gallery's logic: filters resolved against the catalog snapshot, pages made into response bytes once and
// served from memory until the database reports a change that concerns them (change-feed.ts, page-cache.ts).
import { createHash } from 'node:crypto';
import type { Database } from '../db/database';
import type { CatalogChangeFeed } from './change-feed';
import { filterKey, type GalleryFilterParams, matcherFor, type ProductQuery, resolveFilters } from './filters';
import { type CachedResponse, type FilterGroup, GalleryPageCache } from './page-cache';
import { invalid } from '../shared/errors';
import { invalidPage, lastPageOf, pageNumberOf, pageSizeOf } from '../shared/paging';
import { createGalleryRepository, type GalleryRow } from './repository';
import { type CatalogSnapshot, createSnapshotSource } from './snapshot';
import { Total } from './total';

export interface GalleryPage {
  count: number;
  page: number;
  lastPage: number;
  rows: GalleryRow[];
}

/** What a route asks for: the request's URL (with the language where the answer depends on it: the cache key), its filter and paging parameters. */
export interface GalleryListRequest {
  url: string;
  params: GalleryFilterParams;
  page: string | string[] | undefined;
  pageSize: string | string[] | undefined;
}

/** A weak validator of the exact bytes: equal bodies give equal ETags in every process of the service. */
export function responseOf(body: object): CachedResponse {
  const bytes = Buffer.from(JSON.stringify(body));
  return { body: bytes, etag: `W/"${createHash('sha1').update(bytes).digest('base64url').slice(0, 22)}"` };
}

export function createGalleryService(db: Database, feed: CatalogChangeFeed, cacheBytes: number) {
  const snapshots = createSnapshotSource(db, feed);
  const repository = createGalleryRepository(db.sql);
  const cache = new GalleryPageCache(cacheBytes);
  feed.onChange((change) => cache.apply(change));

  const countOf = (group: FilterGroup, query: ProductQuery): Promise<number> => {
    if (!group.total) {
      const total = new Total(repository.count(query));
      group.total = total;
      // A failed count is not kept: the next request tries again.
      total.counted.catch(() => {
        if (group.total === total) group.total = undefined;
      });
    }
    return group.total.current();
  };

  async function computePage(
    request: GalleryListRequest, caching: boolean, render: (page: GalleryPage, snapshot: CatalogSnapshot) => object,
  ): Promise<CachedResponse> {
    const snapshot = await snapshots.current(caching);
    const resolved = resolveFilters(request.params, snapshot);
    if (resolved.errors) throw invalid(resolved.errors);
    const query = resolved.query;
    // Kept only if resolved from the current snapshot: a reference change may have come while this request waited.
    const keep = caching && snapshots.isCurrent(snapshot);
    const group = cache.group(filterKey(request.params), () => matcherFor(query, snapshot), keep);
    const pending = cache.begin(request.url, group);
    const work = (async (): Promise<CachedResponse> => {
      const pageSize = pageSizeOf(request.pageSize);
      const emptyByFilter = [query.themeIds, query.formatIds].some((ids) => ids?.length === 0);
      const count = emptyByFilter ? 0 : await countOf(group, query);
      const page = pageNumberOf(request.page, count, pageSize);
      if (page === undefined) throw invalidPage();
      const rows = await repository.page(query, (page - 1) * pageSize, pageSize, count);
      const response = responseOf(render({ count, page, lastPage: lastPageOf(count, pageSize), rows }, snapshot));
      cache.finish(pending, response, rows.map((row) => row.id));
      return response;
    })();
    // Requests for the same URL that arrive from now on wait for this one.
    pending.result = work;
    try {
      return await work;
    } finally {
      cache.abandon(pending);
    }
  }

  return {
    /**
     * Whether the cache may be used for this request: the database's change notifications are flowing, and have
     * caught up with this process's own writes (so that a change made here is in the next answer from here).
     */
    async caching(): Promise<boolean> {
      if (!feed.current) return false;
      return !feed.behindLocalWrites || feed.catchUp();
    },

    /** What the cache holds in memory now, estimated (for the metrics). */
    cacheBytes: () => cache.stats.bytes,

    /** The cached response for this URL, if any (only when caching() said yes). */
    cached: (url: string) => cache.lookup(url),

    snapshot: (caching: boolean) => snapshots.current(caching),

    /** A response made from the snapshot alone (metadata), kept with it; made: whether it was made now. */
    fromSnapshot(snapshot: CatalogSnapshot, key: string, make: () => object): { response: CachedResponse; made: boolean } {
      const kept = snapshot.responses.get(key);
      if (kept) return { response: kept, made: false };
      const response = responseOf(make());
      snapshot.responses.set(key, response);
      return { response, made: true };
    },

    /**
     * A page of products; requests for the same URL while it is made share the work (a new page after a change), and
     * its refusal: the filter's fields invalid, or "Invalid page." (not found).
     */
    list(
      request: GalleryListRequest, caching: boolean, render: (page: GalleryPage, snapshot: CatalogSnapshot) => object,
    ): Promise<CachedResponse> {
      const shared = caching ? cache.inFlight(request.url) : undefined;
      if (shared) return shared as Promise<CachedResponse>;
      return computePage(request, caching, render);
    },
  };
}

export type GalleryService = ReturnType<typeof createGalleryService>;
