import { expect } from 'chai';
import { loadFixture, loadReferenceData } from '../../src/seed/fixtures';
import type { CatalogChangeFeed } from '../../src/gallery/change-feed';
import type { CatalogChange } from '../../src/gallery/changes';
import { databaseUrlOn, runAdminStatement } from '../../src/db/admin';
import { openPostgres } from '../../src/db/postgres';
import { createGalleryService, type GalleryService } from '../../src/gallery/service';
import { caseFoldingAgrees } from '../../src/gallery/snapshot';
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
    expect((await answer).etag).to.be.a('string');
    expect(gallery.cached('/second')).to.equal(undefined);
    await list('/second', { theme_cat: [1] });
    expect(gallery.cached('/second')).to.not.equal(undefined);
  });
});

// A server database made with a C ctype lower-cases ASCII letters only: ILIKE then finds "морская" in "морская" but
// not in "МОРСКАЯ", and the gallery must not decide that for the database.
if (DATABASE_KIND === 'postgres') {
  describe('gallery on a database whose locale folds only ASCII letters', () => {
    let runtime: TestRuntime;
    before(async () => {
      runtime = await testRuntime();
    });
    const name = `pb_c_locale_${process.pid}`;
    const admin = process.env.TEST_DATABASE_URL!;
    after(async () => {
      await runtime.dispose();
      await runAdminStatement(admin, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    });

    it('tells that it folds case otherwise than JavaScript, so that searches are counted again there', async () => {
      await runAdminStatement(admin, `CREATE DATABASE ${name} TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C' LC_CTYPE 'C'`);
      const db = openPostgres(databaseUrlOn(admin, name), 2);
      try {
        expect(await caseFoldingAgrees(db)).to.equal(false);
        expect(await caseFoldingAgrees(runtime.db)).to.equal(true);
      } finally {
        await db.close();
      }
    });
  });
}
