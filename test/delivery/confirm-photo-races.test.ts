// What an order records for print is never deleted under it (issue 49, items 2, 3, 7): the retention sweep and a
// photo's turn racing the confirmation of a book that places the photo, each race window held open by a row lock of
// the test. PostgreSQL only: PGlite runs one transaction at a time.
import { expect } from 'chai';
import pg from 'pg';
import { processPhoto } from '../../src/worker/process-photo';
import { createDeliveryRepository } from '../../src/delivery/repository';
import { TEST_DATABASE_URL } from '../helpers/database';
import { type Checkout, checkout, courier } from '../checkout/checkout';
import { type Shopper, shopper } from '../orders/shop';
import { noiseImage } from '../themes/images';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const confirm = () => courier({ is_confirm: true });

describe('confirming a book while its photo is swept or turned (postgres only)', function () {
  this.timeout(60_000);
  let shop: Checkout;
  let holder: pg.Client;
  let counter = 0;

  before(async function () {
    if (!TEST_DATABASE_URL) this.skip();
    shop = await checkout();
    const { rows: [{ url }] } = await shop.runtime.db.sql.query<{ url: string }>('SELECT current_database() AS url');
    holder = new pg.Client({ connectionString: TEST_DATABASE_URL!.replace(/\/[^/]*$/, `/${url}`) });
    await holder.connect();
  });
  after(async () => {
    await holder?.end();
    await shop?.close();
  });

  /** A shopper's cart of one book whose page 1 places a processed photo of theirs. */
  const cartWithPhoto = async () => {
    const who: Shopper = await shopper(shop.runtime, `race${(counter += 1)}@example.com`);
    const setId = await shop.cartOf(who);
    const [{ layout_id: layoutId }] = await shop.rows('SELECT layout_id FROM orders WHERE order_set_id = $1', [setId]) as { layout_id: string }[];
    const upload = await shop.client.post('/api/or/photo/').set('Authorization', who.auth)
      .attach('files', await noiseImage(320 + counter, 200).jpeg().toBuffer(), { filename: 'p.jpg', contentType: 'image/jpeg' }).expect(200);
    const photoId = upload.body.photo_id as number;
    await processPhoto.handle({ photoId }, shop.runtime.jobContext);
    const block = {
      id: 'b1', type: 'PHOTO', theme_element_type: null, x: 0, y: 0, width: 100, height: 100, content_warp: { x: 0, y: 0, width: 100, height: 100 },
      content: { image: null, text: '', link: null, photo: { photo_id: photoId, crop: { x: 0, y: 0, width: 1, height: 1 }, rotation: 0, mirror: false } },
    };
    await shop.rows(`INSERT INTO layout_pages (layout_id, num, type, width_px, viewbox, blocks) VALUES ($1, 1, 'PAGE', 100, '{"width": 100, "height": 100}', $2::jsonb)`,
      [layoutId, JSON.stringify([block])]);
    await shop.rows('UPDATE layouts SET photo_ids = $2::jsonb WHERE id = $1', [layoutId, JSON.stringify([photoId])]);
    return { who, setId, layoutId, photoId };
  };

  /**
   * Backends of the service waiting on a lock, each with whether the test's transaction is what it waits for (the
   * text pg_stat_activity shows of a statement waiting on a row is not always that statement's).
   */
  const lockWaiters = async () => (await holder.query<{ pid: number; onTheTest: boolean }>(`
    SELECT pid, pg_backend_pid() = ANY(pg_blocking_pids(pid)) AS "onTheTest" FROM pg_stat_activity
     WHERE datname = current_database() AND pid <> pg_backend_pid() AND cardinality(pg_blocking_pids(pid)) > 0`)).rows;
  const until = async <T>(found: () => Promise<T | undefined>) => {
    for (;;) {
      const value = await found();
      if (value !== undefined) return value;
      await sleep(20);
    }
  };
  /** Whether every master the book's order recorded is stored. */
  const recordedMastersStored = async (layoutId: string) => {
    const recorded = await shop.rows('SELECT master_key FROM layout_print_photos WHERE layout_id = $1', [layoutId]) as { master_key: string }[];
    const stored = await Promise.all(recorded.map(async ({ master_key: key }) => Boolean(await shop.runtime.privateFiles.read(key).catch(() => undefined))));
    return { recorded: recorded.length, stored: stored.filter(Boolean).length };
  };

  it('refuses the set (409) when the sweep removed a photo its preflight counted: never confirmed with a record of a removed master', async () => {
    const { who, setId, layoutId, photoId } = await cartWithPhoto();
    await shop.client.patch('/photos/api/photo/destroy_many/').set('Authorization', who.auth).send({ photo_id_list: [photoId] }).expect(200);
    await shop.rows("UPDATE photos SET deleted_at = now() - interval '2 days' WHERE id = $1", [photoId]);
    // The sweep share-locks the book and then waits on the photo's row, which the test holds.
    await holder.query('BEGIN');
    await holder.query('SELECT id FROM photos WHERE id = $1 FOR UPDATE', [photoId]);
    const sweeping = shop.runtime.services.retention.sweepUnnamedFiles();
    const sweep = await until(async () => (await lockWaiters()).find((waiter) => waiter.onTheTest));
    const delivering = shop.client.post(`/api/merch/orderset/${setId}/delivery/`).set('Authorization', who.auth).send(confirm()).then((response) => response);
    // The confirmation meets the sweep's lock on the book (before or after it read the photo), then the test lets go.
    await until(async () => (await lockWaiters()).find((waiter) => waiter.pid !== sweep.pid));
    await holder.query('COMMIT');
    const [report, response] = await Promise.all([sweeping, delivering]);

    expect(report.hiddenPhotos.removed).to.equal(1);
    expect(response.status, JSON.stringify(response.body)).to.equal(409);
    expect(response.body.detail).to.match(/no longer in your library/);
    expect(await shop.rows('SELECT status FROM order_sets WHERE id = $1', [setId])).to.deep.equal([{ status: 'OPEN' }]);
    expect(await recordedMastersStored(layoutId)).to.deep.equal({ recorded: 0, stored: 0 });
  });

  it('keeps the master the order recorded when the photo is turned while the confirmation commits', async () => {
    const { who, setId, layoutId, photoId } = await cartWithPhoto();
    // The confirmation records the masters, then waits on the set's row, which the test holds.
    await holder.query('BEGIN');
    await holder.query('SELECT id FROM order_sets WHERE id = $1 FOR SHARE', [setId]);
    const confirming = shop.runtime.db.transaction((tx) => createDeliveryRepository(tx.sql).confirmOrderSet(setId));
    const confirm = await until(async () => (await lockWaiters()).find((waiter) => waiter.onTheTest));
    let turnedAnswer: number | undefined;
    const turning = shop.client.put('/api/photo/').set('Authorization', who.auth).send({ photo_id: photoId, angle: 90 })
      .then((response) => (turnedAnswer = response.status));
    // The turn either waits on the photo the confirmation read, or has run past it.
    await until(async () => (turnedAnswer ?? (await lockWaiters()).find((waiter) => waiter.pid !== confirm.pid)));
    await holder.query('COMMIT');
    await Promise.all([confirming, turning]);

    expect(turnedAnswer).to.equal(200);
    expect(await recordedMastersStored(layoutId)).to.deep.equal({ recorded: 1, stored: 1 });
  });
});
