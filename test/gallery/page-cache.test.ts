import { expect } from 'chai';
import type { ProductVersion } from '../../src/gallery/changes';
import { type FilterMatcher, GalleryPageCache } from '../../src/gallery/page-cache';
import { Total } from '../../src/gallery/total';

// A filter on themes and formats, as matcherFor() builds from a query; unsure: a search that cannot tell.
const filterOn = (themes: number[], formats?: number[], unsure = false): FilterMatcher => ({
  bytes: 0,
  theme: (id) => themes.includes(id),
  row: (row) => {
    const listed = themes.includes(row.themeId) && (!formats || formats.includes(row.formatId));
    return listed && unsure ? undefined : listed;
  },
});

const row = (themeId: number, formatId = 1, sign: 1 | -1 = 1): ProductVersion =>
  ({ themeId, formatId, productTypeId: 1, specialProject: null, templateCategories: [], sign, searchable: undefined });
const response = (text: string) => ({ body: Buffer.from(text), etag: `W/"${text.length}"` });

/** Stores a page of the filter as a request would: acquire, begin, finish, release. */
function store(cache: GalleryPageCache, url: string, filter: string, matcher: FilterMatcher, productIds: number[], body = 'x'.repeat(1000)) {
  const group = cache.group(filter, () => matcher, true);
  // Counted by transaction 100 (snapshot 100:100:, which sees every transaction below 100).
  group.total ??= new Total(Promise.resolve({ total: 10, snapshot: '100:100:' }));
  cache.finish(cache.begin(url, group), response(body), productIds);
}

const products = (change: Partial<{ tx: number; moved: ProductVersion[]; movedThemes: number[]; shown: number[]; shownThemes: number[] }>) =>
  ({ scope: 'products' as const, tx: 200, moved: [], movedThemes: [], shown: [], shownThemes: [], ...change });

const totalOf = async (cache: GalleryPageCache, key: string, matcher: FilterMatcher) => {
  const group = cache.group(key, () => matcher, true);
  return group.total ? group.total.current() : undefined;
};

describe('gallery page cache', () => {
  let cache: GalleryPageCache;
  beforeEach(() => {
    cache = new GalleryPageCache(1_000_000);
    store(cache, '/a?page=1', 'theme=1', filterOn([1]), [1, 2]);
    store(cache, '/a?page=2', 'theme=1', filterOn([1]), [3, 4]);
    store(cache, '/b', 'theme=2&fmt=2', filterOn([2], [2]), [5, 6]);
    store(cache, '/s', 'search=x', filterOn([2], undefined, true), [7]);
  });

  it('drops a filter\'s pages when a row it lists moves, and corrects its total by the change', async () => {
    cache.apply(products({ moved: [row(2, 1)] }));
    expect(cache.lookup('/b')).to.not.equal(undefined);
    cache.apply(products({ moved: [row(2, 2), row(2, 2), row(2, 2, -1)] }));
    expect(cache.lookup('/b')).to.equal(undefined);
    expect(cache.lookup('/a?page=1')).to.not.equal(undefined);
    expect(await totalOf(cache, 'theme=2&fmt=2', filterOn([2], [2]))).to.equal(11);
  });

  it('leaves a total alone for a change its count already saw', async () => {
    cache.apply(products({ tx: 99, moved: [row(1)] }));
    expect(cache.lookup('/a?page=1')).to.equal(undefined);
    expect(await totalOf(cache, 'theme=1', filterOn([1]))).to.equal(10);
  });

  it('drops the total and pages of a filter that cannot tell whether it lists the row', () => {
    cache.apply(products({ moved: [row(2, 5)] }));
    expect(cache.lookup('/s')).to.equal(undefined);
    expect(cache.stats.filters).to.equal(2);
  });

  it('drops by theme when the change names themes only', () => {
    cache.apply(products({ movedThemes: [1] }));
    expect([cache.lookup('/a?page=1'), cache.lookup('/a?page=2')]).to.deep.equal([undefined, undefined]);
    expect(cache.lookup('/b')).to.not.equal(undefined);
    expect(cache.stats.filters).to.equal(2);
  });

  it('drops only the pages showing a product whose preview changed, keeping the filter and its total', () => {
    cache.apply(products({ shown: [3] }));
    expect(cache.lookup('/a?page=2')).to.equal(undefined);
    expect(cache.lookup('/a?page=1')).to.not.equal(undefined);
    expect(cache.group('theme=1', () => filterOn([1]), true).total).to.not.equal(undefined);
  });

  it('does not keep a page computed while a change it could miss arrived', () => {
    const group = cache.group('theme=1', () => filterOn([1]), true);
    const moving = cache.begin('/a?page=3', group);
    cache.apply(products({ moved: [row(1)] }));
    cache.finish(moving, response('stale'), [7]);
    expect(cache.lookup('/a?page=3')).to.equal(undefined);

    const other = cache.group('theme=2&fmt=2', () => filterOn([2], [2]), true);
    const showing = cache.begin('/b?page=2', other);
    cache.apply(products({ shown: [99] }));
    cache.finish(showing, response('stale'), [99]);
    expect(cache.lookup('/b?page=2')).to.equal(undefined);
  });

  it('lets a request join the page being made for its URL, until a change makes that page stale', () => {
    const group = cache.group('theme=1', () => filterOn([1]), true);
    const making = cache.begin('/a?page=9', group);
    making.result = Promise.resolve('the page');
    expect(cache.inFlight('/a?page=9')).to.equal(making.result);
    expect(cache.inFlight('/a?page=8')).to.equal(undefined);
    cache.apply(products({ moved: [row(1)] }));
    expect(cache.inFlight('/a?page=9')).to.equal(undefined);
  });

  it('counts at least the bytes of bodies and keys, and stays within its budget', () => {
    const small = new GalleryPageCache(200_000);
    let bodies = 0;
    for (let index = 0; index < 700; index += 1) {
      const url = `/search?search=${index}`;
      store(small, url, `search=${index}`, filterOn([1]), [index], 'y'.repeat(900));
      bodies += 900 + url.length;
      expect(small.stats.bytes).to.be.at.most(200_000);
    }
    expect(small.stats.pages).to.be.greaterThan(0);
    expect(small.stats.bytes).to.be.at.least(small.stats.pages * 900);
    expect(bodies).to.be.greaterThan(200_000 * 3);
    // Filters are bounded too, within a tenth of the budget.
    expect(small.stats.filters * 1000).to.be.at.most(20_000);
  });

  it('clears everything on a reference change', () => {
    cache.apply({ scope: 'reference' });
    expect(cache.stats).to.include({ pages: 0, filters: 0, bytes: 0 });
  });
});
