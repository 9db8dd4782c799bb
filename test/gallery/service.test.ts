import { expect } from 'chai';
import { loadFixture, loadReferenceData } from '../../src/catalog/fixtures';
import type { CatalogChangeFeed } from '../../src/gallery/change-feed';
import type { CatalogChange } from '../../src/gallery/changes';
import { createGalleryService, type GalleryService } from '../../src/gallery/service';
import { DATABASE_KIND } from '../helpers/database';
import { type TestRuntime, testRuntime } from '../helpers/runtime';
import { fixture } from './catalog-fixture';

/** A feed that is current and whose changes the test announces itself, at the exact moment it chooses. */
function announcingFeed() {
  const subscribers: ((change: CatalogChange) => void)[] = [];
  const feed = {
    current: true,
    behindLocalWrites: false,
    catchUp: async () => true,
    onChange: (subscriber: (change: CatalogChange) => void) => subscribers.push(subscriber),
  } as unknown as CatalogChangeFeed;
  return { feed, announce: (change: CatalogChange) => subscribers.forEach((subscriber) => subscriber(change)) };
}

describe(`gallery service and changes in flight (${DATABASE_KIND})`, () => {
  let runtime: TestRuntime;
  let gallery: GalleryService;
  let announce: (change: CatalogChange) => void;
  const render = (page: { count: number }) => ({ count: page.count });
  const list = (url: string, params = {}) => gallery.list({ url, params, page: undefined, pageSize: undefined }, true, render);

  before(async () => {
    runtime = await testRuntime();
    await loadReferenceData(runtime.db);
    await loadFixture(runtime.db, fixture());
    const announcing = announcingFeed();
    announce = announcing.announce;
    gallery = createGalleryService(runtime.db, announcing.feed, 1_000_000);
  });
  after(() => runtime.dispose());

  it('keeps nothing resolved from a snapshot that a reference change replaced while the request waited', async () => {
    await list('/first');
    expect(gallery.cached('/first')).to.not.equal(undefined);
    // The request gets the kept snapshot, then waits for its turn; the change comes in between.
    const answer = list('/second', { theme_cat: [1] });
    announce({ scope: 'reference' });
    expect((await answer).kind).to.equal('page');
    expect(gallery.cached('/second')).to.equal(undefined);
    await list('/second', { theme_cat: [1] });
    expect(gallery.cached('/second')).to.not.equal(undefined);
  });
});
