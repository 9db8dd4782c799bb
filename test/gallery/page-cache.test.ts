import { expect } from 'chai';
import type { ProductAttributes } from '../../src/gallery/changes';
import { type FilterMatcher, GalleryPageCache } from '../../src/gallery/page-cache';

// A filter on themes and formats, as matcherFor() builds from a query.
const filterOn = (themes: number[], formats?: number[]): FilterMatcher => ({
  theme: (id) => themes.includes(id),
  row: (row) => themes.includes(row.themeId) && (!formats || formats.includes(row.formatId)),
});

const row = (themeId: number, formatId = 1): ProductAttributes => ({ themeId, formatId, productTypeId: 1, specialProject: null, templateCategories: [] });
const response = (text: string) => ({ body: Buffer.from(text), etag: `W/"${text.length}"` });

/** Stores a page of the filter as a request would: acquire, begin, finish, release. */
function store(cache: GalleryPageCache, url: string, filter: string, matcher: FilterMatcher, productIds: number[], body = 'x'.repeat(1000)) {
  const group = cache.acquire(filter, () => matcher, true);
  group.count ??= Promise.resolve(productIds.length);
  cache.finish(cache.begin(url, group), response(body), productIds);
  cache.release(group);
}

const products = (change: Partial<{ moved: ProductAttributes[]; movedThemes: number[]; shown: number[]; shownThemes: number[] }>) =>
  ({ scope: 'products' as const, moved: [], movedThemes: [], shown: [], shownThemes: [], ...change });

describe('gallery page cache', () => {
  let cache: GalleryPageCache;
  beforeEach(() => {
    cache = new GalleryPageCache(1_000_000);
    store(cache, '/a?page=1', 'theme=1', filterOn([1]), [1, 2]);
    store(cache, '/a?page=2', 'theme=1', filterOn([1]), [3, 4]);
    store(cache, '/b', 'theme=2&fmt=2', filterOn([2], [2]), [5, 6]);
  });

  it('drops a filter\'s pages and total when a row it lists moves, and nothing else', () => {
    cache.apply(products({ moved: [row(2, 1)] }));
    expect(cache.lookup('/b')).to.not.equal(undefined);
    cache.apply(products({ moved: [row(2, 2)] }));
    expect(cache.lookup('/b')).to.equal(undefined);
    expect(cache.lookup('/a?page=1')).to.not.equal(undefined);
    expect(cache.stats.filters).to.equal(1);
  });

  it('drops by theme when the change names themes only', () => {
    cache.apply(products({ movedThemes: [1] }));
    expect([cache.lookup('/a?page=1'), cache.lookup('/a?page=2')]).to.deep.equal([undefined, undefined]);
    expect(cache.lookup('/b')).to.not.equal(undefined);
  });

  it('drops only the pages showing a product whose preview changed, keeping the filter and its total', () => {
    cache.apply(products({ shown: [3] }));
    expect(cache.lookup('/a?page=2')).to.equal(undefined);
    expect(cache.lookup('/a?page=1')).to.not.equal(undefined);
    const group = cache.acquire('theme=1', () => filterOn([1]), true);
    expect(group.count).to.not.equal(undefined);
    cache.release(group);
  });

  it('does not keep a page computed while a change it could miss arrived', () => {
    const group = cache.acquire('theme=1', () => filterOn([1]), true);
    const moving = cache.begin('/a?page=3', group);
    cache.apply(products({ moved: [row(1)] }));
    cache.finish(moving, response('stale'), [7]);
    cache.release(group);
    expect(cache.lookup('/a?page=3')).to.equal(undefined);

    const other = cache.acquire('theme=2&fmt=2', () => filterOn([2], [2]), true);
    const showing = cache.begin('/b?page=2', other);
    cache.apply(products({ shown: [99] }));
    cache.finish(showing, response('stale'), [99]);
    cache.release(other);
    expect(cache.lookup('/b?page=2')).to.equal(undefined);
  });

  it('counts at least the bytes of bodies and keys, and stays within its budget', () => {
    const small = new GalleryPageCache(50_000);
    let bodies = 0;
    for (let index = 0; index < 200; index += 1) {
      const url = `/search?search=${index}`;
      store(small, url, `search=${index}`, filterOn([1]), [index], 'y'.repeat(900));
      bodies += 900 + url.length;
      expect(small.stats.bytes).to.be.at.most(50_000);
    }
    expect(small.stats.pages).to.be.greaterThan(0);
    expect(small.stats.bytes).to.be.at.least(small.stats.pages * 900);
    expect(bodies).to.be.greaterThan(50_000 * 3);
    // Filters whose pages were evicted are not kept either.
    expect(small.stats.filters).to.equal(small.stats.pages);
  });

  it('clears everything on a reference change', () => {
    cache.apply({ scope: 'reference' });
    expect(cache.stats).to.include({ pages: 0, filters: 0, bytes: 0 });
  });
});
