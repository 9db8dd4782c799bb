// What the shop's front end reads of this service (issue 45), reproduced as it reads it: `uid` of the user (it opens
// /photos/ws only with one), a placed photo in `content.image`, every text from the picture at `content.link`, the
// book's status (OPEN, COMPLETED once finished, INORDER in the cart), and the cart's order drawn from its cover page.
import { expect } from 'chai';
import sharp from 'sharp';
import request from 'supertest';
import { processPhoto } from '../../src/worker/process-photo';
import { createValidator, type Validator } from '../../src/http/validation';
import type { RunningServer } from '../../src/server';
import { DATABASE_KIND } from '../helpers/database';
import { type TestRuntime, testRuntime, testServer } from '../helpers/runtime';
import { type BookEditor, editMessage, joinedEditor } from '../editing/editors';
import { type LayoutTestUsers, layoutTestUsers, seedLayoutCatalog } from './catalog';

interface Block { id: string; type: string; content: Record<string, any> }
interface Page { id: string; num: number; type: string; blocks: Block[]; template: { width: number } | null; factor: number }
interface Layout { id: string; status: string; pages: Page[] }

/** The share of a picture's pixels that are not transparent, and whether its corners are. */
async function inkOf(png: Buffer) {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  let inked = 0;
  for (let index = 3; index < data.length; index += 4) if (data[index] > 128) inked += 1;
  return { share: inked / (info.width * info.height), cornerAlpha: data[3], width: info.width, height: info.height };
}

describe(`what the shop's front end reads: uid, content.image, content.link, book statuses, the cart's cover (${DATABASE_KIND})`, function () {
  this.timeout(120_000);
  let runtime: TestRuntime;
  let server: RunningServer & { url: string };
  let users: LayoutTestUsers;
  let products: number[];
  let validator: Validator;
  let editor: BookEditor;
  let photoId: number;
  let tinyPhotoId: number;

  const as = (auth = users.owner.auth) => ({
    get: (path: string) => request(server.url).get(path).set('Authorization', auth),
    post: (path: string, body?: object) => request(server.url).post(path).set('Authorization', auth).send(body),
  });
  const read = async (layoutId: string): Promise<Layout> => (await as().get(`/api/ua/layout/${layoutId}/`)).body;
  const upload = async (width: number, height: number) => {
    const picture = await sharp({ create: { width, height, channels: 3, background: '#3070c0' } }).jpeg().toBuffer();
    const response = await as().post('/api/or/photo/').attach('files', picture, { filename: 'photo.jpg', contentType: 'image/jpeg' });
    await processPhoto.handle({ photoId: response.body.photo_id }, runtime.jobContext);
    return response.body.photo_id as number;
  };
  const interiorBlock = (layout: Layout, type: string) =>
    layout.pages.filter((page) => page.type === 'PAGE').flatMap((page) => page.blocks).find((block) => block.type === type)!;
  const send = (layoutId: string, object: string, action: string, id: string | undefined, payload: object = {}) =>
    editor.ask(editMessage(object, action, layoutId, id, payload));

  before(async () => {
    runtime = await testRuntime({ PUBLIC_BASE_URL: 'http://127.0.0.1' });
    ({ products } = await seedLayoutCatalog(runtime));
    users = await layoutTestUsers(runtime);
    server = await testServer(runtime);
    validator = createValidator(runtime.schemas);
    photoId = await upload(3000, 2000);
    tinyPhotoId = await upload(120, 80);
  });
  afterEach(() => editor?.close());
  after(async () => {
    await server.stop();
    await runtime.dispose();
  });

  it('GET /api/auth/user/ carries uid, the id as a string, for a user and for a visitor', async () => {
    const user = await as().get('/api/auth/user/');
    expect(user.body).to.include({ id: users.owner.id, uid: String(users.owner.id) });
    expect(validator.errorsOf('auth-user.json', user.body)).to.equal(null);
    const visitor = await request(server.url).post('/auth/autoreg/');
    const answer = await as(`Bearer ${visitor.body.token}`).get('/api/auth/user/');
    expect(answer.body.uid).to.equal(String(answer.body.id));
  });

  it('a placed photo\'s link is in content.image too, equal to content.photo.image, in the read and in the ack', async () => {
    const book: Layout = (await as().post(`/api/ua/product/${products[0]}/generate-layout/`, {})).body;
    editor = await joinedEditor('socket.io', server.url, users.owner.token, book.id);
    const frame = interiorBlock(book, 'PHOTO');
    await send(book.id, 'layout', 'add_photos', undefined, { photo_ids: [photoId] });
    const ack = await send(book.id, 'block', 'set', frame.id, { photo_id: photoId });
    const acked = (ack.response_data!.data as unknown as Page).blocks.find((block) => block.id === frame.id)!;
    expect(acked.content.image).to.be.a('string').and.equal(acked.content.photo.image);
    const placed = interiorBlock(await read(book.id), 'PHOTO');
    expect(placed.content.image).to.be.a('string').and.equal(placed.content.photo.image);
    // The front end appends =w<px>: the link serves the photo.
    const picture = await request(server.url).get(`${new URL(placed.content.image).pathname}=w200`);
    expect(picture.status).to.equal(200);
    expect(picture.headers['content-type']).to.equal('image/jpeg');
  });

  it('content.link of a text is a transparent picture of the text, for the owner\'s book and the gallery\'s preview; it changes with the text', async () => {
    const preview: Layout = (await request(server.url).get(`/api/ua/layout/product/${products[0]}/`)).body;
    const title = preview.pages[0].blocks.find((block) => block.type === 'TEXT' && block.content.text.trim())!;
    expect(title.content.link).to.match(new RegExp(`^http://127\\.0\\.0\\.1/layout/text/${preview.id}/${title.id}/[\\w-]{22}\\.png$`));
    const titlePicture = await request(server.url).get(new URL(title.content.link).pathname);
    expect(titlePicture.status).to.equal(200);
    expect(titlePicture.headers['content-type']).to.equal('image/png');
    const titleInk = await inkOf(titlePicture.body);
    expect(titleInk.cornerAlpha, 'a transparent background').to.equal(0);
    expect(titleInk.share, 'the text\'s ink').to.be.within(0.005, 0.6);

    const book: Layout = (await as().post(`/api/ua/product/${products[0]}/generate-layout/`, {})).body;
    editor = await joinedEditor('socket.io', server.url, users.owner.token, book.id);
    const block = interiorBlock(book, 'TEXT');
    const short = await send(book.id, 'block', 'text', block.id, { text: 'Лето', size: 24, color: '#c00000' });
    const shortLink = (short.response_data!.data as unknown as Page).blocks.find((item) => item.id === block.id)!.content.link as string;
    const shortInk = await inkOf((await request(server.url).get(new URL(shortLink).pathname)).body);
    const long = await send(book.id, 'block', 'text', block.id, { text: 'Лето на даче у бабушки', size: 24, color: '#c00000' });
    const longLink = interiorBlock(await read(book.id), 'TEXT').content.link as string;
    expect(longLink).to.equal((long.response_data!.data as unknown as Page).blocks.find((item) => item.id === block.id)!.content.link);
    expect(longLink).to.not.equal(shortLink);
    const longPicture = (await request(server.url).get(new URL(longLink).pathname)).body as Buffer;
    const longInk = await inkOf(longPicture);
    // Same block, same size: a longer text inks more of it, in the colour it was given.
    expect([longInk.width, longInk.height]).to.deep.equal([shortInk.width, shortInk.height]);
    expect(longInk.share).to.be.greaterThan(shortInk.share * 2);
    const { data } = await sharp(longPicture).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const opaque = [...Array(data.length / 4).keys()].map((index) => index * 4).filter((offset) => data[offset + 3] === 255);
    expect(opaque.length).to.be.greaterThan(0);
    expect(opaque.every((offset) => data[offset] > 150 && data[offset + 1] < 60 && data[offset + 2] < 60), 'red ink').to.equal(true);
    // The old link names a text the block no longer holds.
    expect((await request(server.url).get(new URL(shortLink).pathname)).status).to.equal(404);
    // A block without text has no picture.
    const emptyText = interiorBlock(await read(book.id), 'TEXT');
    await send(book.id, 'block', 'text', emptyText.id, { text: '' });
    expect(interiorBlock(await read(book.id), 'TEXT').content.link).to.equal(null);
  });

  it('a book is OPEN, COMPLETED once finished (refused with the preflight\'s errors), OPEN again after an edit, INORDER in the cart', async () => {
    const book: Layout = (await as().post(`/api/ua/product/${products[1]}/generate-layout/`, {})).body;
    expect(book.status).to.equal('OPEN');
    editor = await joinedEditor('socket.io', server.url, users.owner.token, book.id);
    const frame = interiorBlock(book, 'PHOTO');
    await send(book.id, 'layout', 'add_photos', undefined, { photo_ids: [tinyPhotoId, photoId] });
    await send(book.id, 'block', 'set', frame.id, { photo_id: tinyPhotoId });
    const refused = await send(book.id, 'layout', 'finish', undefined);
    expect(validator.errorsOf('layout-ack.json', refused)).to.equal(null);
    expect(refused.error).to.include({ code: 'preflight_failed' });
    const problems = (refused.error as unknown as { problems: { block_id: string; kind: string; num: number }[] }).problems;
    expect(problems.map(({ block_id, kind }) => ({ block_id, kind }))).to.deep.include({ block_id: frame.id, kind: 'cannot_print' });
    expect((await read(book.id)).status).to.equal('OPEN');

    await send(book.id, 'block', 'set', frame.id, { photo_id: photoId });
    const finish = editMessage('layout', 'finish', book.id, undefined);
    const finished = await editor.ask(finish);
    expect(finished.error, JSON.stringify(finished.error)).to.equal(undefined);
    expect(validator.errorsOf('layout-ack.json', finished)).to.equal(null);
    expect(finished.response_data!.layout).to.include({ finished: true });
    expect(await editor.ask(finish), 'a replay answers the first ack').to.deep.equal(finished);
    expect((await read(book.id)).status).to.equal('COMPLETED');
    const completed = (await as().get('/api/ua/layout/?status=COMPLETED')).body;
    expect(completed.layouts.map((layout: Layout) => layout.id)).to.deep.equal([book.id]);
    expect(validator.errorsOf('layout-list.json', completed)).to.equal(null);

    const edit = await send(book.id, 'block', 'crop', frame.id, { crop: { x: 0.1, y: 0.1, width: 0.5, height: 0.5 } });
    expect(edit.response_data!.layout).to.include({ finished: false });
    expect((await read(book.id)).status).to.equal('OPEN');
    expect((await as().get('/api/ua/layout/?status=COMPLETED')).body.layouts).to.deep.equal([]);

    expect((await send(book.id, 'layout', 'finish', undefined)).error).to.equal(undefined);
    expect((await read(book.id)).status).to.equal('COMPLETED');
    const ordered = await as().post(`/api/ua/layout/${book.id}/`);
    expect(ordered.status).to.equal(201);
    expect((await read(book.id)).status).to.equal('INORDER');
    expect((await as().get('/api/ua/layout/?status=INORDER')).body.layouts.map((layout: Layout) => layout.id)).to.deep.equal([book.id]);
    // Out of the cart it is finished still.
    expect((await as().post(`/api/ua/layout/${book.id}/`)).status).to.equal(201);
    await request(server.url).delete(`/api/merch/order/${ordered.body.id}/`).set('Authorization', users.owner.auth).expect(200);
    expect((await read(book.id)).status).to.equal('COMPLETED');
  });

  it('the cart draws each order from its book\'s cover page, with its size and print options', async () => {
    const book: Layout = (await as(users.other.auth).post(`/api/ua/product/${products[2]}/generate-layout/`, {
      cover_type: 'HARD_COVER', binding_type: 'glue', cover_lamination_types: ['mat'],
    })).body;
    await as(users.other.auth).post(`/api/ua/layout/${book.id}/`).expect(201);
    const sets = (await as(users.other.auth).get('/api/merch/orderset/')).body;
    const [order] = sets[0].orders;
    expect(validator.errorsOf('order.json', order)).to.equal(null);
    const cover = (await as(users.other.auth).get(`/api/ua/layout/${book.id}/`)).body.pages[0];
    // What prepareData reads of a cover: its template's millimetres, factor, blocks with content_warp and content.
    expect(order.cover).to.deep.equal(cover);
    expect(order.cover.template.width).to.be.a('number');
    expect(order.cover.blocks.find((block: Block) => block.type === 'TEXT').content.link).to.be.a('string');
    expect(order).to.include({ cover_type: 'HARD_COVER', binding_type: 'glue', cover_lamination_types: 'mat' });
    expect(order.format_name).to.match(/^\d+x\d+ см$/);
    expect(order.preview_image === null || typeof order.preview_image === 'string').to.equal(true);
  });
});
