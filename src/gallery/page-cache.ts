// The gallery's cache: ready response bytes by request URL, and totals by filter, dropped as precisely as the
// change notifications allow.
//
// Granularity (what a change drops):
//   - a product entering or leaving lists, or moving in their order: the totals and pages of the filters that match
//     its attributes (theme, format, type, special project, template categories; a search filter is assumed to
//     match, as its text is not in the notification). A statement over many rows names their themes instead, and
//     drops the filters that can show those themes;
//   - a product's preview alone: the cached pages that show that product; totals stay;
//   - reference data or a theme's approval, author, color or style: everything (and the catalog snapshot).
import type { CatalogChange, ProductAttributes } from './changes';
import { type Sized, SegmentedLru } from './segmented-lru';

/** Which rows a filter lists, in terms of what a change notification carries. */
export interface FilterMatcher {
  row(attributes: ProductAttributes): boolean;
  /** Can rows of this theme be in the list at all? */
  theme(themeId: number): boolean;
}

/** A filter's cached state: its total, and the cached pages made from it. */
export class FilterGroup {
  count: Promise<number> | undefined;
  readonly pages = new Set<string>();
  /** Dropped by a change: nothing computed from it may be stored. */
  dropped = false;
  /** Requests computing a page of it. */
  inUse = 0;

  constructor(readonly key: string, readonly matcher: FilterMatcher, readonly registered: boolean) {}
}

export interface CachedResponse {
  body: Buffer;
  etag: string;
}

interface CachedPage extends Sized {
  group: FilterGroup;
  response: CachedResponse;
  productIds: number[];
}

/** A page being computed: stored only if no change it could miss arrived meanwhile. */
export interface PendingPage {
  readonly url: string;
  readonly group: FilterGroup;
  valid: boolean;
}

// Estimated bookkeeping per page and per filter (Map entries, objects, the matcher's sets), on top of the bytes of
// bodies and keys. The bound is kept on the safe side: each page is also charged its filter's cost in full.
const PAGE_OVERHEAD_BYTES = 400;
const GROUP_OVERHEAD_BYTES = 600;
const URLS_CACHED_UP_TO = 1024;

export class GalleryPageCache {
  private readonly pages: SegmentedLru<CachedPage>;
  private readonly groups = new Map<string, FilterGroup>();
  private readonly pagesByProduct = new Map<number, Set<string>>();
  private readonly pending = new Set<PendingPage>();

  constructor(budgetBytes: number) {
    this.pages = new SegmentedLru<CachedPage>(budgetBytes, (url, page) => this.forget(url, page));
  }

  get stats() {
    return { bytes: this.pages.bytes, budgetBytes: this.pages.budgetBytes, pages: this.pages.size, filters: this.groups.size };
  }

  /** The cached response for this URL (path and query string as sent), counted as a use. */
  lookup(url: string): CachedResponse | undefined {
    return this.pages.get(url)?.response;
  }

  /** The filter's group, made if new; release() it when done. caching false: a group of its own, never kept. */
  acquire(key: string, matcher: () => FilterMatcher, caching: boolean): FilterGroup {
    let group = caching ? this.groups.get(key) : undefined;
    if (!group) {
      group = new FilterGroup(key, matcher(), caching);
      if (caching) this.groups.set(key, group);
    }
    group.inUse += 1;
    return group;
  }

  release(group: FilterGroup): void {
    group.inUse -= 1;
    this.dropIfUnused(group);
  }

  begin(url: string, group: FilterGroup): PendingPage {
    const pending = { url, group, valid: group.registered && url.length <= URLS_CACHED_UP_TO };
    if (pending.valid) this.pending.add(pending);
    return pending;
  }

  /** Keeps the page unless a change arrived while it was computed; the response is served either way. */
  finish(pending: PendingPage, response: CachedResponse, productIds: number[]): void {
    this.pending.delete(pending);
    const { url, group } = pending;
    if (!pending.valid || group.dropped) return;
    this.deletePage(url);
    const bytes = response.body.length + (url.length + response.etag.length) * 2 + productIds.length * 8
      + PAGE_OVERHEAD_BYTES + GROUP_OVERHEAD_BYTES + group.key.length * 2;
    if (!this.pages.set(url, { bytes, group, response, productIds })) return;
    group.pages.add(url);
    for (const id of productIds) {
      let urls = this.pagesByProduct.get(id);
      if (!urls) this.pagesByProduct.set(id, (urls = new Set()));
      urls.add(url);
    }
  }

  abandon(pending: PendingPage): void {
    this.pending.delete(pending);
  }

  apply(change: CatalogChange): void {
    if (change.scope !== 'products') {
      this.clear();
      return;
    }
    if (change.moved.length > 0 || change.movedThemes.length > 0) {
      for (const group of [...this.groups.values()]) {
        const { matcher } = group;
        if (change.moved.some((row) => matcher.row(row)) || change.movedThemes.some((theme) => matcher.theme(theme))) this.dropGroup(group);
      }
    }
    for (const id of change.shown) {
      for (const url of [...(this.pagesByProduct.get(id) ?? [])]) this.deletePage(url);
    }
    if (change.shownThemes.length > 0) {
      for (const group of [...this.groups.values()]) {
        if (change.shownThemes.some((theme) => group.matcher.theme(theme))) [...group.pages].forEach((url) => this.deletePage(url));
      }
    }
    // A page being computed may have read the rows before this change: which ones is not known until it is done.
    if (change.shown.length > 0 || change.shownThemes.length > 0) this.invalidatePending();
  }

  clear(): void {
    for (const group of this.groups.values()) group.dropped = true;
    this.groups.clear();
    this.pages.clear();
    this.pagesByProduct.clear();
    this.invalidatePending();
  }

  private invalidatePending(): void {
    for (const pending of this.pending) pending.valid = false;
    this.pending.clear();
  }

  private dropGroup(group: FilterGroup): void {
    group.dropped = true;
    this.groups.delete(group.key);
    for (const url of [...group.pages]) this.deletePage(url);
  }

  private deletePage(url: string): void {
    const page = this.pages.delete(url);
    if (page) this.forget(url, page);
  }

  /** Unlinks a page that left the cache from its group and products. */
  private forget(url: string, page: CachedPage): void {
    page.group.pages.delete(url);
    for (const id of page.productIds) {
      const urls = this.pagesByProduct.get(id);
      urls?.delete(url);
      if (urls?.size === 0) this.pagesByProduct.delete(id);
    }
    this.dropIfUnused(page.group);
  }

  /** A filter with no cached page and no request using it is not kept: its total alone is not worth the memory. */
  private dropIfUnused(group: FilterGroup): void {
    if (group.inUse === 0 && group.pages.size === 0 && this.groups.get(group.key) === group) this.groups.delete(group.key);
  }
}
