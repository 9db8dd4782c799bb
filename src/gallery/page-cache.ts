// The gallery's cache: ready response bytes by request URL, and totals by filter, dropped as precisely as the
// change notifications allow.
//
// Granularity (what a change drops):
//   - a product entering or leaving lists, or moving in their order: the pages of the filters that list it (by
//     theme, format, type, special project, template categories and searched text). Their totals are kept,
//     corrected by the change (total.ts). Where a filter cannot tell whether it lists the row (a search, when the
//     text was too long for the notification or has letters whose case rules differ), or where a statement over
//     many rows named only their themes, everything of the filters concerned is dropped and counted again;
//   - a product's preview alone: the cached pages that show that product; totals stay;
//   - reference data or a theme's approval, author, color or style: everything (and the catalog snapshot).
import type { CatalogChange, ProductVersion } from './changes';
import { type Sized, SegmentedLru } from '../util/segmented-lru';
import type { Total } from './total';

/** Which rows a filter lists, in terms of what a change notification carries. */
export interface FilterMatcher {
  /** Is a row with these attributes listed? undefined: cannot be told from the notification. */
  row(version: ProductVersion): boolean | undefined;
  /** Can rows of this theme be in the list at all? */
  theme(themeId: number): boolean;
  /** What its own data (sets of ids) takes in memory, estimated. */
  bytes: number;
}

/** A filter's cached state: its total, and the cached pages made from it. */
export class FilterGroup implements Sized {
  total: Total | undefined;
  readonly pages = new Set<string>();
  /** Pages of it being computed. */
  readonly pending = new Set<PendingPage>();
  /** Dropped by a change or evicted: nothing computed from it may be stored. */
  dropped = false;
  readonly bytes: number;

  constructor(readonly key: string, readonly matcher: FilterMatcher, readonly registered: boolean) {
    this.bytes = GROUP_OVERHEAD_BYTES + key.length * 2 + matcher.bytes;
  }
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

/** A page being computed: stored only if no change it could miss arrived meanwhile; joined by the same URL until then. */
export interface PendingPage {
  readonly url: string;
  readonly group: FilterGroup;
  valid: boolean;
  result?: Promise<unknown>;
}

// Estimated bookkeeping per page and per filter (Map entries, objects), on top of the bytes of bodies, keys and the
// matchers' sets, erring on the safe side. Each product a page shows costs an entry in the index by product.
const PAGE_OVERHEAD_BYTES = 400;
const INDEXED_PRODUCT_BYTES = 250;
const GROUP_OVERHEAD_BYTES = 1000;
const URLS_CACHED_UP_TO = 1024;
// Filters (totals) take a tenth of the budget, pages the rest: a filter is a few hundred bytes, a page ten kilobytes.
const FILTERS_SHARE = 0.1;

export class GalleryPageCache {
  private readonly pages: SegmentedLru<CachedPage>;
  // A filter is kept on its own (its total outlives its pages, which every new product drops), in two segments too.
  private readonly groups: SegmentedLru<FilterGroup>;
  private readonly pagesByProduct = new Map<number, Set<string>>();
  private readonly pending = new Map<string, PendingPage>();

  constructor(budgetBytes: number) {
    const filterBytes = Math.floor(budgetBytes * FILTERS_SHARE);
    this.groups = new SegmentedLru<FilterGroup>(filterBytes, (_key, group) => this.evictGroup(group));
    this.pages = new SegmentedLru<CachedPage>(budgetBytes - filterBytes, (url, page) => this.forget(url, page));
  }

  get stats() {
    return {
      bytes: this.pages.bytes + this.groups.bytes,
      budgetBytes: this.pages.budgetBytes + this.groups.budgetBytes,
      pages: this.pages.size,
      filters: this.groups.size,
    };
  }

  /** The cached response for this URL (path and query string as sent), counted as a use. */
  lookup(url: string): CachedResponse | undefined {
    const page = this.pages.get(url);
    if (!page) return undefined;
    // A use of the page is a use of its filter: a filter evicted takes its pages with it.
    this.groups.get(page.group.key);
    return page.response;
  }

  /** The filter's group, made if new. caching false: a group of its own, never kept. */
  group(key: string, matcher: () => FilterMatcher, caching: boolean): FilterGroup {
    const known = caching ? this.groups.get(key) : undefined;
    if (known) return known;
    const group = new FilterGroup(key, matcher(), caching);
    if (caching && !this.groups.set(key, group)) group.dropped = true;
    return group;
  }

  /** The computation of this URL's page under way, if no change has made it stale since it began. */
  inFlight(url: string): Promise<unknown> | undefined {
    const pending = this.pending.get(url);
    return pending?.valid && !pending.group.dropped ? pending.result : undefined;
  }

  begin(url: string, group: FilterGroup): PendingPage {
    const pending: PendingPage = { url, group, valid: group.registered && url.length <= URLS_CACHED_UP_TO };
    if (pending.valid) {
      this.pending.set(url, pending);
      group.pending.add(pending);
    }
    return pending;
  }

  /** Keeps the page unless a change arrived while it was computed; the response is served either way. */
  finish(pending: PendingPage, response: CachedResponse, productIds: number[]): void {
    this.abandon(pending);
    const { url, group } = pending;
    if (!pending.valid || group.dropped) return;
    this.deletePage(url);
    const bytes = response.body.length + (url.length + response.etag.length) * 2 + productIds.length * INDEXED_PRODUCT_BYTES
      + PAGE_OVERHEAD_BYTES;
    if (!this.pages.set(url, { bytes, group, response, productIds })) return;
    group.pages.add(url);
    for (const id of productIds) {
      let urls = this.pagesByProduct.get(id);
      if (!urls) this.pagesByProduct.set(id, (urls = new Set()));
      urls.add(url);
    }
  }

  abandon(pending: PendingPage): void {
    if (this.pending.get(pending.url) === pending) this.pending.delete(pending.url);
    pending.group.pending.delete(pending);
  }

  apply(change: CatalogChange): void {
    if (change.scope !== 'products') {
      this.clear();
      return;
    }
    if (change.moved.length > 0 || change.movedThemes.length > 0) {
      for (const group of [...this.groups.values()]) {
        const { matcher } = group;
        const verdicts = change.moved.map((row) => matcher.row(row));
        if (change.movedThemes.some((theme) => matcher.theme(theme)) || verdicts.includes(undefined)) {
          this.dropGroup(group);
        } else if (verdicts.includes(true)) {
          group.total?.apply(change.tx, change.moved.reduce((sum, row, index) => sum + (verdicts[index] ? row.sign : 0), 0));
          this.dropPages(group);
        }
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
    for (const pending of this.pending.values()) {
      pending.valid = false;
      pending.group.pending.delete(pending);
    }
    this.pending.clear();
  }

  private dropGroup(group: FilterGroup): void {
    this.groups.delete(group.key);
    this.evictGroup(group);
  }

  private evictGroup(group: FilterGroup): void {
    group.dropped = true;
    this.dropPages(group);
  }

  /** The group's pages, cached or being computed: they show its total and its order. */
  private dropPages(group: FilterGroup): void {
    for (const url of [...group.pages]) this.deletePage(url);
    for (const pending of group.pending) {
      pending.valid = false;
      if (this.pending.get(pending.url) === pending) this.pending.delete(pending.url);
    }
    group.pending.clear();
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
  }
}
