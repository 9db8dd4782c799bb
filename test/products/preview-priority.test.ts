// A preview someone waits for goes ahead of bulk renders (issue 34): a product an administrator creates while the
// demo's previews are being drawn is among the next previews the worker starts, and the demo's previews still all follow.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'chai';
import { renderPreviews } from '../../src/jobs/render-previews';
import { bossPriority } from '../../src/queue/priority';
import { seedBulkProducts } from '../../src/seed/bulk';
import { seedDemoCatalog } from '../../src/seed/demo';
import { DATABASE_KIND } from '../helpers/database';
import { queueDrained } from '../helpers/jobs';
import { type TestRuntime, testRuntime } from '../helpers/runtime';

describe(`preview priority (${DATABASE_KIND})`, () => {
  // The render-previews jobs a worker process holds at once.
  const AT_ONCE = renderPreviews.atOnce!;
  let runtime: TestRuntime;
  beforeEach(async () => {
    runtime = await testRuntime();
  });
  afterEach(() => runtime.dispose());

  it('renders a product created through the API ahead of the demo\'s queued previews, then every demo preview', async () => {
    await seedDemoCatalog(runtime, 2);
    const demoProducts = (await runtime.db.sql.query<{ id: number }>('SELECT id FROM products ORDER BY id')).rows.map((row) => row.id);
    // The worker's first demo previews are held until the administrator's product exists.
    const rendered: number[] = [];
    let release!: () => void;
    const released = new Promise<void>((resolve) => { release = resolve; });
    let firstBatchStarted!: () => void;
    const firstBatch = new Promise<void>((resolve) => { firstBatchStarted = resolve; });
    const render = async (productId: number) => {
      rendered.push(productId);
      if (rendered.length <= AT_ONCE) {
        if (rendered.length === AT_ONCE) firstBatchStarted();
        await released;
      }
      return runtime.services.productPreviews.render(productId);
    };
    await runtime.queue.work({ ...runtime.jobContext, productPreviews: { render } });
    await firstBatch;
    const product = await runtime.services.productsAdmin.create({ theme_id: 1, format_id: 2, product_type_id: 1, name: 'Waited for' });
    release();
    await queueDrained(runtime.queue);

    expect(rendered.slice(0, AT_ONCE)).to.satisfy((ids: number[]) => ids.every((id) => demoProducts.includes(id)));
    expect(rendered.slice(AT_ONCE, 2 * AT_ONCE)).to.include(product.id);
    expect(rendered).to.have.members([...demoProducts, product.id]);
    const { rows: [{ missing }] } = await runtime.db.sql.query<{ missing: number }>('SELECT count(*)::int AS missing FROM products WHERE preview_cover IS NULL');
    expect(missing).to.equal(0);
  });

  it('queues a new front cover\'s re-render of a theme\'s first ten products as waited for, and of its bulk copies as bulk', async () => {
    await seedDemoCatalog(runtime, 1);
    await seedBulkProducts(runtime.db, 15);
    await runtime.db.sql.query('DELETE FROM pgboss.job');
    const file = path.join(runtime.config.dataDir, 'cover.jpg');
    const { rows: [element] } = await runtime.db.sql.query<{ image: string }>(
      "SELECT image FROM theme_elements WHERE theme_id = 1 AND element_type = 'FRONT_COVER_BACKGROUND'");
    await writeFile(file, await runtime.media.read(element.image));
    await runtime.services.themes.addElement(1, { elementType: 'FRONT_COVER_BACKGROUND', imageType: '', position: 'UNIVERSAL', format: 'UNIVERSAL', isPattern: false, scale: 100 }, file);

    const { rows } = await runtime.db.sql.query<{ product_id: number; priority: number }>(
      "SELECT (data->>'productId')::int AS product_id, priority FROM pgboss.job WHERE name = 'render-previews' ORDER BY product_id");
    const products = (await runtime.db.sql.query<{ id: number }>('SELECT id FROM products WHERE theme_id = 1 ORDER BY id')).rows.map((row) => row.id);
    expect(rows.map((row) => row.product_id)).to.deep.equal(products);
    expect(rows.slice(0, 10).map((row) => row.priority)).to.deep.equal(Array(10).fill(bossPriority({ priority: 'normal' })));
    expect(rows.slice(10).map((row) => row.priority)).to.deep.equal(Array(5).fill(bossPriority({ priority: 'bulk' })));
  });
});
