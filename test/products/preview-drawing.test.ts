// The render-previews job holds more previews than a process draws at once (src/jobs/render-previews.ts): the
// drawing and storing of previews is limited to PREVIEWS_DRAWN_AT_ONCE, however many renders run.
import { expect } from 'chai';
import pino from 'pino';
import type { MediaStorage } from '../../src/media/storage';
import { createProductPreviews, PREVIEWS_DRAWN_AT_ONCE } from '../../src/products/preview-service';
import { seedDemoCatalog } from '../../src/seed/demo';
import { DATABASE_KIND } from '../helpers/database';
import { type TestRuntime, testRuntime } from '../helpers/runtime';

describe(`previews drawn at once (${DATABASE_KIND})`, () => {
  let runtime: TestRuntime;
  before(async () => {
    runtime = await testRuntime();
  });
  after(() => runtime.dispose());

  it(`draws and stores at most ${PREVIEWS_DRAWN_AT_ONCE} previews at once, as many as that side by side`, async () => {
    await seedDemoCatalog(runtime, 2);
    const products = (await runtime.db.sql.query<{ id: number }>('SELECT id FROM products ORDER BY id')).rows.map((row) => row.id);
    expect(products.length).to.be.above(2 * PREVIEWS_DRAWN_AT_ONCE);
    // The media storage, with each preview file's write slowed and the writes in progress counted: a drawing place
    // writes its files one after another, so writes at once are drawing places in use.
    let writing = 0;
    let most = 0;
    const media: MediaStorage = Object.create(runtime.media);
    media.put = async (key, data) => {
      if (!key.startsWith('products/')) return runtime.media.put(key, data);
      writing += 1;
      most = Math.max(most, writing);
      try {
        await new Promise((resolve) => setTimeout(resolve, 20));
        return await runtime.media.put(key, data);
      } finally {
        writing -= 1;
      }
    };
    const previews = createProductPreviews({ db: runtime.db, media, deletions: runtime.services.deletions, log: pino({ level: 'silent' }) });
    await Promise.all(products.map((id) => previews.render(id)));
    expect(most).to.equal(PREVIEWS_DRAWN_AT_ONCE);
    const { rows: [{ missing }] } = await runtime.db.sql.query<{ missing: number }>('SELECT count(*)::int AS missing FROM products WHERE preview_cover IS NULL');
    expect(missing).to.equal(0);
  });
});
