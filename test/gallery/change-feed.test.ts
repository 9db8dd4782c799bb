import { expect } from 'chai';
import pino from 'pino';
import type { Database, NotificationHandlers } from '../../src/db/database';
import { CatalogChangeFeed } from '../../src/gallery/change-feed';
import type { CatalogChange } from '../../src/gallery/changes';
import { loadFixture, loadReferenceData } from '../../src/seed/fixtures';
import { DATABASE_KIND } from '../helpers/database';
import { type TestRuntime, testRuntime } from '../helpers/runtime';
import { fixture } from './catalog-fixture';

const silent = pino({ level: 'silent' });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(condition: () => boolean, what: string, ms = 3000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await sleep(5);
  }
}

/**
 * A channel whose delivery the test controls, standing in for the database connection so that a stuck or lost
 * connection can be played out exactly; the feed under test is the real one.
 */
function controlledChannel() {
  const state = { delivering: true, handlers: undefined as NotificationHandlers | undefined, sent: 0, reconnects: 0 };
  const db = {
    writes: { count: 0 },
    listen(_channel: string, handlers: NotificationHandlers) {
      state.handlers = handlers;
      setImmediate(() => handlers.listening());
      return {
        async notify(payload: string) {
          state.sent += 1;
          if (state.delivering) setImmediate(() => handlers.notification(payload));
        },
        reconnect() {
          state.reconnects += 1;
          handlers.interrupted(new Error('replaced'));
          setImmediate(() => handlers.listening());
        },
        async close() {},
      };
    },
  } as unknown as Database;
  return { db, state };
}

describe('catalog change feed', () => {
  it('is current once its first ping returns, and announces that anything may have changed', async () => {
    const { db } = controlledChannel();
    const feed = new CatalogChangeFeed(db, 200, silent);
    const changes: CatalogChange[] = [];
    feed.onChange((change) => changes.push(change));
    expect(feed.current).to.equal(false);
    await until(() => feed.current, 'current');
    expect(changes).to.deep.equal([{ scope: 'everything' }]);
    await feed.close();
  });

  it('stops being current when no ping has come back for its maximum staleness, and recovers', async () => {
    const { db, state } = controlledChannel();
    const feed = new CatalogChangeFeed(db, 200, silent);
    const changes: CatalogChange[] = [];
    feed.onChange((change) => changes.push(change));
    await until(() => feed.current, 'current');
    state.delivering = false;
    const stuckAt = Date.now();
    const sentBefore = state.sent;
    await until(() => !feed.current, 'stale');
    // Pings go every 50 ms; the last one returned at most 50 ms before delivery stopped.
    expect(Date.now() - stuckAt).to.be.at.most(400);
    expect(changes.at(-1)).to.deep.equal({ scope: 'everything' });
    // The silent connection is replaced, and heartbeats wait for the one ping out instead of piling up.
    expect(state.reconnects).to.be.at.least(1);
    await sleep(600);
    // About one per staleness period (200 ms) in those 800 ms, where one per heartbeat (50 ms) would be 16.
    expect(state.sent - sentBefore).to.be.at.most(10);
    state.delivering = true;
    await until(() => feed.current, 'current again');
    await feed.close();
  });

  it('stops being current at once when the listening connection is lost', async () => {
    const { db, state } = controlledChannel();
    const feed = new CatalogChangeFeed(db, 10_000, silent);
    await until(() => feed.current, 'current');
    state.handlers!.interrupted(new Error('connection lost'));
    expect(feed.current).to.equal(false);
    await feed.close();
  });

  it('catches up with a write of its own process before the cache is used again', async () => {
    const { db } = controlledChannel();
    const feed = new CatalogChangeFeed(db, 10_000, silent);
    await until(() => feed.current, 'current');
    await feed.catchUp();
    expect(feed.behindLocalWrites).to.equal(false);
    db.writes.count += 1;
    expect(feed.behindLocalWrites).to.equal(true);
    expect(await feed.catchUp()).to.equal(true);
    expect(feed.behindLocalWrites).to.equal(false);
    await feed.close();
  });

  it('reports a catch-up it cannot complete as false', async () => {
    const { db, state } = controlledChannel();
    const feed = new CatalogChangeFeed(db, 200, silent);
    await until(() => feed.current, 'current');
    state.delivering = false;
    db.writes.count += 1;
    expect(await feed.catchUp()).to.equal(false);
    await feed.close();
  });

  describe(`on the database (${DATABASE_KIND})`, () => {
    let runtime: TestRuntime;
    before(async () => {
      runtime = await testRuntime();
    });
    after(() => runtime.dispose());

    it('delivers a product write as the attributes of the row, in this process before the next request', async () => {
      const feed = runtime.catalogChanges;
      const changes: CatalogChange[] = [];
      feed.onChange((change) => changes.push(change));
      await until(() => feed.current, 'current');
      await loadReferenceData(runtime.db);
      await loadFixture(runtime.db, fixture());
      if (feed.behindLocalWrites) expect(await feed.catchUp()).to.equal(true);
      changes.length = 0;
      await runtime.db.sql.query(
        "INSERT INTO products (name, theme_id, format_id, product_type_id, template_categories) VALUES ('Новая', 1, 1, 1, '{bigphoto}')");
      if (feed.behindLocalWrites) expect(await feed.catchUp()).to.equal(true);
      expect(changes).to.have.length(1);
      const { tx, ...change } = changes[0] as CatalogChange & { tx: number };
      expect(tx).to.be.a('number');
      expect(change).to.deep.equal({
        scope: 'products', moved: [{ themeId: 1, formatId: 1, productTypeId: 1, specialProject: null, templateCategories: ['bigphoto'], sign: 1, searchable: { name: 'новая', description: '' } }],
        movedThemes: [], shown: [], shownThemes: [],
      });
    });
  });
});
