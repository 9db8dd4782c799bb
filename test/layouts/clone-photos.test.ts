// A copy of a book carries only what its new owner may hold (security review 4, finding 7): a moderator's copy of a
// shopper's book kept her placed photos, and its reads and viewer link still opened them after he was demoted.
import { expect } from 'chai';
import sharp from 'sharp';
import request from 'supertest';
import { processPhoto } from '../../src/worker/process-photo';
import { buildApp } from '../../src/app';
import { bookImageBase } from '../../src/photos/photo-links';
import type { RunningServer } from '../../src/server';
import { DATABASE_KIND } from '../helpers/database';
import { type TestRuntime, testRuntime, testServer } from '../helpers/runtime';
import { editMessage, joinedEditor } from '../editing/editors';
import { noiseImage } from '../themes/images';

const BASE = 'http://photobook.test';
/** Edited in a test below: block ids in messages are UUIDs. */
const TEXT_BLOCK = '0b0a0c0d-1e2f-4a3b-8c4d-5e6f7a8b9c0d';

interface Block { type: string; content: { photo?: { photo_id: number } } }

describe(`a copy of another owner's book drops that owner's photos (${DATABASE_KIND})`, () => {
  let runtime: TestRuntime;
  let client: ReturnType<typeof request>;
  let shopper: { id: number; auth: string };
  let moderator: { id: number; auth: string; demoted: string; token: string };
  let server: RunningServer & { url: string };
  let photoId: number;
  let book: { id: string; hash: string };

  /** A book of the owner listing and placing the photo, with another of her photos among its unplaced contents. */
  const bookPlacing = async (ownerId: number, placed: number) => {
    const placement = { photo_id: placed, crop: { x: 0, y: 0, width: 1, height: 1 }, rotation: 0, mirror: false };
    const block = (id: string) => ({
      id, type: 'PHOTO', theme_element_type: null, x: 0, y: 0, width: 50, height: 50, content_warp: { x: 0, y: 0, width: 100, height: 100 },
      content: { image: null, text: '', link: null, photo: placement },
    });
    const text = { ...block(TEXT_BLOCK), type: 'TEXT', content: { image: null, text: 'Summer', link: null } };
    const { rows: [layout] } = await runtime.db.sql.query<{ id: string; hash: string }>(
      `INSERT INTO layouts (name, num_pages, owner_id, photo_ids, unplaced) VALUES ('Book', 1, $1, $2::jsonb, $3::jsonb) RETURNING id, hash`,
      [ownerId, JSON.stringify([placed]), JSON.stringify([{ ...block('u1'), page_id: '00000000-0000-4000-8000-000000000000' }])]);
    await runtime.db.sql.query(
      `INSERT INTO layout_pages (layout_id, num, type, width_px, viewbox, blocks) VALUES ($1, 1, 'PAGE', 100, '{"width": 100, "height": 100}', $2::jsonb)`,
      [layout.id, JSON.stringify([block('b1'), text])]);
    return layout;
  };
  const placedIds = (layout: { pages: { blocks: Block[] }[] }) =>
    layout.pages.flatMap((page) => page.blocks.flatMap((block) => (block.content.photo ? [block.content.photo.photo_id] : [])));
  /** Links to the photo signed into a layout's JSON: an image, or the original as uploaded. */
  const linksTo = (body: unknown, id: number) => JSON.stringify(body).match(new RegExp(`/photos/api/photo/${id}/[^"]*`, 'g')) ?? [];
  const viewerImage = async (auth: string, layoutId: string, id: number) => {
    const url = new URL((await client.get(`/api/ua/layout/${layoutId}/viewer/`).set('Authorization', auth).expect(200)).body.url as string);
    const [hash, expires, sig] = [url.pathname.split('/')[2], url.searchParams.get('expires')!, url.searchParams.get('sig')!];
    return client.get(`${new URL(bookImageBase(BASE, id, hash, expires, sig)).pathname}=w200`);
  };

  before(async () => {
    runtime = await testRuntime({ PUBLIC_BASE_URL: BASE });
    client = request(buildApp(runtime).callback());
    server = await testServer(runtime);
    const user = await runtime.users.create({ email: 'shopper@example.com', role: 'user' });
    shopper = { id: user.id, auth: `Bearer ${runtime.tokens.issue(user)}` };
    const staff = await runtime.users.create({ email: 'moderator@example.com', role: 'moderator' });
    const token = runtime.tokens.issue(staff);
    moderator = { id: staff.id, auth: `Bearer ${token}`, demoted: `Bearer ${runtime.tokens.issue({ ...staff, role: 'user' })}`, token };
    const content = await noiseImage(400, 300).jpeg().toBuffer();
    photoId = (await client.post('/api/or/photo/').set('Authorization', shopper.auth)
      .attach('files', content, { filename: 'p.jpg', contentType: 'image/jpeg' }).expect(200)).body.photo_id as number;
    await processPhoto.handle({ photoId }, runtime.jobContext);
    book = await bookPlacing(shopper.id, photoId);
  });
  after(async () => {
    await server.stop();
    await runtime.dispose();
  });

  it("gives the moderator's copy empty frames, no photo list and no unplaced photos; the shopper's own copy keeps them", async () => {
    // The moderator reads the shopper's book with its photos: reading is his role.
    const original = (await client.get(`/api/ua/layout/${book.id}/`).set('Authorization', moderator.auth).expect(200)).body;
    expect(placedIds(original)).to.deep.equal([photoId]);
    expect(linksTo(original, photoId)).to.not.deep.equal([]);

    const copy = (await client.post(`/api/ua/layout/${book.id}/clone/`).set('Authorization', moderator.auth).send({ name: 'Check' }).expect(201)).body;
    expect(placedIds(copy)).to.deep.equal([]);
    const { rows: [stored] } = await runtime.db.sql.query<{ photo_ids: number[]; unplaced: unknown[]; warps: unknown[] }>(
      `SELECT photo_ids, unplaced, (SELECT jsonb_agg(b->'content_warp') FROM layout_pages p, jsonb_array_elements(p.blocks) b WHERE p.layout_id = l.id) AS warps
         FROM layouts l WHERE id = $1`, [copy.id]);
    // The frame as block/clear leaves it: the whole block.
    expect(stored).to.deep.equal({ photo_ids: [], unplaced: [], warps: [{ x: 0, y: 0, width: 100, height: 100 }, { x: 0, y: 0, width: 100, height: 100 }] });
    // Demoted, he reads his copy: nothing of the shopper's is linked, and its viewer link opens none of her photos.
    const read = (await client.get(`/api/ua/layout/${copy.id}/`).set('Authorization', moderator.demoted).expect(200)).body;
    expect(linksTo(read, photoId)).to.deep.equal([]);
    expect((await viewerImage(moderator.demoted, copy.id, photoId)).status).to.equal(404);

    const own = (await client.post(`/api/ua/layout/${book.id}/clone/`).set('Authorization', shopper.auth).send({ name: 'Mine' }).expect(201)).body;
    expect(placedIds(own)).to.deep.equal([photoId]);
    expect((await viewerImage(shopper.auth, own.id, photoId)).status).to.equal(200);
  });

  it('signs no link to, and opens by no viewer link, a photo a book places of another owner (a copy made before)', async () => {
    const older = await bookPlacing(moderator.id, photoId);
    const read = (await client.get(`/api/ua/layout/${older.id}/`).set('Authorization', moderator.demoted).expect(200)).body;
    expect(placedIds(read)).to.deep.equal([photoId]);
    expect(linksTo(read, photoId)).to.deep.equal([]);
    const viewer = await viewerImage(moderator.demoted, older.id, photoId);
    expect(viewer.status).to.equal(404);
    // An edit's answer presents the page with the photo unlinked too.
    const editor = await joinedEditor('plain', server.url, moderator.token, older.id);
    try {
      const ack = await editor.ask(editMessage('block', 'text', older.id, TEXT_BLOCK, { text: 'Autumn' }));
      expect(ack.error, JSON.stringify(ack.error)).to.equal(undefined);
      expect(placedIds({ pages: [ack.response_data!.data as { blocks: Block[] }] })).to.deep.equal([photoId]);
      expect(linksTo(ack, photoId)).to.deep.equal([]);
    } finally {
      editor.close();
    }
    // The shopper's own book still opens it: the link is refused for the owner, not for the photo.
    const answer = await viewerImage(shopper.auth, book.id, photoId);
    expect(answer.status).to.equal(200);
    expect((await sharp(answer.body as Buffer).metadata()).width).to.equal(200);
  });
});
