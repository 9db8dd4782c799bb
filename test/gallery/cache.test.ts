import { expect } from 'chai';
import request from 'supertest';
import { buildApp } from '../../src/app';
import { loadFixture, loadReferenceData } from '../../src/seed/fixtures';
import { DATABASE_KIND } from '../helpers/database';
import { type TestRuntime, testRuntime } from '../helpers/runtime';
import { fixture } from './catalog-fixture';
import { type Client, whenCaching } from './helpers';

async function insertProduct(runtime: TestRuntime, themeId: number, formatId = 1): Promise<number> {
  const { rows: [row] } = await runtime.db.sql.query<{ id: number }>(
    "INSERT INTO products (name, theme_id, format_id, product_type_id) VALUES ('Новая', $1, $2, 1) RETURNING id", [themeId, formatId]);
  return row.id;
}

describe(`gallery cache (${DATABASE_KIND})`, () => {
  let runtime: TestRuntime;
  let client: Client;
  beforeEach(async () => {
    runtime = await testRuntime({ GALLERY_CACHE_BYTES: '100000' });
    await loadReferenceData(runtime.db);
    await loadFixture(runtime.db, fixture());
    client = request(buildApp(runtime).callback());
  });
  afterEach(() => runtime.dispose());

  it('answers a repeated request from memory with the same bytes and ETag, and 304 to a client that has them', async () => {
    const path = '/api/gallery2/product/?theme_cat=8';
    const first = await whenCaching(client, path);
    expect(first.headers['x-cache']).to.equal('MISS');
    const second = await client.get(path);
    expect(second.headers['x-cache']).to.equal('HIT');
    expect(second.text).to.equal(first.text);
    expect(second.headers.etag).to.equal(first.headers.etag);
    expect(second.headers['content-type']).to.match(/^application\/json/);
    const conditional = await client.get(path).set('If-None-Match', first.headers.etag);
    expect(conditional.status).to.equal(304);
    expect(conditional.headers['x-cache']).to.equal('HIT');
  });

  it('drops the pages and totals a new product can be in, and keeps those it cannot (other theme, other format)', async () => {
    const otherTheme = '/api/gallery2/product/?theme_cat=8'; // theme 3 only
    const otherFormat = '/api/gallery2/product/?fmt=2';
    const concerned = '/api/gallery2/product/?theme_cat=1'; // theme 1 (theme 4 is not approved)
    const before = await Promise.all([otherTheme, otherFormat, concerned].map((path) => whenCaching(client, path)));

    await insertProduct(runtime, 1, 1);
    const [theme, format, listed] = await Promise.all([otherTheme, otherFormat, concerned].map((path) => client.get(path)));
    expect(theme.headers['x-cache']).to.equal('HIT');
    expect(format.headers['x-cache']).to.equal('HIT');
    expect(listed.headers['x-cache']).to.equal('MISS');
    expect(listed.body.count).to.equal(before[2].body.count + 1);
  });

  it('keeps a search\'s total exact through new products, dropping its pages only for those it finds', async () => {
    const path = `/api/gallery2/product/?search=${encodeURIComponent('морская')}`;
    const counted = async () => (await runtime.db.sql.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM products WHERE theme_id IN (1, 2, 3) AND (name ILIKE '%морская%' OR description ILIKE '%морская%')")).rows[0].n;
    const before = await whenCaching(client, path);
    expect(before.body.count).to.equal(await counted());

    await runtime.db.sql.query("INSERT INTO products (name, theme_id, format_id, product_type_id) VALUES ('Горная книга', 1, 1, 1)");
    expect((await client.get(path)).headers['x-cache']).to.equal('HIT');
    await runtime.db.sql.query("INSERT INTO products (name, description, theme_id, format_id, product_type_id) VALUES ('Книга', 'МОРСКАЯ прогулка', 2, 1, 1)");
    await runtime.db.sql.query("INSERT INTO products (name, theme_id, format_id, product_type_id) VALUES ('Морская Волна', 3, 2, 1)");
    const after = await client.get(path);
    expect(after.headers['x-cache']).to.equal('MISS');
    expect(after.body.count).to.equal(before.body.count + 2);
    expect(after.body.count).to.equal(await counted());
    expect(after.body.results[0].name).to.equal('Морская Волна');
  });

  it('leaves every page alone when a product of an unapproved theme is added', async () => {
    const all = await whenCaching(client, '/api/gallery2/product/');
    await insertProduct(runtime, 4);
    const after = await client.get('/api/gallery2/product/');
    expect(after.headers['x-cache']).to.equal('HIT');
    expect(after.body.count).to.equal(all.body.count);
  });

  it('drops only the pages that show a product whose preview changed, and keeps the total', async () => {
    const firstPage = '/api/gallery2/product/?theme_cat=2&page=1';
    const secondPage = '/api/gallery2/product/?theme_cat=2&page=2';
    const shown = await whenCaching(client, firstPage);
    await whenCaching(client, secondPage);
    const productId = shown.body.results[0].id as number;

    await runtime.db.sql.query("UPDATE products SET preview_cover = 'products/new-preview.jpg' WHERE id = $1", [productId]);
    const [first, second] = await Promise.all([firstPage, secondPage].map((path) => client.get(path)));
    expect(first.headers['x-cache']).to.equal('MISS');
    expect(first.body.results[0].preview_cover).to.match(/products\/new-preview\.jpg$/);
    expect(first.body.count).to.equal(shown.body.count);
    // The second page shares the filter's cached total: it is still served from memory.
    expect(second.headers['x-cache']).to.equal('HIT');
  });

  it('keeps the hot pages through a flood of distinct searches, within its bytes', async () => {
    const hot = ['/api/gallery2/product/', '/api/gallery2/product/?fmt=1', '/api/gallery/product/?sort=top'];
    for (const path of hot) {
      await whenCaching(client, path);
      expect((await client.get(path)).headers['x-cache'], path).to.equal('HIT');
    }
    // About 1.5 kB of cache each: 300 of them are several times the 100 kB budget.
    const flood = Array.from({ length: 300 }, (_, index) => `/api/gallery2/product/?search=${encodeURIComponent(`поток ${index}`)}`);
    for (const path of flood) expect((await client.get(path)).headers['x-cache']).to.equal('MISS');

    for (const path of hot) expect((await client.get(path)).headers['x-cache'], path).to.equal('HIT');
    // The flood's first pages made room for its last ones.
    expect((await client.get(flood[0])).headers['x-cache']).to.equal('MISS');
  });

  it('follows a theme losing its approval, with every page and the metadata made again', async () => {
    const all = await whenCaching(client, '/api/gallery2/product/');
    await runtime.db.sql.query('UPDATE themes SET approved = false WHERE id = 3');
    const after = await client.get('/api/gallery2/product/');
    expect(after.headers['x-cache']).to.equal('MISS');
    expect(after.body.count).to.equal(all.body.count - 15);
  });
});
