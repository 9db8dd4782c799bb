import { expect } from 'chai';
import request from 'supertest';
import { buildApp } from '../../src/app';
import { loadFixture, loadReferenceData } from '../../src/seed/fixtures';
import { createValidator } from '../../src/http/validation';
import { DATABASE_KIND } from '../helpers/database';
import { type TestRuntime, testRuntime } from '../helpers/runtime';
import { fixture } from './catalog-fixture';
import type { Client } from './helpers';

describe(`gallery metadata, categories and caching (${DATABASE_KIND})`, () => {
  let runtime: TestRuntime;
  let client: Client;
  before(async () => {
    runtime = await testRuntime();
    await loadReferenceData(runtime.db);
    await loadFixture(runtime.db, fixture());
    client = request(buildApp(runtime).callback());
  });
  after(() => runtime.dispose());

  it('lists every filter\'s choices in Russian by default, with integer and string ids as specified', async () => {
    const response = await client.get('/api/gallery/meta/');
    expect(response.status).to.equal(200);
    expect(createValidator(runtime.schemas).errorsOf('gallery-meta.json', response.body)).to.equal(null);
    const meta = response.body;
    expect(meta.theme_color.map((item: { id: number }) => item.id)).to.deep.equal([1, 2, 3, 4]);
    expect(meta.product_type.map((item: { id: number }) => item.id)).to.deep.equal([1, 2, 3, 4]);
    expect(meta.theme_cat.map((item: { id: number }) => item.id)).to.deep.equal([1, 2, 3, 4, 5, 6, 7]);
    expect(meta.theme_style.map((item: { id: number }) => item.id)).to.deep.equal([1, 2, 3]);
    expect(meta.fmt).to.deep.equal([
      { id: 1, name: '15x15' }, { id: 2, name: '20x20' }, { id: 3, name: '30x20' }, { id: 4, name: '20x30' }, { id: 5, name: '30x30' },
    ]);
    expect(meta.fmt_orient.map((item: { id: string }) => item.id).sort()).to.deep.equal(['HORIZONTAL', 'SQUARE', 'VERTICAL']);
    expect(meta.template_cat.map((item: { id: string }) => item.id).sort()).to.deep.equal(
      ['bigphoto', 'notext', 'shorttext', 'smallphoto', 'variablephoto', 'withtext']);
    expect(meta.theme_author).to.deep.equal([{ id: 1, name: 'Анна' }, { id: 2, name: 'Иван' }]);
    expect(meta.theme_cat[0]).to.deep.equal({ id: 1, name: 'Свадьба' });
    expect(response.headers.vary).to.match(/Accept-Language/);
  });

  it('speaks English for Accept-Language: en (and variants), Russian otherwise', async () => {
    for (const header of ['en', 'en-US,en;q=0.9', 'de, en-GB;q=0.5']) {
      const response = await client.get('/api/gallery/meta/').set('Accept-Language', header);
      expect(response.body.theme_cat[0], header).to.deep.equal({ id: 1, name: 'Wedding' });
      expect(response.body.theme_author[0]).to.deep.equal({ id: 1, name: 'Anna' });
    }
    for (const header of ['ru', 'de', 'ru;q=0.9, en;q=0.5', '*']) {
      const response = await client.get('/api/gallery/meta/').set('Accept-Language', header);
      expect(response.body.theme_cat[0], header).to.deep.equal({ id: 1, name: 'Свадьба' });
    }
  });

  it('an empty author list is a valid metadata answer', async () => {
    const empty = await testRuntime();
    try {
      await loadReferenceData(empty.db);
      const response = await request(buildApp(empty).callback()).get('/api/gallery/meta');
      expect(response.status).to.equal(200);
      expect(response.body.theme_author).to.deep.equal([]);
    } finally {
      await empty.dispose();
    }
  });

  it('lists the 16 theme categories by id as a plain array, localized', async () => {
    const russian = await client.get('/api/gallery2/themecategory/');
    expect(russian.status).to.equal(200);
    expect(russian.body).to.be.an('array').with.length(16);
    expect(russian.body.map((item: { id: number }) => item.id)).to.deep.equal(Array.from({ length: 16 }, (_, index) => index + 1));
    expect(russian.body[7]).to.deep.equal({ id: 8, name: 'Новорождённые' });
    const english = await client.get('/api/gallery2/themecategory').set('Accept-Language', 'en');
    expect(english.body[7]).to.deep.equal({ id: 8, name: 'Newborn' });
  });

  it('answers a conditional request with 304 until the catalog changes, and counts a new product at once', async () => {
    const path = '/api/gallery2/product/?fmt=1&theme_cat=2';
    const first = await client.get(path);
    expect(first.headers.etag).to.match(/^W\/"/);
    expect(first.headers['cache-control']).to.equal('public, no-cache');
    const unchanged = await client.get(path).set('If-None-Match', first.headers.etag);
    expect(unchanged.status).to.equal(304);
    expect(unchanged.text).to.equal('');

    const product = await runtime.db.transaction((tx) =>
      runtime.services.products.create(tx, { name: 'Новинка', themeId: 1, formatId: 1, productTypeId: 1 }));
    const changed = await client.get(path).set('If-None-Match', first.headers.etag);
    expect(changed.status).to.equal(200);
    expect(changed.headers.etag).not.to.equal(first.headers.etag);
    expect(changed.body.count).to.equal(first.body.count + 1);
    expect(changed.body.results[0].id).to.equal(product.id);

    await runtime.db.sql.query('DELETE FROM products WHERE id = $1', [product.id]);
    expect((await client.get(path)).body.count).to.equal(first.body.count);
  });

  it('follows a theme losing its approval and a category link being added', async () => {
    const before = (await client.get('/api/gallery2/product/?theme_cat=8')).body.count;
    await runtime.db.sql.query('INSERT INTO theme_category_links (theme_id, category_id) VALUES (1, 8)');
    const linked = (await client.get('/api/gallery2/product/?theme_cat=8')).body.count;
    expect(linked).to.equal(before + 15);
    await runtime.db.sql.query('UPDATE themes SET approved = false WHERE id = 1');
    expect((await client.get('/api/gallery2/product/?theme_cat=8')).body.count).to.equal(before);
    await runtime.db.sql.query('UPDATE themes SET approved = true WHERE id = 1');
    await runtime.db.sql.query('DELETE FROM theme_category_links WHERE theme_id = 1 AND category_id = 8');
  });

  it('gives metadata an ETag per language', async () => {
    const russian = await client.get('/api/gallery/meta/');
    const english = await client.get('/api/gallery/meta/').set('Accept-Language', 'en');
    expect(russian.headers.etag).not.to.equal(english.headers.etag);
    const again = await client.get('/api/gallery/meta/').set('If-None-Match', russian.headers.etag);
    expect(again.status).to.equal(304);
  });

  it('describes all four endpoints in the OpenAPI document, with their parameters', async () => {
    const document = (await client.get('/openapi.json')).body;
    for (const path of ['/api/gallery/product/', '/api/gallery/meta/', '/api/gallery2/product/', '/api/gallery2/themecategory/']) {
      expect(document.paths, path).to.have.property(path);
    }
    const v2 = document.paths['/api/gallery2/product/'].get;
    const names = v2.parameters.map((parameter: { name: string }) => parameter.name);
    expect(names).to.include.members(['page', 'page_size', 'special_project', 'fmt', 'fmt_orient', 'theme_cat', 'search', 'sort', 'template_cat']);
    expect(v2.responses['200'].content['application/json'].schema.$ref).to.equal('#/components/schemas/gallery2-product-list');
    const v1 = document.paths['/api/gallery/product/'].get;
    expect(v1.parameters.map((parameter: { name: string }) => parameter.name)).not.to.include('special_project');
    const fmt = v1.parameters.find((parameter: { name: string }) => parameter.name === 'fmt');
    expect(fmt.schema.$ref).to.equal('#/components/schemas/gallery-filter/$defs/ids');
  });
});
