// Faces kept off the fold of a spread (issue 51): the default crop of block/set and of autofill keeps every face out of
// the 10 mm band beside the fold (an odd page's right edge, an even page's left edge) where the frame reaches into it,
// on a photo with a real face (face-api's sample 2) that the attention point would frame with its face at that edge.
import { expect } from 'chai';
import request from 'supertest';
import { processPhoto } from '../../src/worker/process-photo';
import type { RunningServer } from '../../src/server';
import { FOLD_MARGIN_MM } from '../../src/shared/fold-band';
import { DATABASE_KIND } from '../helpers/database';
import { type TestRuntime, testRuntime, testServer } from '../helpers/runtime';
import { type LayoutTestUsers, layoutTestUsers, seedLayoutCatalog } from '../layouts/catalog';
import { sampleCopy } from '../photos/face-samples';
import { type BookEditor, editMessage, joinedEditor } from './editors';

interface Box { x: number; y: number; width: number; height: number }
interface StoredBlock extends Box { id: string; type: string; content: { photo?: { photo_id: number; crop: Box; mirror: boolean } } }
interface PageRow { num: number; blocks: StoredBlock[] }

describe(`framing keeps faces off the fold of a spread (${DATABASE_KIND})`, function () {
  this.timeout(300_000);
  let runtime: TestRuntime;
  let server: RunningServer & { url: string };
  let users: LayoutTestUsers;
  let products: number[];
  let photoId: number;
  let faces: Box[];
  let pageMm: { width: number; height: number };
  const editors: BookEditor[] = [];

  /** Where a face lies across the page, in mm from the page's left edge, as the block shows its crop. */
  const faceOnPage = (block: StoredBlock, face: Box) => {
    const { crop, mirror } = block.content.photo!;
    let left = (face.x - crop.x) / crop.width;
    let right = (face.x + face.width - crop.x) / crop.width;
    if (mirror) [left, right] = [1 - right, 1 - left];
    const x = (block.x / 100) * pageMm.width;
    const width = (block.width / 100) * pageMm.width;
    return { left: x + left * width, right: x + right * width };
  };
  /** The mm between each face and the fold (negative: the face crosses into the band's other side, never here). */
  const foldDistances = (page: PageRow, block: StoredBlock) => faces.map((face) => {
    const { left, right } = faceOnPage(block, face);
    return page.num % 2 === 1 ? pageMm.width - right : left;
  });
  const book = async () => {
    const { id } = (await request(server.url).post('/api/ua/layout/').set('Authorization', users.owner.auth).send({ product_id: products[0] })).body as { id: string };
    const editor = await joinedEditor('socket.io', server.url, users.owner.token, id);
    editors.push(editor);
    return { id, editor };
  };
  const pagesOf = async (layoutId: string) => (await runtime.db.sql.query<PageRow>(
    'SELECT num, blocks FROM layout_pages WHERE layout_id = $1 AND num > 0 ORDER BY num', [layoutId])).rows;
  /** A PHOTO block of the page that reaches into the fold's band. */
  const foldBlock = (page: PageRow) => page.blocks.find((block) => block.type === 'PHOTO'
    && (page.num % 2 === 1 ? ((block.x + block.width) / 100) * pageMm.width > pageMm.width - FOLD_MARGIN_MM : (block.x / 100) * pageMm.width < FOLD_MARGIN_MM));

  before(async () => {
    runtime = await testRuntime({ SOCKET_EVENTS_PER_SECOND: '400' });
    ({ products } = await seedLayoutCatalog(runtime));
    users = await layoutTestUsers(runtime);
    server = await testServer(runtime);
    const { rows: [format] } = await runtime.db.sql.query<{ width_cm: string; height_cm: string }>(
      'SELECT f.width_cm, f.height_cm FROM products p JOIN formats f ON f.id = p.format_id WHERE p.id = $1', [products[0]]);
    pageMm = { width: Number(format.width_cm) * 10, height: Number(format.height_cm) * 10 };
    // Sample 2: one face on the right, the attention point at the photo's left edge.
    const { body } = await request(server.url).post('/api/or/photo/').set('Authorization', users.owner.auth)
      .attach('files', await sampleCopy(2), { filename: 'face.jpg', contentType: 'image/jpeg' });
    photoId = body.photo_id as number;
    await processPhoto.handle({ photoId }, runtime.jobContext);
    const { rows: [analysis] } = await runtime.db.sql.query<{ faces: { box: Box }[] }>('SELECT faces FROM photo_analyses WHERE photo_id = $1', [photoId]);
    faces = analysis.faces.map((face) => face.box);
    expect(faces).to.have.length(1);
  });
  afterEach(() => {
    for (const made of editors.splice(0)) made.close();
  });
  after(async () => {
    await server.stop();
    await runtime.dispose();
  });

  it('block/set: a face stays whole and out of the band on both pages of a spread, mirrored or not', async () => {
    const { id, editor } = await book();
    expect((await editor.ask(editMessage('layout', 'add_photos', id, undefined, { photo_ids: [photoId] }))).error).to.equal(undefined);
    const before = await pagesOf(id);
    let checked = 0;
    for (const num of [1, 2]) {
      const block = foldBlock(before.find((page) => page.num === num)!);
      if (!block) continue;
      for (const mirror of [false, true]) {
        const ack = await editor.ask(editMessage('block', 'set', id, block.id, { photo_id: photoId, mirror }));
        expect(ack.error, JSON.stringify(ack.error)).to.equal(undefined);
        const page = (await pagesOf(id)).find((item) => item.num === num)!;
        const placed = page.blocks.find((item) => item.id === block.id)!;
        for (const distance of foldDistances(page, placed)) expect(distance, `page ${num}, mirror ${mirror}`).to.be.at.least(FOLD_MARGIN_MM - 1e-6);
        // Whole inside the frame.
        const { crop } = placed.content.photo!;
        for (const face of faces) expect(face.x >= crop.x - 1e-6 && face.x + face.width <= crop.x + crop.width + 1e-6).to.equal(true);
        checked += 1;
      }
    }
    expect(checked, 'the demo book has frames at the fold').to.be.at.least(2);
  });

  it('autofill: the photo placed at the fold keeps its face out of the band', async () => {
    const { id, editor } = await book();
    const ack = await editor.ask(editMessage('layout', 'autofill', id, undefined, { photo_ids: [photoId] }));
    expect(ack.error, JSON.stringify(ack.error)).to.equal(undefined);
    const page = (await pagesOf(id)).find((item) => item.blocks.some((block) => block.content.photo))!;
    const placed = page.blocks.find((block) => block.content.photo)!;
    expect(foldBlock(page)?.id, `page ${page.num}'s frame reaches into the fold`).to.equal(placed.id);
    for (const distance of foldDistances(page, placed)) expect(distance).to.be.at.least(FOLD_MARGIN_MM - 1e-6);
  });
});
