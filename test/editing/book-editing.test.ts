import { expect } from 'chai';
import sharp from 'sharp';
import request from 'supertest';
import { processPhoto } from '../../src/worker/process-photo';
import { createValidator, type Validator } from '../../src/http/validation';
import type { RunningServer } from '../../src/server';
import { DATABASE_KIND } from '../helpers/database';
import { type TestRuntime, testRuntime, testServer } from '../helpers/runtime';
import { type LayoutTestUsers, layoutTestUsers, seedLayoutCatalog } from '../layouts/catalog';
import { type Ack, type BookEditor, editMessage, joinedEditor, type Transport, TRANSPORTS } from './editors';

interface Block { id: string; type: string; width: number; height: number; content: Record<string, any>; content_warp: Record<string, number> }
interface Page { id: string; num: number; type: string; template: { id: number } | null; blocks: Block[] }
interface Layout { id: string; version: number; num_pages: number; photo_ids: number[]; photos: { id: number }[]; pages: Page[]; [key: string]: unknown }

/** A photo-like picture with a bright square at (cx, cy) (fractions): its most interesting region. */
async function pictureWithSubject(width: number, height: number, cx = 0.5, cy = 0.5): Promise<Buffer> {
  const side = Math.round(Math.min(width, height) / 6);
  const subject = await sharp({ create: { width: side, height: side, channels: 3, background: '#ff2020' } }).png().toBuffer();
  return sharp({ create: { width, height, channels: 3, background: '#404848' } })
    .composite([{ input: subject, left: Math.round(cx * width - side / 2), top: Math.round(cy * height - side / 2) }])
    .jpeg({ quality: 90 }).toBuffer();
}

describe(`editing a book: photos, texts, pages, backgrounds, undo (${DATABASE_KIND})`, () => {
  let runtime: TestRuntime;
  let server: RunningServer & { url: string };
  let users: LayoutTestUsers;
  let products: number[];
  let validator: Validator;
  /** The owner's photos: a large landscape one, a portrait one, a tiny one; and the other user's. */
  const photos = { large: 0, portrait: 0, tiny: 0, others: 0 };
  let backgroundElement: number;
  const editors: BookEditor[] = [];

  const uploadPhoto = async (auth: string, picture: Buffer) => {
    const response = await request(server.url).post('/api/or/photo/').set('Authorization', auth)
      .attach('files', picture, { filename: 'photo.jpg', contentType: 'image/jpeg' });
    expect(response.status, JSON.stringify(response.body)).to.be.oneOf([200, 201]);
    await processPhoto.handle({ photoId: response.body.photo_id }, runtime.jobContext);
    return response.body.photo_id as number;
  };
  const newBook = async (auth = users.owner.auth): Promise<Layout> =>
    (await request(server.url).post('/api/ua/layout/').set('Authorization', auth).send({ product_id: products[0] })).body;
  const read = async (layoutId: string, auth = users.owner.auth): Promise<Layout> => {
    const response = await request(server.url).get(`/api/ua/layout/${layoutId}/`).set('Authorization', auth);
    expect(response.status).to.equal(200);
    return response.body;
  };
  /**
   * A layout read without what every change moves on (its version and times), nor its status: a test puts the book in
   * the cart (INORDER), which undo does not take back.
   */
  const contents = (layout: Layout) => {
    const { version: _version, updated: _updated, changed: _changed, status: _status, ...rest } = layout;
    return rest;
  };
  const layoutRow = async (layoutId: string) => (await runtime.db.sql.query<{ version: number; num_pages: number; photo_ids: number[]; status: string }>(
    'SELECT version, num_pages, photo_ids, status FROM layouts WHERE id = $1', [layoutId])).rows[0];
  const pageRows = async (layoutId: string) => (await runtime.db.sql.query<{ id: string; num: number; template_id: number | null; blocks: Block[] }>(
    'SELECT id, num, template_id, blocks FROM layout_pages WHERE layout_id = $1 ORDER BY num', [layoutId])).rows;
  const blockRow = async (layoutId: string, blockId: string) =>
    (await pageRows(layoutId)).flatMap((page) => page.blocks).find((block) => block.id === blockId)!;
  const editor = async (transport: Transport, layoutId: string, token = users.owner.token) => {
    const made = await joinedEditor(transport, server.url, token, layoutId);
    editors.push(made);
    return made;
  };
  /** The printed size of a block of the book (the book's format, in millimetres). */
  const blockMmOf = async (layoutId: string, block: Block) => {
    const { rows: [format] } = await runtime.db.sql.query<{ width_cm: number; height_cm: number }>(
      'SELECT f.width_cm, f.height_cm FROM layouts l JOIN formats f ON f.id = l.format_id WHERE l.id = $1', [layoutId]);
    return { width: (block.width / 100) * format.width_cm * 10, height: (block.height / 100) * format.height_cm * 10 };
  };
  const photoBlocksOf = (layout: Layout) => layout.pages.filter((page) => page.type === 'PAGE').flatMap((page) => page.blocks.filter((block) => block.type === 'PHOTO'));
  const textBlockOf = (layout: Layout) => layout.pages.flatMap((page) => page.blocks).find((block) => block.type === 'TEXT' && page_is_interior(layout, block.id))!;
  const page_is_interior = (layout: Layout, blockId: string) =>
    layout.pages.some((page) => page.type === 'PAGE' && page.blocks.some((block) => block.id === blockId));

  before(async function () {
    // Four photos processed as the job processes them: minutes on a machine busy with other suites.
    this.timeout(240_000);
    runtime = await testRuntime({ PUBLIC_BASE_URL: 'http://photobook.test', SOCKET_EVENTS_PER_SECOND: '400' });
    ({ products } = await seedLayoutCatalog(runtime));
    users = await layoutTestUsers(runtime);
    server = await testServer(runtime);
    validator = createValidator(runtime.schemas);
    photos.large = await uploadPhoto(users.owner.auth, await pictureWithSubject(3000, 2000, 0.8, 0.3));
    photos.portrait = await uploadPhoto(users.owner.auth, await pictureWithSubject(1600, 2400));
    photos.tiny = await uploadPhoto(users.owner.auth, await pictureWithSubject(120, 90));
    photos.others = await uploadPhoto(users.other.auth, await pictureWithSubject(2000, 2000));
    const { rows } = await runtime.db.sql.query<{ id: number; theme_id: number }>(
      "SELECT e.id, e.theme_id FROM theme_elements e WHERE e.element_type = 'PAGE_BACKGROUND' ORDER BY e.id");
    const theme = (await runtime.db.sql.query<{ theme_id: number }>('SELECT theme_id FROM products WHERE id = $1', [products[0]])).rows[0].theme_id;
    backgroundElement = rows.find((row) => row.theme_id === theme)!.id;
  });
  afterEach(() => {
    for (const made of editors.splice(0)) made.close();
  });
  after(async () => {
    await server.stop();
    await runtime.dispose();
  });

  for (const transport of TRANSPORTS) {
    describe(`every operation over ${transport}`, () => {
      let layout: Layout;
      let sender: BookEditor;
      let watcher: BookEditor;
      /** The layout read before each applied operation, and after the last: what undo and redo must give back. */
      const states: Layout[] = [];

      before(async () => {
        layout = await newBook();
      });
      beforeEach(async () => {
        sender = await editor(transport, layout.id);
        // The second editor speaks the other transport.
        watcher = await editor(transport === 'plain' ? 'socket.io' : 'plain', layout.id);
      });

      /**
       * Sends the message and checks what every operation promises: applied once as a new version, its ack valid,
       * the second editor told the same, a replay answered with the first ack and applied no second time.
       */
      async function applies(message: ReturnType<typeof editMessage>): Promise<Ack> {
        const before = await read(layout.id);
        states.push(before);
        const seen = watcher.changes.length;
        const ack = await sender.ask(message);
        expect(ack.error, JSON.stringify(ack.error)).to.equal(undefined);
        expect(validator.errorsOf('layout-ack.json', ack)).to.equal(null);
        expect(ack.version).to.equal(before.version + 1);
        const change = (await watcher.heard(seen + 1))[seen];
        const { data, ...rest } = ack.response_data!;
        expect(change).to.deep.equal({ layout_id: layout.id, version: ack.version, ...(data ? { page: data } : {}), ...rest });
        expect(validator.errorsOf('layout-changed.json', change)).to.equal(null);
        expect(await sender.ask(message)).to.deep.equal(ack);
        expect((await layoutRow(layout.id)).version).to.equal(ack.version);
        layout = await read(layout.id);
        return ack;
      }

      it('layout/add_photos lists the owner\'s photos in the book, with their links and sizes', async () => {
        const ack = await applies(editMessage('layout', 'add_photos', layout.id, undefined, { photo_ids: [photos.large, photos.portrait, photos.tiny, photos.large] }));
        expect((await layoutRow(layout.id)).photo_ids).to.deep.equal([photos.large, photos.portrait, photos.tiny]);
        const delta = ack.response_data!.layout as { photo_ids: number[]; photos: { id: number; url: string; size_orig: { w: number; h: number } }[] };
        expect(delta.photo_ids).to.deep.equal([photos.large, photos.portrait, photos.tiny]);
        expect(delta.photos.map((photo) => [photo.id, photo.size_orig.w, photo.size_orig.h])).to.deep.equal([
          [photos.large, 3000, 2000], [photos.portrait, 1600, 2400], [photos.tiny, 120, 90]]);
        expect(layout.photos.map((photo) => photo.id)).to.deep.equal([photos.large, photos.portrait, photos.tiny]);
        const image = await request(server.url).get(`${delta.photos[0].url.replace('http://photobook.test', '')}=w200`);
        expect(image.status).to.equal(200);
      });

      it('block/set frames a photo to cover its block, on its subject, and says its DPI and quality', async () => {
        const block = photoBlocksOf(layout)[0];
        const ack = await applies(editMessage('block', 'set', layout.id, block.id, { photo_id: photos.large }));
        const stored = await blockRow(layout.id, block.id);
        const placement = stored.content.photo;
        expect(placement).to.include({ photo_id: photos.large, rotation: 0, mirror: false });
        expect(stored.content.image).to.equal(null);
        // The crop has the block's proportions in the photo's pixels: it covers the block.
        const blockMm = await blockMmOf(layout.id, block);
        expect((placement.crop.width * 3000) / (placement.crop.height * 2000)).to.be.closeTo(blockMm.width / blockMm.height, 0.01);
        expect(placement.crop.x + placement.crop.width).to.be.at.most(1);
        expect(placement.crop.y + placement.crop.height).to.be.at.most(1);
        // The subject sits at (0.8, 0.3): the crop moves towards it as far as the photo allows.
        const centre = { x: placement.crop.x + placement.crop.width / 2, y: placement.crop.y + placement.crop.height / 2 };
        expect(Math.abs(centre.x - 0.8)).to.be.below(Math.abs(0.5 - 0.8));
        const presented = (ack.response_data!.data as unknown as Page).blocks.find((item) => item.id === block.id)!;
        expect(presented.content.photo.dpi).to.equal(Math.floor(Math.min((placement.crop.width * 3000) / (blockMm.width / 25.4), (placement.crop.height * 2000) / (blockMm.height / 25.4))));
        expect(presented.content.photo.quality).to.equal(presented.content.photo.dpi >= 300 ? 'good' : presented.content.photo.dpi >= 150 ? 'low' : 'cannot_print');
        expect(presented.content.photo.image).to.match(/^http:\/\/photobook\.test\/photos\/api\/photo\/\d+\/image\//);
      });

      it('block/set takes a crop, a rotation and a mirror, clamping the crop so that the photo covers the block', async () => {
        const block = photoBlocksOf(layout)[1];
        await applies(editMessage('block', 'set', layout.id, block.id, {
          photo_id: photos.portrait, crop: { x: 0.9, y: 0.9, width: 0.5, height: 0.5 }, rotation: 90, mirror: true,
        }));
        const { crop, rotation, mirror } = (await blockRow(layout.id, block.id)).content.photo;
        expect({ rotation, mirror }).to.deep.equal({ rotation: 90, mirror: true });
        expect(crop.x + crop.width).to.be.at.most(1 + 1e-9);
        expect(crop.y + crop.height).to.be.at.most(1 + 1e-9);
        const blockMm = await blockMmOf(layout.id, block);
        // Turned a quarter, the crop's height runs along the block's width.
        expect((crop.height * 2400) / (crop.width * 1600)).to.be.closeTo(blockMm.width / blockMm.height, 0.01);
      });

      it('a tiny photo is placed with its quality cannot_print', async () => {
        const block = photoBlocksOf(layout)[2];
        const ack = await applies(editMessage('block', 'set', layout.id, block.id, { photo_id: photos.tiny }));
        const presented = (ack.response_data!.data as unknown as Page).blocks.find((item) => item.id === block.id)!;
        expect(presented.content.photo.quality).to.equal('cannot_print');
      });

      it('block/crop moves and zooms within the photo, clamped', async () => {
        const block = photoBlocksOf(layout)[0];
        const before = (await blockRow(layout.id, block.id)).content.photo.crop;
        await applies(editMessage('block', 'crop', layout.id, block.id, { crop: { x: 0.6, y: 0.6, width: before.width / 2, height: before.height / 2 } }));
        const { crop } = (await blockRow(layout.id, block.id)).content.photo;
        expect(crop.width).to.be.closeTo(before.width / 2, 1e-6);
        expect(crop.width / crop.height).to.be.closeTo(before.width / before.height, 1e-4);
        expect(crop.x + crop.width).to.be.at.most(1 + 1e-9);
      });

      it('block/text writes a text with its font, size, colour and alignment', async () => {
        const block = textBlockOf(layout) ?? layout.pages[0].blocks.find((item) => item.type === 'TEXT')!;
        await applies(editMessage('block', 'text', layout.id, block.id, {
          text: 'Лето на даче, 2026', font: 'DejaVu Serif', size: 18, color: '#114477', align: 'left',
        }));
        const stored = await blockRow(layout.id, block.id);
        expect(stored.content.text).to.equal('Лето на даче, 2026');
        expect(stored.content.style).to.deep.equal({ font: 'DejaVu Serif', size: 18, color: '#114477', align: 'left' });
        const short = await applies(editMessage('block', 'text', layout.id, block.id, { align: 'right' }));
        expect((await blockRow(layout.id, block.id)).content.style).to.deep.equal({ font: 'DejaVu Serif', size: 18, color: '#114477', align: 'right' });
        const answered = (ack: Ack) => ((ack.response_data!.data as unknown as Page).blocks.find((item) => item.id === block.id)!).content;
        expect(answered(short).fits).to.equal(true);
        // The answer says when a text no longer fits its block.
        const long = await applies(editMessage('block', 'text', layout.id, block.id, { text: 'Очень длинный текст. '.repeat(60), size: 40 }));
        expect(answered(long).fits).to.equal(false);
        expect(answered(await applies(editMessage('block', 'text', layout.id, block.id, { text: 'Лето на даче', size: 18 }))).fits).to.equal(true);
      });

      it('block/clear empties a photo block', async () => {
        const block = photoBlocksOf(layout)[2];
        await applies(editMessage('block', 'clear', layout.id, block.id));
        const stored = await blockRow(layout.id, block.id);
        expect(stored.content.photo).to.equal(undefined);
        expect(stored.content.image).to.equal(null);
      });

      it('page/add adds a spread after the spread of a page, and the price follows the page count', async () => {
        const before = await pageRows(layout.id);
        const third = before.find((page) => page.num === 3)!;
        // The price list covers the book's pages as they are now, so that two more cost extra.
        await runtime.db.sql.query('UPDATE prices SET included_pages = $1 WHERE format_id = (SELECT format_id FROM layouts WHERE id = $2)', [before.length, layout.id]);
        // In the owner's open cart: the order's unit price follows the page count too.
        const carted = await request(server.url).post('/api/merch/order/').set('Authorization', users.owner.auth).send({ layout_id: layout.id, count: 1 });
        expect(carted.status).to.equal(201);
        const priceBefore = Number((await runtime.db.sql.query<{ p: string }>('SELECT price_kopecks AS p FROM orders WHERE layout_id = $1', [layout.id])).rows[0].p);
        const ack = await applies(editMessage('page', 'add', layout.id, third.id));
        const after = await pageRows(layout.id);
        expect(after.length).to.equal(before.length + 2);
        expect(after.map((page) => page.num)).to.deep.equal(after.map((_, index) => index));
        const added = after.filter((page) => !before.some((old) => old.id === page.id));
        expect(added.map((page) => page.num)).to.deep.equal([5, 6]);
        expect(added.every((page) => page.template_id === third.template_id)).to.equal(true);
        expect((await layoutRow(layout.id)).num_pages).to.equal(before.length + 2);
        const delta = ack.response_data!.layout as { num_pages: number; price_info: { total_cost: number }; photo_ids: number[]; photos: { id: number }[] };
        expect(delta.num_pages).to.equal(before.length + 2);
        // The delta's photo list is the book's, with each photo's links (it was empty: the batch read no photo facts).
        expect(delta.photo_ids.length).to.be.above(0);
        expect(delta.photos.map((photo) => photo.id)).to.deep.equal(delta.photo_ids);
        const listed = (await request(server.url).get('/api/ua/layout/').set('Authorization', users.owner.auth)).body;
        const mine = listed.layouts.find((item: { id: string }) => item.id === layout.id);
        expect(mine.price_info.total_cost).to.equal(delta.price_info.total_cost);
        expect(mine.num_pages).to.equal(before.length + 2);
        const { rows: [order] } = await runtime.db.sql.query<{ price_kopecks: string }>('SELECT price_kopecks FROM orders WHERE layout_id = $1', [layout.id]);
        expect(Number(order.price_kopecks)).to.equal(Math.round(delta.price_info.total_cost * 100));
        expect(Number(order.price_kopecks)).to.be.above(priceBefore);
      });

      it('page/move moves a spread after another, the cover staying first', async () => {
        const before = await pageRows(layout.id);
        const spread = before.filter((page) => page.num === 1 || page.num === 2).map((page) => page.id);
        const target = before.find((page) => page.num === 7)!;
        await applies(editMessage('page', 'move', layout.id, spread[0], { after: target.id }));
        const after = await pageRows(layout.id);
        expect(after[0].id).to.equal(before[0].id);
        expect(after.filter((page) => spread.includes(page.id)).map((page) => page.num)).to.deep.equal([7, 8]);
        expect(after.find((page) => page.id === target.id)!.num).to.equal(5);
      });

      it('page/remove removes a spread', async () => {
        const before = await pageRows(layout.id);
        const gone = before.filter((page) => page.num === 3 || page.num === 4).map((page) => page.id);
        const ack = await applies(editMessage('page', 'remove', layout.id, gone[1]));
        expect(ack.response_data!.removed_page_ids).to.have.members(gone);
        const after = await pageRows(layout.id);
        expect(after.length).to.equal(before.length - 2);
        expect(after.some((page) => gone.includes(page.id))).to.equal(false);
        expect(after.map((page) => page.num)).to.deep.equal(after.map((_, index) => index));
      });

      it("page/background sets a background of the book's theme, and none", async () => {
        const page = (await pageRows(layout.id))[2];
        await applies(editMessage('page', 'background', layout.id, page.id, { element_id: null }));
        expect((await pageRows(layout.id))[2].blocks.filter((block) => block.type === 'BACKGROUND')).to.deep.equal([]);
        await applies(editMessage('page', 'background', layout.id, page.id, { element_id: backgroundElement }));
        const backgrounds = (await pageRows(layout.id))[2].blocks.filter((block) => block.type === 'BACKGROUND');
        const image = (await runtime.db.sql.query<{ image: string }>('SELECT image FROM theme_elements WHERE id = $1', [backgroundElement])).rows[0].image;
        expect(backgrounds.map((block) => block.content.image)).to.deep.equal([image]);
      });

      it('page/set moves placed photos into the new slots, framed again', async () => {
        const page = layout.pages.find((item) => item.blocks.some((block) => block.content.photo?.photo_id === photos.large))!;
        const schemes = (await request(server.url).get('/api/ua/scheme/?fmt=1').set('Authorization', users.owner.auth)).body as { id: number; slots: { type: string; width: number; height: number }[] }[];
        const other = schemes.find((scheme) => scheme.id !== page.template?.id && scheme.slots.some((slot) => slot.type === 'PHOTO'))!;
        await applies(editMessage('page', 'set', layout.id, page.id, { id: other.id }));
        const stored = (await pageRows(layout.id)).find((item) => item.id === page.id)!;
        const holder = stored.blocks.find((block) => block.content.photo?.photo_id === photos.large)!;
        const blockMm = await blockMmOf(layout.id, holder);
        const { crop } = holder.content.photo;
        expect((crop.width * 3000) / (crop.height * 2000)).to.be.closeTo(blockMm.width / blockMm.height, 0.01);
      });

      it('page/set frames again a photo it brings back from the unplaced contents', async () => {
        const page = layout.pages.find((item) => item.blocks.some((block) => block.content.photo?.photo_id === photos.large))!;
        const schemes = (await request(server.url).get('/api/ua/scheme/?fmt=1').set('Authorization', users.owner.auth)).body as { id: number; slots: { type: string }[] }[];
        const holderOf = async () => (await pageRows(layout.id)).find((item) => item.id === page.id)!.blocks.find((block) => block.content.photo?.photo_id === photos.large);
        const proportions = async (block: Block) => {
          const { crop } = block.content.photo;
          const mm = await blockMmOf(layout.id, block);
          return { crop: (crop.width * 3000) / (crop.height * 2000), block: mm.width / mm.height };
        };
        let reframed = 0;
        for (const scheme of schemes.filter((item) => item.slots.some((slot) => slot.type === 'PHOTO'))) {
          const holder = (await holderOf())!;
          const before = await proportions(holder);
          // The photo off its block into the layout's unplaced contents, as a scheme with fewer photo slots leaves it
          // (the catalog has none with fewer than this page's), then page/set puts it back into a slot.
          await runtime.db.sql.query(
            `UPDATE layout_pages SET blocks = (SELECT jsonb_agg(CASE WHEN b->>'id' = $2 THEN jsonb_set(b, '{content,photo}', 'null') ELSE b END) FROM jsonb_array_elements(blocks) b) WHERE id = $1`,
            [page.id, holder.id]);
          await runtime.db.sql.query('UPDATE layouts SET unplaced = unplaced || $2::jsonb WHERE id = $1', [layout.id, JSON.stringify([{
            id: holder.id, type: 'PHOTO', page_id: page.id, content_warp: holder.content_warp, content: holder.content,
          }])]);
          await applies(editMessage('page', 'set', layout.id, page.id, { id: scheme.id }));
          const after = await proportions((await holderOf())!);
          expect(after.crop, `scheme ${scheme.id}`).to.be.closeTo(after.block, 0.01);
          if (Math.abs(before.crop - after.block) > 0.05) reframed += 1;
        }
        // At least one slot of other proportions than the photo's last block: its crop was made anew, not kept.
        expect(reframed).to.be.greaterThan(0);
      });

      it('layout/remove_photos takes photos off the book and out of their blocks', async () => {
        await applies(editMessage('layout', 'remove_photos', layout.id, undefined, { photo_ids: [photos.portrait] }));
        expect((await layoutRow(layout.id)).photo_ids).to.deep.equal([photos.large, photos.tiny]);
        const holders = (await pageRows(layout.id)).flatMap((page) => page.blocks).filter((block) => block.content.photo?.photo_id === photos.portrait);
        expect(holders).to.deep.equal([]);
      });

      it('undo steps back through every change to the exact state before it, and redo forward again', async () => {
        states.push(await read(layout.id));
        const steps = states.length - 1;
        for (let step = steps - 1; step >= 0; step -= 1) {
          const ack = await sender.ask(editMessage('layout', 'undo', layout.id, undefined));
          expect(ack.error, JSON.stringify(ack.error)).to.equal(undefined);
          expect(contents(await read(layout.id))).to.deep.equal(contents(states[step]));
        }
        expect((await sender.ask(editMessage('layout', 'undo', layout.id, undefined))).error?.code).to.equal('nothing_to_undo');
        for (let step = 1; step <= steps; step += 1) {
          const message = editMessage('layout', 'redo', layout.id, undefined);
          const ack = await sender.ask(message);
          expect(ack.error, JSON.stringify(ack.error)).to.equal(undefined);
          // Exactly once: the replay answers the first ack and does not step again.
          expect(await sender.ask(message)).to.deep.equal(ack);
          expect(contents(await read(layout.id))).to.deep.equal(contents(states[step]));
        }
        expect((await sender.ask(editMessage('layout', 'redo', layout.id, undefined))).error?.code).to.equal('nothing_to_redo');
        expect(await watcher.heard(2 * steps)).to.have.length(2 * steps);
      });

      it('a new change after an undo drops the redo branch', async () => {
        expect((await sender.ask(editMessage('layout', 'undo', layout.id, undefined))).error).to.equal(undefined);
        const block = photoBlocksOf(layout)[2];
        expect((await sender.ask(editMessage('block', 'set', layout.id, block.id, { photo_id: photos.large }))).error).to.equal(undefined);
        expect((await sender.ask(editMessage('layout', 'redo', layout.id, undefined))).error?.code).to.equal('nothing_to_redo');
      });
    });
  }
});
