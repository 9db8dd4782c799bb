// The layouts as the shop's front end reads them: the gallery's theme preview draws the book from the layout's pages
// and blocks (source/components/PreviewAlbum/prepareData.es6), "my products" draws each book's cover the same way and
// shows its size and cover (source/libs/myProductsConverters.es6, MyProductsPage/_Product.jsx). The readings below
// follow what that code reads, field by field, and check that it finds something to draw and that its images load.
import { expect } from 'chai';
import request from 'supertest';
import { buildApp } from '../../src/app';
import { createValidator, type Validator } from '../../src/http/validation';
import { DATABASE_KIND } from '../helpers/database';
import { type TestRuntime, testRuntime } from '../helpers/runtime';
import { type LayoutTestUsers, layoutTestUsers, seedLayoutCatalog } from './catalog';

type Client = ReturnType<typeof request>;
interface Box { x: number; y: number; width: number; height: number }
interface ApiBlock extends Box {
  type: string;
  theme_element_type: string | null;
  content_warp: Box;
  content: { image: string | null; link: string | null };
}
interface ApiPage { type: string; factor: number; viewbox: { width: number; height: number }; template: { width: number; height: number }; blocks: ApiBlock[] }

/** What the front end draws of a block: where on its page side (percent) and where its image goes (percent of the block). */
interface Drawn { type: string; box: Box; image: Box & { url: string | null } }

const percentOf = (part: number, whole: number) => (part / whole) * 100;

/** The image's rectangle inside the block, in percent of the block, from content_warp given in the page's units. */
const imageIn = (block: ApiBlock): Drawn['image'] => ({
  x: percentOf(block.content_warp.x - block.x, block.width), y: percentOf(block.content_warp.y - block.y, block.height),
  width: percentOf(block.content_warp.width, block.width), height: percentOf(block.content_warp.height, block.height),
  url: block.content.image,
});

/**
 * The cover as the front end reads it: the last FRONT_COVER_BACKGROUND gives the cover's height in the blocks' units,
 * the template (millimetres, with a spine it takes for 20 mm) its width; a block belongs to the front side when it
 * starts past that width. Backgrounds fill their side; photos are placed on the side they belong to.
 */
function readCover(cover: ApiPage) {
  const front = cover.blocks.filter((block) => block.theme_element_type === 'FRONT_COVER_BACKGROUND').at(-1);
  if (!front) return null;
  const side = { height: front.height, width: front.height * ((cover.template.width - 20) / 2 / cover.template.height) };
  // The front side's blocks are measured from a little left of the background's start (more for 21 cm templates).
  const frontStart = front.x - (cover.template.height === 210 ? 15 : 10);
  const sides: { front: Drawn[]; back: Drawn[] } = { front: [], back: [] };
  for (const block of cover.blocks) {
    const onFront = block.x >= side.width;
    const drawn: Drawn = block.type === 'BACKGROUND'
      ? { type: block.type, box: { x: 0, y: 0, width: 100, height: 100 }, image: { ...imageIn(block), url: block.content.image } }
      : {
        type: block.type,
        box: { x: percentOf(block.x - (onFront ? frontStart : 0), side.width), y: percentOf(block.y, side.height), width: percentOf(block.width, side.width), height: percentOf(block.height, side.height) },
        image: imageIn(block),
      };
    sides[onFront ? 'front' : 'back'].push(drawn);
  }
  return { side, ...sides, backgroundProportions: front.content_warp.width / front.content_warp.height };
}

/** A page as the front end reads it: the viewbox is the page in the blocks' units (a page 600 units high at most). */
function readPage(page: ApiPage): Drawn[] {
  const size = { ...page.viewbox };
  if (size.height > 600) Object.assign(size, { width: (size.width / size.height) * 600, height: 600 });
  return page.blocks.map((block) => ({
    type: block.type,
    box: block.type === 'BACKGROUND' ? { x: 0, y: 0, width: 100, height: 100 } : {
      x: percentOf(block.x, size.width), y: percentOf(block.y, size.height),
      width: percentOf(block.width, size.width), height: percentOf(block.height, size.height),
    },
    image: imageIn(block),
  }));
}

describe(`layouts as the shop's front end reads them (${DATABASE_KIND})`, () => {
  let runtime: TestRuntime;
  let client: Client;
  let validator: Validator;
  let users: LayoutTestUsers;
  let products: number[];

  /** An image URL of the answer is served, as the front end asks for it (a URL without an extension gets _md.jpg). */
  const expectServedImage = async (url: string | null) => {
    expect(url, 'image URL').to.be.a('string');
    const { pathname } = new URL(url!);
    const asked = /\.(png|jpe?g)$/.test(pathname) ? pathname : `${pathname}_md.jpg`;
    const response = await client.get(asked);
    expect(response.status, asked).to.equal(200);
    expect(response.type).to.match(/^image\//);
  };
  const storedBlocks = async (layoutId: string, num: number) => (await runtime.db.sql.query<{ blocks: Box[] }>(
    'SELECT blocks FROM layout_pages WHERE layout_id = $1 AND num = $2', [layoutId, num])).rows[0].blocks;
  const format = async (productId: number) => (await runtime.db.sql.query<{ width_cm: number; height_cm: number }>(
    'SELECT f.width_cm, f.height_cm FROM products p JOIN formats f ON f.id = p.format_id WHERE p.id = $1', [productId])).rows[0];

  before(async () => {
    runtime = await testRuntime();
    ({ products } = await seedLayoutCatalog(runtime));
    users = await layoutTestUsers(runtime);
    client = request(buildApp(runtime).callback());
    validator = createValidator(runtime.schemas);
  });
  after(() => runtime.dispose());

  describe('the theme preview (GET /api/ua/layout/product/<id>/)', () => {
    it('draws the theme\'s front cover on the front side of every format\'s cover, and nothing of it on the back', async () => {
      expect(products).to.have.length(5);
      for (const productId of products) {
        const response = await client.get(`/api/ua/layout/product/${productId}/`);
        expect(response.status).to.equal(200);
        expect(validator.errorsOf('layout.json', response.body)).to.equal(null);
        const cover = response.body.pages[0] as ApiPage;
        expect(cover.type).to.equal('COVER');
        const read = readCover(cover)!;
        expect(read, 'a front cover background').to.not.equal(null);
        const { width_cm: width, height_cm: height } = await format(productId);
        // The front side is as wide as the format's page (less the 5 mm the front end takes for a wider spine).
        expect(read.side.width / read.side.height).to.be.closeTo((width * 10 - 5) / (height * 10), 1e-6);
        const backgrounds = read.front.filter((drawn) => drawn.type === 'BACKGROUND');
        expect(backgrounds, `format ${width}x${height}`).to.have.length(1);
        expect(read.back.filter((drawn) => drawn.type === 'BACKGROUND')).to.have.length(0);
        // The image keeps the front side's proportions, so the front end covers the side with it undistorted.
        expect(read.backgroundProportions).to.be.closeTo(width / height, 1e-3);
        await expectServedImage(backgrounds[0].image.url);
        // The title starts on the front side.
        expect(read.front.find((drawn) => drawn.type === 'TEXT')!.box.x).to.be.within(0, 100);
        // factor: units per millimetre of the cover's height, so a background may run 10.8 mm over the board's edge.
        expect(cover.factor * cover.template.height).to.be.closeTo(100, 0.01);
      }
    });

    it('draws every page\'s background and puts its blocks where the page\'s scheme has them', async () => {
      const response = await client.get(`/api/ua/layout/product/${products[2]}/`);
      const layout = response.body as { id: string; pages: ApiPage[] };
      for (const [index, page] of layout.pages.entries()) {
        if (index === 0) continue;
        const drawn = readPage(page);
        expect(drawn[0].type).to.equal('BACKGROUND');
        expect(drawn[0].image).to.deep.include({ x: 0, y: 0, width: 100, height: 100 });
        await expectServedImage(drawn[0].image.url);
        const stored = await storedBlocks(layout.id, index);
        expect(drawn.length).to.be.greaterThan(1);
        for (const [at, block] of drawn.entries()) {
          for (const key of ['x', 'y', 'width', 'height'] as const) expect(block.box[key]).to.be.closeTo(stored[at][key], 1e-6);
        }
      }
    });

    it('places a photo\'s image inside its block as content_warp says', async () => {
      const productId = products[3];
      const { rows: [{ layout_id: layoutId }] } = await runtime.db.sql.query<{ layout_id: string }>('SELECT layout_id FROM products WHERE id = $1', [productId]);
      const stored = await storedBlocks(layoutId, 1) as (Box & { type: string; content_warp: Box; content: { image: string | null } })[];
      const photo = stored.findIndex((block) => block.type === 'PHOTO');
      const imageKey = (stored[0] as unknown as { content: { image: string } }).content.image;
      // Stored, content_warp is percent of the block: this photo is shown 20% larger than its block, shifted left.
      stored[photo] = { ...stored[photo], content_warp: { x: -10, y: -5, width: 120, height: 110 }, content: { ...stored[photo].content, image: imageKey } };
      await runtime.db.sql.query('UPDATE layout_pages SET blocks = $3 WHERE layout_id = $1 AND num = $2', [layoutId, 1, JSON.stringify(stored)]);

      const response = await client.get(`/api/ua/layout/product/${productId}/`);
      expect(validator.errorsOf('layout.json', response.body)).to.equal(null);
      const drawn = readPage(response.body.pages[1])[photo];
      expect(drawn.type).to.equal('PHOTO');
      for (const key of ['x', 'y', 'width', 'height'] as const) expect(drawn.box[key]).to.be.closeTo(stored[photo][key], 1e-6);
      expect(drawn.image.x).to.be.closeTo(-10, 0.01);
      expect(drawn.image.y).to.be.closeTo(-5, 0.01);
      expect(drawn.image.width).to.be.closeTo(120, 0.01);
      expect(drawn.image.height).to.be.closeTo(110, 0.01);
      await expectServedImage(drawn.image.url);
    });
  });

  describe('"my products" (GET /api/ua/layout/)', () => {
    it('carries each book\'s cover to draw, its size and the cover picked when it was made', async () => {
      const made = await client.post(`/api/ua/product/${products[1]}/generate-layout/`).set('Authorization', users.owner.auth)
        .send({ binding_type: 'glue', cover_type: 'HARD_COVER', cover_lamination_types: 'glance', paper_type: 'mat', paper_density: 170 });
      expect(made.status).to.equal(201);
      expect(validator.errorsOf('layout.json', made.body)).to.equal(null);

      const response = await client.get('/api/ua/layout/').set('Authorization', users.owner.auth);
      expect(response.status).to.equal(200);
      expect(validator.errorsOf('layout-list.json', response.body)).to.equal(null);
      const item = response.body.layouts.find((layout: { id: string }) => layout.id === made.body.id);
      const { width_cm: width, height_cm: height } = await format(products[1]);
      // The "Размер" line shows format_name; the order step reads the size off it without "см".
      expect(item.format_name).to.equal(`${width}x${height} см`);
      expect(item.format_name.replace('см', '').trim()).to.equal(`${width}x${height}`);
      // The cover line: cover_type's first word in lower case and binding_type name the text; the lamination its finish.
      expect(item).to.include({ cover_type: 'HARD_COVER', binding_type: 'glue', cover_lamination_types: 'glance' });
      expect(item.cover_type.split('_')[0].toLowerCase()).to.equal('hard');

      const read = readCover(item.pages[0])!;
      expect(read, 'a front cover background').to.not.equal(null);
      const [background] = read.front.filter((drawn) => drawn.type === 'BACKGROUND');
      await expectServedImage(background.image.url);
    });

    it('makes a book whatever the options say, keeping only the values it knows, and a clone keeps them', async () => {
      const made = await client.post(`/api/ua/product/${products[0]}/generate-layout/`).set('Authorization', users.other.auth)
        .send({ binding_type: 'stapled', cover_type: 'SOFT_COVER', cover_lamination_types: ['satin', 'mat'] });
      expect(made.status).to.equal(201);
      expect(made.body).to.include({ cover_type: 'SOFT_COVER', binding_type: null, cover_lamination_types: 'mat' });
      const clone = await client.post(`/api/ua/layout/${made.body.id}/clone/`).set('Authorization', users.other.auth).send({ name: 'Копия' });
      expect(clone.status).to.equal(201);
      expect(clone.body).to.include({ cover_type: 'SOFT_COVER', binding_type: null, cover_lamination_types: 'mat' });
      const plain = await client.post('/api/ua/layout/').set('Authorization', users.other.auth).send({ product_id: products[0] });
      expect(plain.body).to.include({ cover_type: null, binding_type: null, cover_lamination_types: null });
    });
  });
});
