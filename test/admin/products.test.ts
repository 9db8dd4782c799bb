import { expect } from 'chai';
import sharp from 'sharp';
import request from 'supertest';
import { renderPreviews } from '../../src/worker/render-previews';
import { buildApp } from '../../src/app';
import { loadFixture, loadReferenceData } from '../../src/seed/fixtures';
import { createValidator, type Validator } from '../../src/http/validation';
import { DATABASE_KIND } from '../helpers/database';
import { type TestRuntime, testRuntime } from '../helpers/runtime';
import { jpeg } from '../themes/images';
import { eventually, roleTokens, type RoleTokens } from './helpers';
import { mediaExists, mediaFolder } from '../helpers/media';

type Client = ReturnType<typeof request>;

describe(`product administration (${DATABASE_KIND})`, () => {
  let runtime: TestRuntime;
  let client: Client;
  let auth: RoleTokens;
  let validator: Validator;
  let frontCover: string;

  const count = async (table: string) => (await runtime.db.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0].n;
  const create = (body: object, who = auth.admin) => client.post('/api/product/').set('Authorization', who).send(body);
  const valid = { theme_id: 1, format_id: 3, product_type_id: 2, name: 'Фотокнига «Море» 30x20', description: 'Лето', special_project: 'summer' };
  const product = async (id: number) => (await client.get(`/api/product/${id}/`).set('Authorization', auth.admin)).body;
  const exists = (key: string) => mediaExists(runtime, key);

  before(async () => {
    runtime = await testRuntime();
    await loadReferenceData(runtime.db);
    await loadFixture(runtime.db, { themes: [{ id: 1, name: 'Море', approved: true }] });
    auth = await roleTokens(runtime);
    client = request(buildApp(runtime).callback());
    validator = createValidator(runtime.schemas);
    for (const [type, fields] of [['FRONT_COVER_BACKGROUND', { type: 'cover', cover_type: 'FRONT_COVER_BACKGROUND' }], ['PAGE_BACKGROUND', { type: 'bg' }]] as const) {
      let call = client.post('/api/theme/1/up-element/').set('Authorization', auth.admin);
      for (const [name, value] of Object.entries(fields)) call = call.field(name, value);
      const element = await call.attach('file', await jpeg(900, 600), `${type}.jpg`);
      if (type === 'FRONT_COVER_BACKGROUND') frontCover = new URL(element.body.image).pathname.replace('/media/', '');
    }
    await runtime.queue.work(runtime.jobContext);
  });
  after(() => runtime.dispose());

  it('creates a product with a full layout from the theme\'s images and schemes that fit its format', async () => {
    const response = await create(valid);
    expect(response.status, JSON.stringify(response.body)).to.equal(201);
    expect(validator.errorsOf('product-admin.json', response.body)).to.equal(null);
    expect(response.body).to.include({ theme_id: 1, format_id: 3, product_type_id: 2, name: valid.name, special_project: 'summer' });
    const layout = (await client.get(`/api/ua/layout/product/${response.body.id}/`).set('Authorization', auth.admin)).body;
    expect(layout.id).to.equal(response.body.layout_id);
    expect(layout.pages).to.have.length(11);
    const [cover, ...pages] = layout.pages;
    const background = cover.blocks.find((block: { type: string }) => block.type === 'BACKGROUND');
    expect(background.theme_element_type).to.equal('FRONT_COVER_BACKGROUND');
    expect(new URL(background.content.image).pathname).to.equal(`/media/${frontCover}`);
    expect(cover.blocks.find((block: { type: string }) => block.type === 'TEXT').content.text).to.equal(valid.name);
    for (const page of pages) {
      expect(page.template.width * 2).to.equal(page.template.height * 3);
      expect(page.blocks[0].theme_element_type).to.equal('PAGE_BACKGROUND');
      expect(page.blocks.slice(1).length).to.be.greaterThan(0);
    }
  });

  it('renders its preview: the cover at the format\'s proportions, with _sm.jpg and _md.jpg beside it', async () => {
    const created = (await create({ ...valid, name: 'Превью' })).body;
    const done = await eventually(() => product(created.id), (body) => body.preview_cover !== null);
    const key = new URL(done.preview_cover).pathname.replace('/media/', '');
    expect(key).to.match(new RegExp(`^products/${created.id}/preview-[0-9a-f-]+\\.jpg$`));
    const metadata = await sharp(await runtime.media.read(key)).metadata();
    expect([metadata.format, metadata.width, metadata.height]).to.deep.equal(['jpeg', 600, 400]);
    for (const suffix of ['_sm.jpg', '_md.jpg']) expect(await exists(key + suffix), suffix).to.equal(true);
    const served = await client.get(`/media/${key}_sm.jpg`);
    expect(served.status).to.equal(200);
    expect(served.type).to.equal('image/jpeg');
  });

  it('refuses bad input with 400 and creates nothing', async () => {
    const before = { products: await count('products'), layouts: await count('layouts'), jobs: await count('pgboss.job') };
    const cases: [object, string][] = [
      [{ ...valid, theme_id: 999 }, 'theme_id'], [{ ...valid, format_id: 99 }, 'format_id'], [{ ...valid, product_type_id: 99 }, 'product_type_id'],
      [{ ...valid, name: '' }, 'name'], [{ ...valid, theme_id: '1' }, 'theme_id'], [{ ...valid, special_project: 'new year!' }, 'special_project'],
      [{ ...valid, popularity: 5 }, 'non_field_errors'], [{ theme_id: 1 }, 'format_id'], [{ ...valid, format_id: 2 ** 40 }, 'format_id'],
      [{ ...valid, name: 'Книга\u0001' }, 'name'], [{ ...valid, description: 'NUL \u0000' }, 'description'],
    ];
    for (const [body, field] of cases) {
      const response = await create(body);
      expect(response.status, JSON.stringify(body)).to.equal(400);
      expect(response.body, JSON.stringify(body)).to.have.property(field);
    }
    expect({ products: await count('products'), layouts: await count('layouts'), jobs: await count('pgboss.job') }).to.deep.equal(before);
  });

  it('is for administrators; moderators may read', async () => {
    const id = (await create({ ...valid, name: 'Роли' })).body.id;
    expect((await client.post('/api/product/').send(valid)).status).to.equal(401);
    expect((await create(valid, auth.moderator)).status).to.equal(403);
    expect((await create(valid, auth.user)).status).to.equal(403);
    expect((await client.get(`/api/product/${id}/`).set('Authorization', auth.moderator)).status).to.equal(200);
    expect((await client.get(`/api/product/${id}/`).set('Authorization', auth.user)).status).to.equal(403);
    expect((await client.patch(`/api/product/${id}/`).set('Authorization', auth.moderator).send({ name: 'X' })).status).to.equal(403);
    expect((await client.delete(`/api/product/${id}/`).set('Authorization', auth.moderator)).status).to.equal(403);
    expect((await client.get('/api/product/')).status).to.equal(401);
    expect((await client.get('/api/product/').set('Authorization', auth.user)).status).to.equal(403);
    const list = await client.get('/api/product/?theme_id=1').set('Authorization', auth.moderator);
    expect(validator.errorsOf('product-admin-list.json', list.body)).to.equal(null);
    expect(list.body.count).to.equal(await count('products WHERE theme_id = 1'));
  });

  it('never answers 500 when a theme is deleted while a product of it is being made', async () => {
    for (let attempt = 0; attempt < 8; attempt += 1) {
      const theme = (await client.post('/api/theme/').set('Authorization', auth.admin).send({ name: `Гонка ${attempt}` })).body;
      const [created, deleted] = await Promise.all([
        create({ ...valid, theme_id: theme.id, name: `Гонка ${attempt}` }),
        client.delete(`/api/theme/${theme.id}/`).set('Authorization', auth.admin),
      ]);
      expect([[201, 409], [400, 204]], `${created.status} ${deleted.status}`).to.deep.include([created.status, deleted.status]);
    }
  });

  it('draws the preview of a product whose name has characters SVG cannot hold', async () => {
    await runtime.db.sql.query("UPDATE products SET name = 'Книга' || chr(8) || '«<&>»' WHERE id = (SELECT max(id) FROM products)");
    const { rows: [last] } = await runtime.db.sql.query<{ id: number }>('SELECT max(id) AS id FROM products');
    await runtime.db.sql.query('UPDATE products SET preview_cover = NULL WHERE id = $1', [last.id]);
    await runtime.db.transaction((tx) => runtime.queue.enqueue(tx, renderPreviews, { productId: last.id }));
    const done = await eventually(() => product(last.id), (body) => body.preview_cover !== null);
    expect(done.preview_cover).to.be.a('string');
  });

  it('changes a product\'s fields but never its theme or format', async () => {
    const id = (await create({ ...valid, name: 'Старое' })).body.id;
    const changed = await client.patch(`/api/product/${id}/`).set('Authorization', auth.admin).send({ name: 'Новое', popularity: 7, special_project: null });
    expect(changed.status).to.equal(200);
    expect(changed.body).to.include({ name: 'Новое', popularity: 7, special_project: null, format_id: 3 });
    for (const body of [{ theme_id: 2 }, { format_id: 1 }, { product_type_id: 99 }, { popularity: -1 }, {}]) {
      expect((await client.patch(`/api/product/${id}/`).set('Authorization', auth.admin).send(body)).status, JSON.stringify(body)).to.equal(400);
    }
    expect((await product(id)).name).to.equal('Новое');
    const layout = (await client.get(`/api/ua/layout/product/${id}/`).set('Authorization', auth.admin)).body;
    expect(layout.pages[0].blocks.find((block: { type: string }) => block.type === 'TEXT').content.text).to.equal('Новое');
    const { rows } = await runtime.db.sql.query("SELECT 1 FROM pgboss.job WHERE name = 'render-previews' AND data->>'productId' = $1", [String(id)]);
    expect(rows).to.have.length(2);
    expect((await client.patch('/api/product/999999/').set('Authorization', auth.admin).send({ name: 'X' })).status).to.equal(404);
  });

  it('deletes a product with its layout and preview, but keeps what another product shares', async () => {
    const created = (await create({ ...valid, name: 'Удаляемое' })).body;
    const done = await eventually(() => product(created.id), (body) => body.preview_cover !== null);
    const key = new URL(done.preview_cover).pathname.replace('/media/', '');
    // A bulk product, as the bulk seed makes them: the same layout and preview.
    await runtime.db.sql.query(`INSERT INTO products (name, theme_id, format_id, product_type_id, layout_id, preview_cover)
      SELECT 'Копия', theme_id, format_id, product_type_id, layout_id, preview_cover FROM products WHERE id = $1`, [created.id]);
    expect((await client.delete(`/api/product/${created.id}/`).set('Authorization', auth.admin)).status).to.equal(204);
    expect(await exists(key)).to.equal(true);
    expect(await count(`layouts WHERE id = '${created.layout_id}'`)).to.equal(1);

    const { rows: [copy] } = await runtime.db.sql.query<{ id: number }>("SELECT id FROM products WHERE name = 'Копия'");
    expect((await client.delete(`/api/product/${copy.id}/`).set('Authorization', auth.admin)).status).to.equal(204);
    expect(await Promise.all([key, `${key}_sm.jpg`, `${key}_md.jpg`].map(exists))).to.deep.equal([false, false, false]);
    expect(await count(`layouts WHERE id = '${created.layout_id}'`)).to.equal(0);
    expect(await mediaFolder(runtime, `products/${created.id}`)).to.deep.equal([]);
    expect((await client.delete(`/api/product/${copy.id}/`).set('Authorization', auth.admin)).status).to.equal(404);
  });
});
