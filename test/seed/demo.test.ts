import { expect } from 'chai';
import sharp from 'sharp';
import { renderPreviews } from '../../src/worker/render-previews';
import { seedBulkProducts } from '../../src/seed/bulk';
import { seedDemoCatalog } from '../../src/seed/demo';
import { derivedKeys } from '../../src/media/images';
import { DATABASE_KIND } from '../helpers/database';
import { jobsSettled, queueDrained } from '../helpers/jobs';
import { mediaExists } from '../helpers/media';
import { type TestRuntime, testRuntime } from '../helpers/runtime';

describe(`demo catalog (${DATABASE_KIND})`, () => {
  let runtime: TestRuntime;
  before(async () => {
    runtime = await testRuntime();
  });
  after(() => runtime.dispose());

  it('creates themes with drawn images, categories and products in every format with full layouts', async () => {
    expect(await seedDemoCatalog(runtime, 2)).to.equal(10);
    const { rows: themes } = await runtime.db.sql.query<{ id: number; approved: boolean; categories: number; products: number }>(
      `SELECT t.id, t.approved, (SELECT count(*)::int FROM theme_category_links l WHERE l.theme_id = t.id) AS categories,
              (SELECT count(*)::int FROM products p WHERE p.theme_id = t.id) AS products FROM themes t ORDER BY t.id`,
    );
    // Two approved themes with products, and two waiting for approval (approving one generates its products).
    expect(themes.map((theme) => [theme.approved, theme.products])).to.deep.equal([[true, 5], [true, 5], [false, 0], [false, 0]]);
    for (const theme of themes) expect(theme.categories).to.be.greaterThan(0);
    const { rows: elements } = await runtime.db.sql.query<{ element_type: string; image: string; width: number; height: number }>(
      'SELECT element_type, image, width, height FROM theme_elements ORDER BY id',
    );
    expect(elements).to.have.length(16);
    expect(new Set(elements.map((element) => element.element_type))).to.deep.equal(
      new Set(['FRONT_COVER_BACKGROUND', 'BACK_COVER_BACKGROUND', 'SPINE_BACKGROUND', 'PAGE_BACKGROUND']),
    );
    for (const element of elements) {
      const metadata = await sharp(await runtime.media.read(element.image)).metadata();
      expect([metadata.width, metadata.height]).to.deep.equal([element.width, element.height]);
      for (const key of derivedKeys(element.image)) expect(await mediaExists(runtime, key), key).to.equal(true);
    }
    const { rows: products } = await runtime.db.sql.query<{ format_id: number; num_pages: number; pages: number; categories: string[]; page_categories: string[] }>(`
      SELECT p.format_id, l.num_pages, p.template_categories AS categories,
             (SELECT count(*)::int FROM layout_pages lp WHERE lp.layout_id = l.id) AS pages,
             (SELECT array_agg(DISTINCT t.category_id ORDER BY t.category_id) FROM layout_pages lp JOIN templates t ON t.id = lp.template_id
              WHERE lp.layout_id = l.id AND lp.type = 'PAGE') AS page_categories
      FROM products p JOIN layouts l ON l.id = p.layout_id AND l.product_id = p.id`);
    expect(products).to.have.length(10);
    expect(new Set(products.map((product) => product.format_id))).to.deep.equal(new Set([1, 2, 3, 4, 5]));
    for (const product of products) {
      expect(product.pages).to.equal(11);
      expect(product.num_pages).to.equal(11);
      expect(product.categories).to.deep.equal(product.page_categories);
    }
  });

  it('enqueues a preview for every product, and the worker renders each in its format\'s proportions', async () => {
    expect(await runtime.queue.pendingCount()).to.equal(10);
    await runtime.queue.work(runtime.jobContext);
    await queueDrained(runtime.queue);
    const { rows } = await runtime.db.sql.query<{ preview_cover: string | null; width_cm: number; height_cm: number }>(
      'SELECT p.preview_cover, f.width_cm, f.height_cm FROM products p JOIN formats f ON f.id = p.format_id',
    );
    for (const row of rows) {
      expect(row.preview_cover).to.match(/^products\/\d+\/preview-[0-9a-f-]+\.jpg$/);
      const metadata = await sharp(await runtime.media.read(row.preview_cover!)).metadata();
      expect(metadata.format).to.equal('jpeg');
      expect(Math.max(metadata.width!, metadata.height!)).to.equal(600);
      expect(metadata.width! / metadata.height!).to.be.closeTo(row.width_cm / row.height_cm, 0.01);
    }
  });

  it('does nothing when the database already has products', async () => {
    expect(await seedDemoCatalog(runtime, 2)).to.equal(0);
  });

  it('bulk-loads products that share their exemplars\' layouts and previews', async () => {
    expect(await seedBulkProducts(runtime.db, 123)).to.equal(113);
    expect(await seedBulkProducts(runtime.db, 50)).to.equal(0);
    const { rows: [summary] } = await runtime.db.sql.query<{ total: number; names: number; layouts: number; without_preview: number }>(`
      SELECT count(*)::int AS total, count(DISTINCT name)::int AS names, count(DISTINCT layout_id)::int AS layouts,
             count(*) FILTER (WHERE preview_cover IS NULL)::int AS without_preview FROM products`);
    expect(summary).to.deep.equal({ total: 123, names: 123, layouts: 10, without_preview: 0 });
    expect(await runtime.queue.pendingCount()).to.equal(0);
  });

  it('fails only the failing jobs: the others enqueued with them complete', async () => {
    // One theme's front cover no longer decodes: its products' previews fail; the other theme's products render.
    const { rows: [broken] } = await runtime.db.sql.query<{ theme_id: number }>('SELECT min(theme_id) AS theme_id FROM products');
    const { rows: covers } = await runtime.db.sql.query<{ image: string }>(
      "SELECT image FROM theme_elements WHERE element_type = 'FRONT_COVER_BACKGROUND' AND theme_id = $1", [broken.theme_id]);
    for (const cover of covers) await runtime.media.put(cover.image, Buffer.from('not an image any more'));
    const { rows: products } = await runtime.db.sql.query<{ id: number; theme_id: number; preview_cover: string }>(
      'SELECT id, theme_id, preview_cover FROM products WHERE layout_id IN (SELECT id FROM layouts WHERE product_id = products.id) ORDER BY id');
    expect(new Set(products.map((product) => product.theme_id)).size).to.equal(2);
    // Enqueued together, they run side by side in the worker's places.
    const ids = await runtime.db.transaction((tx) =>
      Promise.all(products.map((product) => runtime.queue.enqueue(tx, renderPreviews, { productId: product.id }))));
    const outcomes = await jobsSettled(runtime.queue, ids);
    const { rows: jobs } = await runtime.db.sql.query<{ id: string; state: string; output: { message?: string } | null }>(
      'SELECT id, state, output FROM pgboss.job WHERE id = ANY($1)', [ids]);
    for (const [index, product] of products.entries()) {
      const job = jobs.find((row) => row.id === ids[index])!;
      const { rows: [now] } = await runtime.db.sql.query<{ preview_cover: string }>('SELECT preview_cover FROM products WHERE id = $1', [product.id]);
      if (product.theme_id === broken.theme_id) {
        expect([outcomes.get(job.id)!.ok, job.state], `product ${product.id}`).to.deep.equal([false, 'retry']);
        expect(job.output!.message).to.match(/unsupported image format|Input buffer/i);
        expect(now.preview_cover).to.equal(product.preview_cover);
      } else {
        expect([outcomes.get(job.id)!.ok, job.state], `product ${product.id}`).to.deep.equal([true, 'completed']);
        expect(now.preview_cover).not.to.equal(product.preview_cover);
      }
    }
  });
});
