import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { buildApp } from '../../src/app';
import { createValidator, type Validator } from '../../src/http/validation';
import { DATABASE_KIND } from '../helpers/database';
import { type TestRuntime, testRuntime } from '../helpers/runtime';
import { type LayoutTestUsers, layoutTestUsers, schemeUsageInDatabase, seedLayoutCatalog } from './catalog';

type Client = ReturnType<typeof request>;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe(`layouts over HTTP (${DATABASE_KIND})`, () => {
  let runtime: TestRuntime;
  let client: Client;
  let validator: Validator;
  let users: LayoutTestUsers;
  let products: number[];
  let hiddenProduct: number;

  const copy = (auth: string, productId: number) => client.post('/api/ua/layout/').set('Authorization', auth).send({ product_id: productId });
  const layoutRow = async (id: string) =>
    (await runtime.db.sql.query<{ name: string; status: string; owner_id: number | null }>('SELECT name, status, owner_id FROM layouts WHERE id = $1', [id])).rows[0];
  const layoutCount = async () => (await runtime.db.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM layouts')).rows[0].n;

  before(async () => {
    runtime = await testRuntime();
    ({ products, hiddenProduct } = await seedLayoutCatalog(runtime));
    users = await layoutTestUsers(runtime);
    client = request(buildApp(runtime).callback());
    validator = createValidator(runtime.schemas);
  });
  after(() => runtime.dispose());

  describe('the moderators\' product layout', () => {
    it('answers the product\'s layout in the shape existing front ends read', async () => {
      const response = await client.get(`/api/ua/layout/product/${products[0]}`).set('Authorization', users.moderator.auth);
      expect(response.status).to.equal(200);
      expect(validator.errorsOf('layout.json', response.body)).to.equal(null);
      const layout = response.body;
      expect(layout.id).to.match(UUID);
      expect(layout.product_id).to.equal(products[0]);
      expect(layout.product_name).to.match(/^Фотокнига/);
      expect(layout.num_pages).to.equal(layout.pages.length).and.equal(11);
      expect(layout.pages.map((page: { num: number }) => page.num)).to.deep.equal([...Array(11).keys()]);
      expect(layout.scheme_theme_rel).to.deep.equal(await schemeUsageInDatabase(runtime, layout.id));

      expect(layout.hash).to.match(/^[0-9a-f]{16}$/);
      const { rows: [product] } = await runtime.db.sql.query<{ format_id: number; theme_id: number; width_cm: number; height_cm: number }>(
        'SELECT p.format_id, p.theme_id, f.width_cm, f.height_cm FROM products p JOIN formats f ON f.id = p.format_id WHERE p.id = $1', [products[0]]);
      expect(layout).to.include({ fmt: product.format_id, theme: product.theme_id });

      // The cover has the format's cover template: its spread in millimetres, both covers and a 10 mm spine.
      const [cover, ...pages] = layout.pages;
      expect(cover).to.include({ type: 'COVER', layout: layout.id });
      const { rows: [coverTemplate] } = await runtime.db.sql.query<{ id: number }>(
        'SELECT id FROM templates WHERE cover_format_id = $1', [product.format_id]);
      expect(cover.template).to.deep.equal({ id: coverTemplate.id, width: product.width_cm * 20 + 10, height: product.height_cm * 10 });
      // The cover's blocks run as far across as down: 100 units to its height, the spread as many wide as its proportions.
      expect(cover.viewbox).to.deep.equal({ width: Math.round((1_000_000 * cover.template.width) / cover.template.height) / 10_000, height: 100 });
      const backgrounds = cover.blocks.filter((block: { type: string }) => block.type === 'BACKGROUND');
      expect(backgrounds).to.have.length(1);
      expect(backgrounds[0].theme_element_type).to.equal('FRONT_COVER_BACKGROUND');
      // Over the front side: past the back and the 10 mm spine, to the spread's right edge.
      const unitsPerMm = 100 / cover.template.height;
      expect(backgrounds[0]).to.deep.include({ y: 0, height: 100 });
      expect(backgrounds[0].x).to.be.closeTo((product.width_cm * 10 + 10) * unitsPerMm, 0.01);
      expect(backgrounds[0].x + backgrounds[0].width).to.be.closeTo(cover.viewbox.width, 0.01);
      const coverImage = new URL(backgrounds[0].content.image);
      expect(coverImage.origin).to.equal('http://photobook.test');
      expect(coverImage.pathname).to.not.match(/_(sm|md)\.jpg$/);
      const served = await client.get(coverImage.pathname);
      expect(served.status).to.equal(200);
      expect(served.type).to.equal('image/jpeg');
      const { rows: [front] } = await runtime.db.sql.query<{ image: string }>(
        `SELECT e.image FROM theme_elements e JOIN products p ON p.theme_id = e.theme_id
         WHERE p.id = $1 AND e.element_type = 'FRONT_COVER_BACKGROUND'`, [products[0]]);
      expect(coverImage.pathname).to.equal(`/media/${front.image}`);

      for (const page of pages) {
        expect(page.type).to.equal('PAGE');
        expect(page.viewbox).to.have.all.keys('width', 'height');
        expect(page.viewbox.width).to.be.a('number');
        expect(Number.isInteger(page.template.id) && Number.isInteger(page.template.width)).to.equal(true);
        expect(page.factor).to.be.a('number');
        const kinds = page.blocks.map((block: { type: string }) => block.type);
        expect(kinds[0]).to.equal('BACKGROUND');
        expect(page.blocks[0].theme_element_type).to.equal('PAGE_BACKGROUND');
        expect(kinds.slice(1).every((kind: string) => kind === 'PHOTO' || kind === 'TEXT')).to.equal(true);
        for (const block of page.blocks) {
          expect(block.content_warp).to.have.all.keys('x', 'y', 'width', 'height');
          expect(block.content).to.have.all.keys('image', 'text', 'link');
        }
      }
    });

    it('is the gallery\'s theme preview: anyone reads an approved theme\'s, only moderators and administrators an unapproved one\'s', async () => {
      for (const auth of [undefined, 'Bearer null', users.owner.auth, users.moderator.auth, users.admin.auth]) {
        const preview = client.get(`/api/ua/layout/product/${products[0]}/`);
        const response = await (auth ? preview.set('Authorization', auth) : preview);
        expect(response.status, auth).to.equal(200);
        expect(validator.errorsOf('layout.json', response.body), auth).to.equal(null);
      }
      for (const auth of [undefined, users.owner.auth]) {
        const hidden = client.get(`/api/ua/layout/product/${hiddenProduct}/`);
        const response = await (auth ? hidden.set('Authorization', auth) : hidden);
        expect(response.status, auth).to.equal(404);
        expect(response.body).to.deep.equal({ detail: 'Not found.' });
      }
      for (const who of [users.moderator, users.admin]) {
        expect((await client.get(`/api/ua/layout/product/${hiddenProduct}/`).set('Authorization', who.auth)).status).to.equal(200);
      }
      expect((await client.get(`/api/ua/layout/product/${products[0]}/`).set('Authorization', 'Bearer broken')).status).to.equal(401);
      for (const id of ['999999', '0', 'abc', '-1', '1e3']) {
        const response = await client.get(`/api/ua/layout/product/${id}/`).set('Authorization', users.moderator.auth);
        expect(response.status, id).to.equal(404);
        expect(response.body).to.deep.equal({ detail: 'Not found.' });
      }
    });
  });

  describe('a shopper\'s own layouts', () => {
    let mine: { id: string; pages: { id: string }[] };

    it('copies a product\'s layout for the caller and leaves the catalog\'s layout as it was', async () => {
      const catalog = (await client.get(`/api/ua/layout/product/${products[1]}`).set('Authorization', users.admin.auth)).body;
      const response = await copy(users.owner.auth, products[1]);
      expect(response.status).to.equal(201);
      expect(validator.errorsOf('layout.json', response.body)).to.equal(null);
      mine = response.body;
      expect(response.body).to.include({ product_id: products[1], status: 'OPEN', version: 0, name: catalog.name, fmt: catalog.fmt, theme: catalog.theme });
      expect(response.body.hash).to.match(/^[0-9a-f]{16}$/).and.not.equal(catalog.hash);
      expect(mine.id).to.not.equal(catalog.id);
      const catalogPageIds = new Set(catalog.pages.map((page: { id: string }) => page.id));
      expect(mine.pages.some((page) => catalogPageIds.has(page.id))).to.equal(false);
      expect(mine.pages.every((page) => (page as unknown as { layout: string }).layout === mine.id)).to.equal(true);
      // A text's picture is the copy's own (content.link names the layout): the same picture, another link.
      type Blocks = { content: { link?: string | null } }[];
      const strip = (layout: { pages: { blocks: Blocks; template: unknown; num: number }[] }) => layout.pages.map((page) => ({
        num: page.num, template: page.template, blocks: page.blocks.map((block) => ({ ...block, content: { ...block.content, link: undefined } })),
      }));
      expect(strip(response.body)).to.deep.equal(strip(catalog));
      const links = mine.pages.flatMap((page) => (page as unknown as { blocks: Blocks }).blocks.flatMap((block) => block.content.link ?? []));
      expect(links.length).to.be.greaterThan(0);
      expect(links.every((link) => link.includes(`/layout/text/${mine.id}/`))).to.equal(true);
      expect((await layoutRow(mine.id)).owner_id).to.equal(users.owner.id);
      expect((await layoutRow(catalog.id)).owner_id).to.equal(null);
    });

    it('refuses bad requests for a copy with 400 and creates nothing', async () => {
      const before = await layoutCount();
      const cases: [unknown, string][] = [
        [{}, 'product_id'], [{ product_id: 'x' }, 'product_id'], [{ product_id: 0 }, 'product_id'],
        [{ product_id: 1.5 }, 'product_id'], [{ product_id: 999999 }, 'product_id'], [{ product_id: 1, extra: 1 }, 'non_field_errors'],
        [{ product_id: hiddenProduct }, 'product_id'],
      ];
      for (const [body, field] of cases) {
        const response = await client.post('/api/ua/layout/').set('Authorization', users.owner.auth).send(body as object);
        expect(response.status, JSON.stringify(body)).to.equal(400);
        expect(response.body, JSON.stringify(body)).to.have.property(field);
      }
      const broken = await client.post('/api/ua/layout/').set('Authorization', users.owner.auth).set('Content-Type', 'application/json').send('{"product_id":');
      expect(broken.status).to.equal(400);
      expect((await client.post('/api/ua/layout/').send({ product_id: products[0] })).status).to.equal(401);
      expect(await layoutCount()).to.equal(before);
    });

    it('lets moderators copy the product of an unapproved theme', async () => {
      expect((await copy(users.moderator.auth, hiddenProduct)).status).to.equal(201);
    });

    it('reads one layout for its owner, moderators and administrators; 404 for anyone else', async () => {
      for (const who of [users.owner, users.moderator, users.admin]) {
        const response = await client.get(`/api/ua/layout/${mine.id}/`).set('Authorization', who.auth);
        expect(response.status).to.equal(200);
        expect(response.body.id).to.equal(mine.id);
      }
      const denied = await client.get(`/api/ua/layout/${mine.id}`).set('Authorization', users.other.auth);
      expect(denied.status).to.equal(404);
      expect(denied.body).to.deep.equal({ detail: 'Not found.' });
      expect((await client.get(`/api/ua/layout/${mine.id}`)).status).to.equal(401);
      const catalogLayout = (await client.get(`/api/ua/layout/product/${products[1]}`).set('Authorization', users.admin.auth)).body.id;
      expect((await client.get(`/api/ua/layout/${catalogLayout}/`).set('Authorization', users.owner.auth)).status).to.equal(404);
      // An empty id must not reach the list of the parent path.
      expect((await client.get('/api/ua/layout//').set('Authorization', users.owner.auth)).status).to.equal(404);
      const byHash = await client.get(`/api/ua/layout/${(mine as unknown as { hash: string }).hash}/`).set('Authorization', users.owner.auth);
      expect(byHash.status).to.equal(200);
      expect(byHash.body.id).to.equal(mine.id);
      expect((await client.get(`/api/ua/layout/${(mine as unknown as { hash: string }).hash}/`).set('Authorization', users.other.auth)).status).to.equal(404);
      for (const id of ['not-a-uuid', '00000000-0000-0000-0000-000000000000', '0123456789abcdef']) {
        expect((await client.get(`/api/ua/layout/${id}/`).set('Authorization', users.owner.auth)).status).to.equal(404);
      }
    });

    it('renames, moves to the bin and back; others cannot, and bad bodies are 400', async () => {
      const renamed = await client.patch(`/api/ua/layout/${mine.id}/`).set('Authorization', users.owner.auth).send({ name: 'Лето 2026' });
      expect(renamed.status).to.equal(200);
      expect(validator.errorsOf('layout.json', renamed.body)).to.equal(null);
      expect(renamed.body.name).to.equal('Лето 2026');
      expect((await layoutRow(mine.id)).name).to.equal('Лето 2026');

      const byOther = await client.patch(`/api/ua/layout/${mine.id}/`).set('Authorization', users.other.auth).send({ name: 'stolen' });
      expect(byOther.status).to.equal(404);
      const byModerator = await client.patch(`/api/ua/layout/${mine.id}/`).set('Authorization', users.moderator.auth).send({ deleted: true });
      expect(byModerator.status).to.equal(403);
      const empty = await client.patch(`/api/ua/layout/${mine.id}/`).set('Authorization', users.owner.auth).send({});
      expect(empty.body).to.deep.equal({ non_field_errors: ['At least one field is required.'] });
      for (const body of [{}, { name: '' }, { name: '   ' }, { name: 'a\u0000' }, { name: 'x'.repeat(201) }, { name: 5 }, { deleted: 'yes' }, { status: 'DELETED' }]) {
        const response = await client.patch(`/api/ua/layout/${mine.id}/`).set('Authorization', users.owner.auth).send(body);
        expect(response.status, JSON.stringify(body)).to.equal(400);
      }
      expect(await layoutRow(mine.id)).to.include({ name: 'Лето 2026', status: 'OPEN' });

      const binned = await client.patch(`/api/ua/layout/${mine.id}`).set('Authorization', users.owner.auth).send({ deleted: true });
      expect(binned.body.status).to.equal('DELETED');
      const active = await client.get('/api/ua/layout/').set('Authorization', users.owner.auth);
      expect(active.body.layouts.map((item: { id: string }) => item.id)).to.not.include(mine.id);
      const bin = await client.get('/api/ua/layout/?status=DELETED').set('Authorization', users.owner.auth);
      expect(validator.errorsOf('layout-list.json', bin.body)).to.equal(null);
      expect(bin.body.layouts.map((item: { id: string }) => item.id)).to.deep.equal([mine.id]);
      const restored = await client.patch(`/api/ua/layout/${mine.id}/`).set('Authorization', users.owner.auth).send({ deleted: false });
      expect(restored.body.status).to.equal('OPEN');
    });

    it('refuses a name far too long for its length alone, without matching it, and goes on answering', async () => {
      // 100,000 letters and a control character: the name's pattern used to backtrack over it for seconds.
      const name = `${'a'.repeat(100_000)}\u0001`;
      for (const path of [`/api/ua/layout/${randomUUID()}/`, `/api/ua/layout/${mine.id}/clone/`]) {
        const send = path.endsWith('clone/') ? client.post(path) : client.patch(path);
        const response = await send.set('Authorization', users.other.auth).send({ name });
        expect(response.status, path).to.equal(400);
        expect(response.body, path).to.deep.equal({ name: ['Ensure this field has no more than 200 characters.'] });
      }
      expect((await client.get('/healthz')).status).to.equal(200);
      // The pattern still holds within the length: no control character, not blank (a no-break space is blank too).
      for (const bad of ['a\u0001', ' \u00a0 ', '\u007fx']) {
        const response = await client.patch(`/api/ua/layout/${mine.id}/`).set('Authorization', users.owner.auth).send({ name: bad });
        expect(response.body, JSON.stringify(bad)).to.deep.equal({ name: ['Enter a valid value.'] });
      }
      const renamed = await client.patch(`/api/ua/layout/${mine.id}/`).set('Authorization', users.owner.auth).send({ name: ' Лето\u00a02026 ' });
      expect(renamed.body.name).to.equal(' Лето\u00a02026 ');
    });

    it('clones a layout the caller may read into a new one of their own', async () => {
      const clone = await client.post(`/api/ua/layout/${mine.id}/clone/`).set('Authorization', users.owner.auth).send({ name: 'Копия' });
      expect(clone.status).to.equal(201);
      expect(validator.errorsOf('layout.json', clone.body)).to.equal(null);
      expect(clone.body.id).to.not.equal(mine.id);
      expect(clone.body.name).to.equal('Копия');
      expect((await layoutRow(clone.body.id)).owner_id).to.equal(users.owner.id);
      const byModerator = await client.post(`/api/ua/layout/${mine.id}/clone/`).set('Authorization', users.moderator.auth).send({ name: 'Для проверки' });
      expect(byModerator.status).to.equal(201);
      expect((await layoutRow(byModerator.body.id)).owner_id).to.equal(users.moderator.id);

      const before = await layoutCount();
      expect((await client.post(`/api/ua/layout/${mine.id}/clone/`).set('Authorization', users.other.auth).send({ name: 'x' })).status).to.equal(404);
      expect((await client.post(`/api/ua/layout/${mine.id}/clone/`).set('Authorization', users.owner.auth).send({})).status).to.equal(400);
      expect(await layoutCount()).to.equal(before);
    });

    it('lists the caller\'s layouts newest first, paged, and nobody else\'s', async () => {
      const second = (await copy(users.owner.auth, products[2])).body;
      // More pages than the base price includes, so that the price per further page counts.
      await runtime.db.sql.query('UPDATE layouts SET num_pages = 26 WHERE id = $1', [second.id]);
      const all = await client.get('/api/ua/layout/').set('Authorization', users.owner.auth);
      expect(all.status).to.equal(200);
      expect(validator.errorsOf('layout-list.json', all.body)).to.equal(null);
      expect(all.body.count).to.equal(3);
      expect(Object.keys(all.body)).to.have.members(['count', 'next', 'previous', 'layouts']);
      const [newest] = all.body.layouts;
      expect(newest).to.include({ id: second.id, hash: second.hash, fmt: second.fmt, name: second.name, num_pages: 26, status: 'OPEN' });
      expect(newest.changed).to.equal(second.updated);
      // One copy's price, by the price list: what the cart charges for it.
      const { rows: [price] } = await runtime.db.sql.query<{ base_kopecks: string; included_pages: number; extra_page_kopecks: string }>(
        'SELECT base_kopecks, included_pages, extra_page_kopecks FROM prices WHERE format_id = $1', [second.fmt]);
      expect(price.included_pages).to.be.below(26);
      const kopecks = Number(price.base_kopecks) + (26 - price.included_pages) * Number(price.extra_page_kopecks);
      expect(newest.price_info).to.deep.equal({ total_cost: kopecks / 100 });
      expect(newest.pages).to.deep.equal([second.pages[0]]);
      const paged = await client.get('/api/ua/layout/?page_size=1&page=2').set('Authorization', users.owner.auth);
      expect(paged.body).to.include({ count: 3, next: 3, previous: 1 });
      expect(paged.body.layouts).to.have.length(1);
      const others = await client.get('/api/ua/layout/').set('Authorization', users.other.auth);
      expect(others.body).to.deep.equal({ count: 0, next: null, previous: null, layouts: [] });
      expect((await client.get('/api/ua/layout/?status=OPEN').set('Authorization', users.owner.auth)).body.count).to.equal(3);
      expect((await client.get('/api/ua/layout/?status=IN_WORK').set('Authorization', users.owner.auth)).body.count).to.equal(0);
      expect((await client.get('/api/ua/layout/?page=9').set('Authorization', users.owner.auth)).status).to.equal(404);
      expect((await client.get('/api/ua/layout/?status=GONE').set('Authorization', users.owner.auth)).status).to.equal(400);
      expect((await client.get('/api/ua/layout/')).status).to.equal(401);
    });
  });

  describe('making a book from the gallery', () => {
    const generate = (auth: string | undefined, productId: number | string, body?: object) => {
      const post = client.post(`/api/ua/product/${productId}/generate-layout/`);
      const authorized = auth ? post.set('Authorization', auth) : post;
      return body === undefined ? authorized : authorized.send(body);
    };

    it('makes the caller\'s own copy of the product\'s layout, with or without the front end\'s print options', async () => {
      const catalog = (await client.get(`/api/ua/layout/product/${products[3]}/`)).body;
      for (const body of [undefined, {}, { binding_type: 'HARD', cover_type: 1, cover_lamination_types: ['MATT'], paper_type: 'SILK', paper_density: 170, other: true }]) {
        const response = await generate(users.other.auth, products[3], body);
        expect(response.status, JSON.stringify(body)).to.equal(201);
        expect(validator.errorsOf('layout.json', response.body)).to.equal(null);
        expect(response.body).to.include({ product_id: products[3], status: 'OPEN', fmt: catalog.fmt, theme: catalog.theme });
        expect(response.body.hash).to.match(/^[0-9a-f]{16}$/);
        expect((await layoutRow(response.body.id)).owner_id).to.equal(users.other.id);
        expect(response.body.pages.map((page: { template: unknown }) => page.template)).to.deep.equal(
          catalog.pages.map((page: { template: unknown }) => page.template));
      }
    });

    it('refuses anonymous callers, unknown products and, for shoppers, products of unapproved themes; creates nothing', async () => {
      const before = await layoutCount();
      expect((await generate(undefined, products[3])).status).to.equal(401);
      for (const id of [999999, hiddenProduct, 'abc']) {
        const response = await generate(users.owner.auth, id);
        expect(response.status, String(id)).to.equal(404);
        expect(response.body).to.deep.equal({ detail: 'Not found.' });
      }
      const broken = await client.post(`/api/ua/product/${products[3]}/generate-layout/`).set('Authorization', users.owner.auth)
        .set('Content-Type', 'application/json').send('{"paper_type":');
      expect(broken.status).to.equal(400);
      expect((await generate(users.owner.auth, products[3], [1, 2] as unknown as object)).status).to.equal(400);
      expect(await layoutCount()).to.equal(before);
      expect((await generate(users.moderator.auth, hiddenProduct)).status).to.equal(201);
    });
  });

  describe('page schemes', () => {
    const schemes = (query: string) => client.get(`/api/ua/scheme/?${query}`).set('Authorization', users.owner.auth);

    it('lists the schemes with the format\'s proportions, by category', async () => {
      const square = await schemes('fmt=1');
      expect(square.status).to.equal(200);
      expect(validator.errorsOf('scheme-list.json', square.body)).to.equal(null);
      expect(square.body.length).to.be.greaterThan(5);
      expect(square.body.every((scheme: { width: number; height: number }) => scheme.width === scheme.height)).to.equal(true);
      const horizontal = (await schemes('fmt=3')).body;
      expect(horizontal.length).to.be.greaterThan(5);
      expect(horizontal.every((scheme: { width: number; height: number }) => scheme.width * 2 === scheme.height * 3)).to.equal(true);
      const textless = (await schemes('fmt=1&template_cat=notext&template_cat=bigphoto')).body;
      expect(new Set(textless.map((scheme: { template_cat: string }) => scheme.template_cat))).to.deep.equal(new Set(['notext', 'bigphoto']));
      const slot = square.body[0].slots[0];
      expect(slot).to.deep.equal({ type: 'PHOTO', x: 5, y: 5, width: 90, height: 75 });
    });

    it('refuses a missing or unknown format and an unknown category with 400', async () => {
      for (const query of ['', 'fmt=99', 'fmt=x', 'fmt=1&template_cat=cover']) {
        const response = await schemes(query);
        expect(response.status, query).to.equal(400);
        expect(Object.keys(response.body), query).to.have.length.greaterThan(0);
      }
      expect((await client.get('/api/ua/scheme/?fmt=1')).status).to.equal(401);
    });
  });
});
