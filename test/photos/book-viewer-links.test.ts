// A book's viewer link (/layout/<hash>/?expires=...&sig=..., from GET /api/ua/layout/<id>/viewer/) opens the sizes of
// the photos that book names, for whoever holds it; every other photo stays its owner's (404), and no original opens.
import { expect } from 'chai';
import request from 'supertest';
import sharp from 'sharp';
import { processPhoto } from '../../src/worker/process-photo';
import { buildApp } from '../../src/app';
import { bookImageBase } from '../../src/photos/photo-links';
import { DATABASE_KIND } from '../helpers/database';
import { type TestRuntime, testRuntime } from '../helpers/runtime';
import { noiseImage } from '../themes/images';

type Client = ReturnType<typeof request>;
const BASE = 'http://photobook.test';

describe(`shoppers' photos: opened by a book's viewer link (${DATABASE_KIND})`, function () {
  this.timeout(60_000);
  let runtime: TestRuntime;
  let client: Client;
  let emails = 0;
  let pictures = 0;

  const account = async () => {
    const user = await runtime.users.create({ email: `viewer${(emails += 1)}@example.com`, role: 'user' });
    return { id: user.id, auth: `Bearer ${runtime.tokens.issue(user)}` };
  };
  const photo = async (auth: string) => {
    const content = await noiseImage(400 + (pictures += 1), 300).jpeg().toBuffer();
    const id = (await client.post('/api/or/photo/').set('Authorization', auth)
      .attach('files', content, { filename: 'p.jpg', contentType: 'image/jpeg' }).expect(200)).body.photo_id as number;
    await processPhoto.handle({ photoId: id }, runtime.jobContext);
    return id;
  };
  /** A book of the owner listing some photos and placing others in PHOTO blocks; its id and hash. */
  const book = async (ownerId: number, listed: number[], placed: number[]) => {
    const { rows: [layout] } = await runtime.db.sql.query<{ id: string; hash: string }>(
      "INSERT INTO layouts (name, num_pages, owner_id, photo_ids) VALUES ('Book', 1, $1, $2::jsonb) RETURNING id, hash", [ownerId, JSON.stringify(listed)]);
    const blocks = placed.map((photoId, index) => ({
      id: `b${index}`, type: 'PHOTO', theme_element_type: null, x: 0, y: 0, width: 1, height: 1, content_warp: { x: 0, y: 0, width: 1, height: 1 },
      content: { image: null, text: '', link: null, photo: { photo_id: photoId, crop: { x: 0, y: 0, width: 1, height: 1 }, rotation: 0, mirror: false } },
    }));
    await runtime.db.sql.query(
      `INSERT INTO layout_pages (layout_id, num, type, width_px, viewbox, blocks) VALUES ($1, 1, 'PAGE', 100, '{"width": 100, "height": 100}', $2::jsonb)`,
      [layout.id, JSON.stringify(blocks)]);
    return layout;
  };
  /** The viewer link's expires and sig, as its owner gets it. */
  const viewerLink = async (auth: string, layoutId: string) => {
    const { body } = await client.get(`/api/ua/layout/${layoutId}/viewer/`).set('Authorization', auth).expect(200);
    const url = new URL(body.url as string);
    return { hash: url.pathname.split('/')[2], expires: url.searchParams.get('expires')!, sig: url.searchParams.get('sig')! };
  };
  const pathOf = (url: string) => new URL(url).pathname;

  before(async () => {
    runtime = await testRuntime({ PUBLIC_BASE_URL: BASE });
    client = request(buildApp(runtime).callback());
  });
  after(() => runtime.dispose());

  it('opens the sizes of the photos the book places or lists, to anyone holding its link; hidden ones too', async () => {
    const owner = await account();
    const [placed, listed] = [await photo(owner.auth), await photo(owner.auth)];
    const layout = await book(owner.id, [listed], [placed]);
    const link = await viewerLink(owner.auth, layout.id);
    expect(link.hash).to.equal(layout.hash);
    await client.patch('/photos/api/photo/destroy_many/').set('Authorization', owner.auth).send({ photo_id_list: [listed] }).expect(200);

    for (const id of [placed, listed]) {
      const answer = await client.get(`${pathOf(bookImageBase(BASE, id, link.hash, link.expires, link.sig))}=w200`).expect(200);
      expect(answer.headers['content-type']).to.equal('image/jpeg');
      expect((await sharp(answer.body as Buffer).metadata()).width).to.equal(200);
    }
    // A stranger's token changes nothing: the link is the permission.
    const stranger = await account();
    await client.get(`${pathOf(bookImageBase(BASE, placed, link.hash, link.expires, link.sig))}=w0`).set('Authorization', stranger.auth).expect(200);
  });

  it('opens no other photo: the owner\'s others, another user\'s, nor the book\'s photo\'s original', async () => {
    const owner = await account();
    const other = await account();
    const [placed, notInBook] = [await photo(owner.auth), await photo(owner.auth)];
    const strangers = await photo(other.auth);
    const layout = await book(owner.id, [], [placed]);
    const link = await viewerLink(owner.auth, layout.id);
    for (const id of [notInBook, strangers]) {
      const answer = await client.get(`${pathOf(bookImageBase(BASE, id, link.hash, link.expires, link.sig))}=w200`);
      expect(answer.status, `photo ${id}`).to.equal(404);
      expect(answer.body).to.deep.equal({ detail: 'Not found.' });
    }
    // The viewer link's signature is not a photo link's: neither the size nor the original opens by it.
    await client.get(`/photos/api/photo/${placed}/image/${link.expires}.${link.sig}=w200`).expect(401);
    await client.get(`/photos/api/photo/${placed}/original/`).query({ expires: link.expires, sig: link.sig }).expect(401);
    // Nor does another user's token.
    await client.get(`/photos/api/photo/${placed}/image/x=w200`).set('Authorization', other.auth).expect(404);
  });

  it('refuses a forged or borrowed link: a wrong signature, or another book\'s link', async () => {
    const owner = await account();
    const placed = await photo(owner.auth);
    const layout = await book(owner.id, [], [placed]);
    const otherBook = await book(owner.id, [], []);
    const link = await viewerLink(owner.auth, layout.id);
    const borrowed = await viewerLink(owner.auth, otherBook.id);
    const forged = `${link.sig.slice(0, -2)}${link.sig.endsWith('AA') ? 'BB' : 'AA'}`;
    await client.get(`${pathOf(bookImageBase(BASE, placed, link.hash, link.expires, forged))}=w200`).expect(401);
    await client.get(`${pathOf(bookImageBase(BASE, placed, link.hash, borrowed.expires, borrowed.sig))}=w200`).expect(401);
    // The other book's own link is valid, but that book does not name the photo.
    await client.get(`${pathOf(bookImageBase(BASE, placed, borrowed.hash, borrowed.expires, borrowed.sig))}=w200`).expect(404);
  });
});
