// Files no row names, on a local S3 server that refuses DELETEs on request: what a write leaves behind is recorded in
// its transaction (the outbox of deletions) and deleted by a job once the store takes deletions again; a preview
// re-rendered meanwhile is rendered once; the daily sweep removes old files no row names and keeps the rest.
import { expect } from 'chai';
import request from 'supertest';
import { renderPreviews } from '../../src/worker/render-previews';
import { sweepUnnamedFiles } from '../../src/worker/sweep-unnamed-files';
import { buildApp } from '../../src/app';
import { loadFixture, loadReferenceData } from '../../src/seed/fixtures';
import { derivedKeys } from '../../src/media/images';
import type { SweepReport } from '../../src/retention/unnamed-files';
import { eventually, roleTokens, type RoleTokens } from '../admin/helpers';
import { DATABASE_KIND } from '../helpers/database';
import { jobsSettled } from '../helpers/jobs';
import { type TestRuntime, testRuntime } from '../helpers/runtime';
import { startS3Server, type TestS3Server } from '../helpers/s3-server';
import { jpeg } from '../themes/images';

const REFUSED = 1_000_000;

describe(`files no row names, on S3 (${DATABASE_KIND})`, () => {
  let s3: TestS3Server;
  let runtime: TestRuntime;
  let client: ReturnType<typeof request>;
  let auth: RoleTokens;

  const bucket = async (prefix: string) => (await s3.keys()).filter((key) => key.startsWith(`media/${prefix}`)).map((key) => key.slice('media/'.length));
  const outbox = async () => (await runtime.db.sql.query<{ key: string; attempts: number }>(
    'SELECT key, attempts FROM stored_file_deletions ORDER BY key')).rows;
  const previewOf = async (productId: number) =>
    (await runtime.db.sql.query<{ preview_cover: string | null }>('SELECT preview_cover FROM products WHERE id = $1', [productId])).rows[0].preview_cover;
  const withDerivatives = (key: string) => [key, ...derivedKeys(key)].sort();

  before(async () => {
    s3 = await startS3Server();
    // Retries a second apart: a job that failed would be seen failing again (and, before the outbox, rendering again) at once.
    runtime = await testRuntime({ ...s3.env(), S3_TIMEOUT_MS: '1500', JOB_RETRY_DELAY_SECONDS: '1', JOB_RETRY_BACKOFF: '0' }, undefined, s3);
    await loadReferenceData(runtime.db);
    await loadFixture(runtime.db, { themes: [{ id: 1, name: 'Море', approved: true }] });
    auth = await roleTokens(runtime);
    client = request(buildApp(runtime).callback());
    await runtime.queue.work(runtime.jobContext);
  });
  after(async () => {
    await runtime?.dispose();
    await s3?.close();
  });
  afterEach(() => s3.failNext(0));

  it('records a deleted element\'s files when the store refuses their deletion, and the job deletes them once it takes them', async () => {
    const element = (await client.post('/api/theme/1/up-element/').set('Authorization', auth.admin)
      .field('type', 'bg').attach('file', await jpeg(400, 300), 'bg.jpg')).body;
    const key = new URL(element.image).pathname.replace('/media/', '');
    expect(await bucket('themes/1/')).to.deep.equal(withDerivatives(key));

    s3.failNext(REFUSED, 'error', { method: 'DELETE' });
    expect((await client.delete(`/api/theme/1/element/${element.id}/`).set('Authorization', auth.admin)).status).to.equal(204);
    // The row is gone; its files are still stored, and recorded for deletion with the job that deletes them.
    expect(await bucket('themes/1/')).to.deep.equal(withDerivatives(key));
    expect((await outbox()).map((row) => row.key)).to.deep.equal(withDerivatives(key));
    const { rows: jobs } = await runtime.db.sql.query("SELECT id FROM pgboss.job WHERE name = 'delete-stored-files'");
    expect(jobs).to.have.length(1);
    // The job meets the refusing store too: it fails and is retried, and the rows stay.
    await eventually(outbox, (rows) => rows.every((row) => row.attempts >= 2));
    expect(await bucket('themes/1/')).to.deep.equal(withDerivatives(key));

    s3.failNext(0);
    expect(await eventually(outbox, (rows) => rows.length === 0)).to.deep.equal([]);
    expect(await bucket('themes/1/')).to.deep.equal([]);
  });

  it('renders a preview once when the replaced one cannot be deleted, and deletes that one once the store recovers', async () => {
    const product = (await client.post('/api/product/').set('Authorization', auth.admin)
      .send({ theme_id: 1, format_id: 3, product_type_id: 2, name: 'Море' })).body;
    const first = await eventually(() => previewOf(product.id), Boolean);
    await eventually(() => bucket(`products/${product.id}/`), (keys) => keys.length === 3);

    s3.failNext(REFUSED, 'error', { method: 'DELETE' });
    const id = await runtime.db.transaction((tx) => runtime.queue.enqueue(tx, renderPreviews, { productId: product.id }));
    // Done at its first attempt: a failed deletion no longer fails the job, whose retry would render another preview.
    expect((await jobsSettled(runtime.queue, [id])).get(id)!.ok).to.equal(true);
    const second = (await previewOf(product.id))!;
    expect(second).to.not.equal(first);
    expect(await bucket(`products/${product.id}/`)).to.deep.equal([...withDerivatives(first!), ...withDerivatives(second)].sort());
    expect((await outbox()).map((row) => row.key)).to.deep.equal(withDerivatives(first!));

    s3.failNext(0);
    await eventually(outbox, (rows) => rows.length === 0);
    expect(await bucket(`products/${product.id}/`)).to.deep.equal(withDerivatives(second));
  });

  describe('the sweep of unnamed files', () => {
    const DAY_MS = 24 * 3600 * 1000;
    const put = async (key: string, ageMs: number) => {
      await s3Put(key);
      if (ageMs > 0) s3.backdate(key, new Date(Date.now() - ageMs));
    };
    const s3Put = (key: string) => (key.startsWith('media/') ? runtime.media : runtime.privateFiles).put(key.replace(/^(media|private)\//, ''), Buffer.from(key));

    it('deletes old files no row names, and keeps named ones, young ones and folders it does not own', async () => {
      // Named: a theme element (with its derivatives) and a product's preview, both two days old.
      const element = (await client.post('/api/theme/1/up-element/').set('Authorization', auth.admin)
        .field('type', 'bg').attach('file', await jpeg(300, 300), 'bg.jpg')).body;
      const elementKey = new URL(element.image).pathname.replace('/media/', '');
      const product = (await runtime.db.sql.query<{ id: number; preview_cover: string }>(
        'SELECT id, preview_cover FROM products WHERE preview_cover IS NOT NULL ORDER BY id LIMIT 1')).rows[0];
      // Named only by a shopper's layout: an image in a block of one of its pages.
      const { rows: [layout] } = await runtime.db.sql.query<{ id: string }>(
        "INSERT INTO layouts (name, num_pages) VALUES ('Альбом', 1) RETURNING id");
      await runtime.db.sql.query(`INSERT INTO layout_pages (layout_id, num, type, width_px, viewbox, blocks) VALUES ($1, 1, 'PAGE', 100, '{"width": 100, "height": 100}',
        jsonb_build_array(jsonb_build_object('id', 'b', 'type', 'PHOTO', 'content', jsonb_build_object('image', 'themes/1/in-a-layout.jpg'))))`, [layout.id]);
      // Named: a print file of a set.
      const { rows: [set] } = await runtime.db.sql.query<{ id: number }>(
        "INSERT INTO order_sets (user_id, status) SELECT id, 'PAID' FROM users ORDER BY id LIMIT 1 RETURNING id");
      await runtime.db.sql.query(`INSERT INTO print_files (order_set_id, layout_id, part, storage_key, size_bytes, page_count, width_mm, height_mm)
        VALUES ($1, $2, 'interior', $3, 10, 1, 200, 200)`, [set.id, layout.id, `order-sets/${set.id}/named.pdf`]);

      const old = 2 * DAY_MS;
      for (const key of [...withDerivatives(elementKey), ...withDerivatives(product.preview_cover)]) s3.backdate(`media/${key}`, new Date(Date.now() - old));
      await put('media/themes/1/in-a-layout.jpg', old);
      await put(`private/order-sets/${set.id}/named.pdf`, old);
      // Unnamed and old: a preview whose clean-up failed, a derivative whose original is gone, a cut print file, a probe.
      await put('media/products/999/preview-lost.jpg', old);
      await put('media/themes/1/elements/gone.jpg_sm.jpg', old);
      await put(`private/order-sets/${set.id}/stale.pdf`, old);
      await put('private/startup-checks/left-by-a-crash', old);
      // Unnamed but young: being written, its row not committed yet.
      await put('media/products/999/preview-being-written.jpg', 0);
      await put('media/products/999/preview-an-hour-old.jpg', 3600 * 1000);
      // Outside the folders the service writes: never touched.
      await put('media/uploads/someone/photo.jpg', old);

      const before = await s3.keys();
      const report = await sweepUnnamedFiles.handle(null, runtime.jobContext) as SweepReport;
      const after = new Set(await s3.keys());
      expect(before.filter((key) => !after.has(key)).sort()).to.deep.equal([
        'media/products/999/preview-lost.jpg', 'media/themes/1/elements/gone.jpg_sm.jpg',
        `private/order-sets/${set.id}/stale.pdf`, 'private/startup-checks/left-by-a-crash',
      ]);
      expect(report.media).to.include({ deleted: 2, failed: 0, young: 2 });
      expect(report.private).to.include({ deleted: 2, failed: 0 });
      const kept = [...withDerivatives(elementKey), ...withDerivatives(product.preview_cover), 'themes/1/in-a-layout.jpg', 'products/999/preview-being-written.jpg',
        'products/999/preview-an-hour-old.jpg', 'uploads/someone/photo.jpg'].map((key) => `media/${key}`);
      expect(kept.filter((key) => !after.has(key))).to.deep.equal([]);
      expect(after.has(`private/order-sets/${set.id}/named.pdf`)).to.equal(true);
    });

    it('tries again a recorded deletion whose job gave up, and leaves a file it cannot delete for the next sweep', async () => {
      await put('media/products/998/preview-recorded.jpg', 2 * DAY_MS);
      await runtime.db.sql.query("INSERT INTO stored_file_deletions (key, recorded_at) VALUES ('products/998/preview-recorded.jpg', now() - interval '2 days')");
      await put('media/products/998/preview-lost.jpg', 2 * DAY_MS);
      s3.failNext(REFUSED, 'error', { method: 'DELETE' });
      const refused = await sweepUnnamedFiles.handle(null, runtime.jobContext) as SweepReport;
      expect(refused.leftoverDeletions).to.deep.equal({ deleted: 0, failed: 1 });
      expect(refused.media.failed).to.be.at.least(1);
      expect(await bucket('products/998/')).to.deep.equal(['products/998/preview-lost.jpg', 'products/998/preview-recorded.jpg']);

      s3.failNext(0);
      const swept = await sweepUnnamedFiles.handle(null, runtime.jobContext) as SweepReport;
      expect(swept.leftoverDeletions).to.deep.equal({ deleted: 1, failed: 0 });
      expect(await bucket('products/998/')).to.deep.equal([]);
      expect(await outbox()).to.deep.equal([]);
    });
  });
});
