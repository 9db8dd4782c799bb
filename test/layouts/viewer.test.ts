import { expect } from 'chai';
import request from 'supertest';
import sharp from 'sharp';
import { createUrlSigner } from '../../src/http/signed-url';
import { type BrowserWorld, browserWorld } from '../helpers/browser';
import { DATABASE_KIND } from '../helpers/database';
import { TEST_JWT_SECRET } from '../helpers/runtime';
import { type LayoutTestUsers, layoutTestUsers, seedLayoutCatalog } from './catalog';

interface LayoutRef { id: string; hash: string; pages: number }

describe(`the layout viewer (${DATABASE_KIND})`, () => {
  let world: BrowserWorld;
  let users: LayoutTestUsers;
  let client: ReturnType<typeof request>;
  let publicLayout: LayoutRef;
  let hiddenLayout: LayoutRef;
  let ownLayout: LayoutRef;

  const layoutRef = async (id: string): Promise<LayoutRef> => {
    const { rows: [row] } = await world.runtime.db.sql.query<{ hash: string; pages: number }>(
      'SELECT hash, (SELECT count(*)::int FROM layout_pages WHERE layout_id = l.id) AS pages FROM layouts l WHERE id = $1', [id]);
    return { id, ...row };
  };
  const productLayout = async (productId: number) => layoutRef((await world.runtime.db.sql.query<{ layout_id: string }>(
    'SELECT layout_id FROM products WHERE id = $1', [productId])).rows[0].layout_id);
  const imageCount = (html: string) => (html.match(/<img /g) ?? []).length;

  before(async () => {
    let catalog!: Awaited<ReturnType<typeof seedLayoutCatalog>>;
    world = await browserWorld({
      prepare: async (runtime) => {
        catalog = await seedLayoutCatalog(runtime);
        users = await layoutTestUsers(runtime);
      },
    });
    client = request(world.base);
    publicLayout = await productLayout(catalog.products[0]);
    hiddenLayout = await productLayout(catalog.hiddenProduct);
    const copy = await client.post('/api/ua/layout/').set('Authorization', users.owner.auth).send({ product_id: catalog.products[0] });
    expect(copy.status).to.equal(201);
    ownLayout = await layoutRef(copy.body.id);
  });
  after(() => world?.close());

  it('shows a product of an approved theme to anyone: name, format, page count, one image per page, cover first', async () => {
    const response = await client.get(`/layout/${publicLayout.hash}/`);
    expect(response.status).to.equal(200);
    expect(response.type).to.equal('text/html');
    expect(imageCount(response.text)).to.equal(publicLayout.pages);
    expect(response.text).to.match(/class="page-count">\d+</);
    expect(response.text.indexOf('page/0.jpg')).to.be.lessThan(response.text.indexOf('page/1.jpg'));
    expect(response.headers['content-security-policy']).to.include("default-src 'none'");
  });

  it('hides a product of an unapproved theme from shoppers, shows it to moderators', async () => {
    expect((await client.get(`/layout/${hiddenLayout.hash}/`)).status).to.equal(404);
    expect((await client.get(`/layout/${hiddenLayout.hash}/`).set('Authorization', users.owner.auth)).status).to.equal(404);
    expect((await client.get(`/layout/${hiddenLayout.hash}/page/0.jpg`)).status).to.equal(404);
    expect((await client.get(`/layout/${hiddenLayout.hash}/`).set('Authorization', users.moderator.auth)).status).to.equal(200);
  });

  it('shows a shopper\'s layout to its owner, moderators and administrators only', async () => {
    const as = (auth?: string) => {
      const call = client.get(`/layout/${ownLayout.hash}/`);
      return (auth ? call.set('Authorization', auth) : call).then((response) => response.status);
    };
    expect(await as()).to.equal(404);
    expect(await as(users.other.auth)).to.equal(404);
    expect(await as(users.owner.auth)).to.equal(200);
    expect(await as(users.moderator.auth)).to.equal(200);
    expect(await as(users.admin.auth)).to.equal(200);
    expect((await client.get(`/layout/${ownLayout.hash}/page/1.jpg`).set('Authorization', users.other.auth)).status).to.equal(404);
  });

  it('opens a private layout through a signed link, never through a tampered or expired one', async () => {
    expect((await client.get(`/api/ua/layout/${ownLayout.id}/viewer/`).set('Authorization', users.other.auth)).status).to.equal(404);
    const link = await client.get(`/api/ua/layout/${ownLayout.id}/viewer/`).set('Authorization', users.owner.auth);
    expect(link.status).to.equal(200);
    const url = new URL(link.body.url);
    expect(url.pathname).to.equal(`/layout/${ownLayout.hash}/`);
    const page = await client.get(url.pathname + url.search);
    expect(page.status).to.equal(200);
    expect(imageCount(page.text)).to.equal(ownLayout.pages);
    const image = page.text.match(/src="([^"]+)"/)![1].replace(/&#38;/g, '&');
    expect((await client.get(`/layout/${ownLayout.hash}/${image}`)).status).to.equal(200);

    const sig = url.searchParams.get('sig')!;
    const tampered = `${sig.slice(0, -2)}${sig.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await client.get(url.pathname).query({ expires: url.searchParams.get('expires'), sig: tampered })).status).to.equal(404);
    expect((await client.get(url.pathname).query({ expires: String(Number(url.searchParams.get('expires')) + 60), sig })).status).to.equal(404);
    // Signed with the server's key, but an hour and a half ago: expired half an hour ago.
    const past = createUrlSigner(TEST_JWT_SECRET, 'layout viewer', () => Date.now() - 5400_000).sign(url.pathname, 3600);
    expect((await client.get(`${url.pathname}?${past}`)).status).to.equal(404);
    // A link to another layout opens only that one.
    expect((await client.get(`/layout/${hiddenLayout.hash}/${url.search}`)).status).to.equal(404);
  });

  it('draws page images at the width asked, cached by ETag, with a bounded width', async () => {
    const response = await client.get(`/layout/${publicLayout.hash}/page/1.jpg?width=320`).buffer(true);
    expect(response.status).to.equal(200);
    expect(response.type).to.equal('image/jpeg');
    expect((await sharp(response.body as Buffer).metadata()).width).to.equal(320);
    const etag = response.headers.etag;
    expect(etag).to.be.a('string');
    expect((await client.get(`/layout/${publicLayout.hash}/page/1.jpg?width=320`).set('If-None-Match', etag)).status).to.equal(304);
    expect((await client.get(`/layout/${publicLayout.hash}/page/1.jpg?width=640`).set('If-None-Match', etag)).status).to.equal(200);
    const tooWide = await client.get(`/layout/${publicLayout.hash}/page/1.jpg?width=5000`);
    expect(tooWide.status).to.equal(400);
    expect(tooWide.body).to.have.property('width');
    expect((await client.get(`/layout/${publicLayout.hash}/page/999.jpg`)).status).to.equal(404);
    expect((await client.get(`/layout/${publicLayout.hash}/page/x.jpg`)).status).to.equal(404);
  });

  it('loads in Chromium: as many images as pages, each decoded', async () => {
    const link = await client.get(`/api/ua/layout/${ownLayout.id}/viewer/`).set('Authorization', users.owner.auth);
    const page = await world.browser.newPage();
    try {
      const response = await page.goto(link.body.url, { waitUntil: 'load' });
      expect(response?.status()).to.equal(200);
      // Lazy images below the fold are asked for now; decode() rejects an image that does not decode.
      await page.evaluate("Promise.all([...document.images].map((image) => { image.loading = 'eager'; return image.decode(); }))");
      const widths = await page.evaluate('[...document.images].map((image) => image.naturalWidth)') as number[];
      expect(widths).to.have.length(ownLayout.pages);
      for (const width of widths) expect(width).to.be.greaterThan(0);
    } finally {
      await page.close();
    }
  });
});
