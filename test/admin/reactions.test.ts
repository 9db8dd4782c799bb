import { expect } from 'chai';
import pino from 'pino';
import request from 'supertest';
import { generateProducts } from '../../src/worker/generate-products';
import { renderPreviews } from '../../src/worker/render-previews';
import { buildApp } from '../../src/app';
import { loadFixture, loadReferenceData } from '../../src/seed/fixtures';
import { openPostgres } from '../../src/db/postgres';
import { openRuntime, type Runtime } from '../../src/runtime';
import { DATABASE_KIND } from '../helpers/database';
import { testConfig, type TestRuntime, testRuntime } from '../helpers/runtime';
import { jpeg, png } from '../themes/images';
import { eventually, jobStates, roleTokens, type RoleTokens, settled } from './helpers';
import { mediaExists, mediaFolder } from '../helpers/media';

type Client = ReturnType<typeof request>;

describe(`reactions to catalog changes (${DATABASE_KIND})`, () => {
  let runtime: TestRuntime;
  let client: Client;
  let auth: RoleTokens;

  const previewOf = async (productId: number) =>
    (await runtime.db.sql.query<{ preview_cover: string | null }>('SELECT preview_cover FROM products WHERE id = $1', [productId])).rows[0].preview_cover;
  const exists = (key: string) => mediaExists(runtime, key);
  const uploadCover = async (themeId: number, image: Buffer) => (await client.post(`/api/theme/${themeId}/up-element/`).set('Authorization', auth.admin)
    .field('type', 'cover').field('cover_type', 'FRONT_COVER_BACKGROUND').attach('file', image, 'front.png')).body;
  const createProduct = async (themeId: number) => (await client.post('/api/product/').set('Authorization', auth.admin)
    .send({ theme_id: themeId, format_id: 1, product_type_id: 1, name: `Книга ${themeId}` })).body;

  before(async () => {
    runtime = await testRuntime();
    await loadReferenceData(runtime.db);
    await loadFixture(runtime.db, { themes: [{ id: 1, name: 'Первая', approved: true }, { id: 2, name: 'Вторая', approved: false }] });
    auth = await roleTokens(runtime);
    client = request(buildApp(runtime).callback());
  });
  after(() => runtime.dispose());

  it('renders no preview for products loaded from a fixture', async () => {
    await loadFixture(runtime.db, { products: [{ id: 900, name: 'Из фикстуры', theme_id: 1, format_id: 1, product_type_id: 1 }] });
    expect(await jobStates(runtime, 'render-previews')).to.deep.equal([]);
  });

  it('renders a product again when its theme\'s front cover changes, and updates its layout\'s cover', async () => {
    await uploadCover(1, await jpeg(600, 600));
    const product = await createProduct(1);
    await runtime.queue.work(runtime.jobContext);
    const first = await eventually(() => previewOf(product.id), Boolean);
    const element = await uploadCover(1, await png(700, 700));
    const second = await eventually(() => previewOf(product.id), (key) => key !== first);
    expect(second).to.not.equal(first);
    await eventually(() => jobStates(runtime, 'render-previews'), settled);
    expect(await Promise.all([first!, `${first}_sm.jpg`, `${first}_md.jpg`].map(exists))).to.deep.equal([false, false, false]);
    expect(await mediaFolder(runtime, `products/${product.id}`)).to.have.length(3);
    const layout = (await client.get(`/api/ua/layout/product/${product.id}/`).set('Authorization', auth.admin)).body;
    const background = layout.pages[0].blocks.find((block: { theme_element_type: string }) => block.theme_element_type === 'FRONT_COVER_BACKGROUND');
    expect(background.content.image).to.equal(element.image);

    expect((await client.delete(`/api/theme/1/element/${element.id}/`).set('Authorization', auth.admin)).status).to.equal(204);
    const third = await eventually(() => previewOf(product.id), (key) => key !== second);
    expect(third).to.not.equal(second);
    const after = (await client.get(`/api/ua/layout/product/${product.id}/`).set('Authorization', auth.admin)).body;
    expect(after.pages[0].blocks[0].content.image).to.not.equal(element.image);
  });

  it('never deletes a preview another product still shows', async () => {
    const product = await createProduct(1);
    const shared = await eventually(() => previewOf(product.id), Boolean);
    await runtime.db.sql.query(`INSERT INTO products (name, theme_id, format_id, product_type_id, layout_id, preview_cover)
      SELECT 'Массовый', theme_id, format_id, product_type_id, layout_id, preview_cover FROM products WHERE id = $1`, [product.id]);
    await runtime.db.transaction((tx) => runtime.queue.enqueue(tx, renderPreviews, { productId: product.id }));
    await eventually(() => previewOf(product.id), (key) => key !== shared);
    await eventually(() => jobStates(runtime, 'render-previews'), settled);
    expect(await Promise.all([shared!, `${shared}_sm.jpg`, `${shared}_md.jpg`].map(exists))).to.deep.equal([true, true, true]);
  });

  it('leaves no orphan file when two runs of the same job render at once', async () => {
    const product = await createProduct(1);
    await eventually(() => previewOf(product.id), Boolean);
    await Promise.all([1, 2, 3].map(() => renderPreviews.handle({ productId: product.id }, runtime.jobContext)));
    const files = await mediaFolder(runtime, `products/${product.id}`);
    expect(files).to.have.length(3);
    expect(files.map((file) => `products/${product.id}/${file}`)).to.include(await previewOf(product.id));
  });

  it('generates a theme\'s products once when several generation jobs run at once', async () => {
    await runtime.db.sql.query('UPDATE themes SET approved = true WHERE id = 2');
    const context = runtime.jobContext;
    // On the server each run has its own connection from the pool, so the runs really overlap.
    await Promise.all([1, 2, 3, 4].map(() => generateProducts.handle({ themeId: 2 }, context)));
    const { rows } = await runtime.db.sql.query<{ format_id: number }>('SELECT format_id FROM products WHERE theme_id = 2 ORDER BY format_id');
    expect(rows.map((row) => row.format_id)).to.deep.equal([1, 2, 3, 4, 5]);
  });

  if (DATABASE_KIND === 'postgres') {
    it('generates once when two worker processes share the database and approvals come in quick succession', async () => {
      await loadFixture(runtime.db, { themes: [{ id: 3, name: 'Третья', approved: false }] });
      const second: Runtime = await openRuntime(testConfig({ DATA_DIR: runtime.config.dataDir }), pino({ level: 'silent' }), openPostgres(runtime.db.connectionString!, 4));
      try {
        await second.queue.work(second.jobContext);
        await Promise.all([1, 2, 3, 4].map(() => client.patch('/api/theme/3/').set('Authorization', auth.admin).send({ approved: true })));
        await eventually(() => jobStates(runtime, 'generate-products'), settled);
        const { rows } = await runtime.db.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM products WHERE theme_id = 3');
        expect(rows[0].n).to.equal(5);
      } finally {
        await second.close();
      }
    });
  }
});
