import { existsSync, readdirSync, watch } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { expect } from 'chai';
import sharp from 'sharp';
import request from 'supertest';
import { buildApp } from '../../src/app';
import { loadFixture, loadReferenceData } from '../../src/seed/fixtures';
import { createValidator } from '../../src/http/validation';
import { DATABASE_KIND } from '../helpers/database';
import { mediaExists, mediaFolder } from '../helpers/media';
import { type TestRuntime, testRuntime, testServer } from '../helpers/runtime';
import { SVG, hugePng, jpeg, jpegWithSegmentPastTheEnd, noiseImage, png, pngWithoutEnd, truncatedJpeg, webp } from './images';

type Client = ReturnType<typeof request>;

describe(`theme elements (${DATABASE_KIND})`, () => {
  let runtime: TestRuntime;
  let client: Client;
  let validator: ReturnType<typeof createValidator>;
  const auth: Record<string, string> = {};

  const mediaFiles = (themeId: number) => mediaFolder(runtime, `themes/${themeId}/elements`);
  const uploadsLeft = () => {
    const folder = path.join(runtime.config.dataDir, 'uploads');
    return existsSync(folder) ? readdirSync(folder) : [];
  };
  const elementRows = async (themeId: number) =>
    (await runtime.db.sql.query('SELECT id FROM theme_elements WHERE theme_id = $1', [themeId])).rows.length;

  const upload = (themeId: number, fields: Record<string, string>, file?: { content: Buffer; name: string; type?: string }) => {
    let call = client.post(`/api/theme/${themeId}/up-element/`).set('Authorization', auth.admin);
    for (const [name, value] of Object.entries(fields)) call = call.field(name, value);
    if (file) call = call.attach('file', file.content, { filename: file.name, contentType: file.type ?? 'image/jpeg' });
    return call;
  };

  before(async () => {
    runtime = await testRuntime({ UPLOAD_MAX_BYTES: String(400 * 1024) });
    await loadReferenceData(runtime.db);
    await loadFixture(runtime.db, {
      themes: [{ id: 1, name: 'Открытая', approved: true }, { id: 2, name: 'Другая', approved: true }, { id: 3, name: 'Черновик', approved: false }],
    });
    client = request(buildApp(runtime).callback());
    validator = createValidator(runtime.schemas);
    for (const role of ['admin', 'moderator', 'user'] as const) {
      const user = await runtime.users.create({ email: `${role}@example.com`, role });
      auth[role] = `Bearer ${runtime.tokens.issue(user)}`;
    }
  });
  after(() => runtime.dispose());

  describe('upload', () => {
    it('stores a cover image, its derivatives and its row, and answers 201 with the element', async () => {
      const response = await upload(1, { type: 'cover', cover_type: 'FRONT_COVER_BACKGROUND' }, { content: await jpeg(1600, 1200), name: 'front.jpg' });
      expect(response.status, JSON.stringify(response.body)).to.equal(201);
      expect(validator.errorsOf('theme-element.json', response.body)).to.equal(null);
      const { id, image, ...rest } = response.body;
      expect(rest).to.deep.equal({
        theme: 1, element_type: 'FRONT_COVER_BACKGROUND', image_type: null, position: 'UNIVERSAL', format: 'UNIVERSAL',
        is_pattern: false, scale: 100, width: 1600, height: 1200,
      });
      expect(image).to.match(/^http:\/\/photobook\.test\/media\/themes\/1\/elements\/[0-9a-f-]+\.jpg$/);
      const key = image.replace('http://photobook.test/media/', '');
      const small = await sharp(await runtime.media.read(`${key}_sm.jpg`)).metadata();
      expect([small.format, small.width, small.height]).to.deep.equal(['jpeg', 300, 225]);
      const medium = await sharp(await runtime.media.read(`${key}_md.jpg`)).metadata();
      expect([medium.format, medium.width, medium.height]).to.deep.equal(['jpeg', 1200, 900]);
      const served = await client.get(`/media/${key}_md.jpg`);
      expect(served.status).to.equal(200);
      const { rows } = await runtime.db.sql.query('SELECT element_type, image FROM theme_elements WHERE id = $1', [id]);
      expect(rows).to.deep.equal([{ element_type: 'FRONT_COVER_BACKGROUND', image: key }]);
      expect(uploadsLeft()).to.deep.equal([]);
    });

    it('makes a PAGE_BACKGROUND from type=bg (PNG) and takes the optional fields', async () => {
      const response = await upload(1, { type: 'bg', position: 'LEFT', format: 'F20X20', is_pattern: 'true', scale: '150', image_type: 'texture' },
        { content: await png(400, 1000), name: 'paper.png', type: 'image/png' });
      expect(response.status).to.equal(201);
      expect(response.body).to.include({
        element_type: 'PAGE_BACKGROUND', position: 'LEFT', format: 'F20X20', is_pattern: true, scale: 150, image_type: 'texture', width: 400, height: 1000,
      });
      expect(response.body.image).to.match(/\.png$/);
    });

    it('accepts WebP and each cover type', async () => {
      for (const coverType of ['SPINE_BACKGROUND', 'BACK_COVER_BACKGROUND']) {
        const response = await upload(1, { type: 'cover', cover_type: coverType }, { content: await webp(300, 300), name: 'x.webp', type: 'image/webp' });
        expect(response.status).to.equal(201);
        expect(response.body.element_type).to.equal(coverType);
        // A derivative is never larger than its original.
        const key = response.body.image.replace('http://photobook.test/media/', '');
        expect((await sharp(await runtime.media.read(`${key}_md.jpg`)).metadata()).width).to.equal(300);
      }
    });

    it('handles ten simultaneous uploads', async () => {
      const content = await noiseImage(400, 300).jpeg({ quality: 80 }).toBuffer();
      expect(content.length).to.be.lessThan(400 * 1024);
      const responses = await Promise.all(Array.from({ length: 10 }, () =>
        upload(2, { type: 'bg' }, { content, name: 'bg.jpg' })));
      expect(responses.map((response) => response.status)).to.deep.equal(Array(10).fill(201));
      expect(await elementRows(2)).to.equal(10);
      expect(await mediaFiles(2)).to.have.length(30);
    });
  });

  describe('listing and reading', () => {
    it('lists a theme\'s elements oldest first, all or of one type', async () => {
      const all = await client.get('/api/theme/1/element/');
      expect(all.status).to.equal(200);
      expect(validator.errorsOf('theme-element-list.json', all.body)).to.equal(null);
      expect(all.body.map((element: { element_type: string }) => element.element_type)).to.deep.equal(
        ['FRONT_COVER_BACKGROUND', 'PAGE_BACKGROUND', 'SPINE_BACKGROUND', 'BACK_COVER_BACKGROUND']);
      const ids = all.body.map((element: { id: number }) => element.id);
      expect(ids).to.deep.equal([...ids].sort((a: number, b: number) => a - b));
      const spines = await client.get('/api/theme/1/element/?element_type=SPINE_BACKGROUND');
      expect(spines.body).to.have.length(1);
      expect(spines.body[0].element_type).to.equal('SPINE_BACKGROUND');
      expect((await client.get('/api/theme/1/element?element_type=CORNER')).body).to.deep.equal([]);
    });

    it('refuses an unknown element_type with 400', async () => {
      const response = await client.get('/api/theme/1/element/?element_type=WALLPAPER');
      expect(response.status).to.equal(400);
      expect(response.body).to.deep.equal({ element_type: ['"WALLPAPER" is not a valid choice.'] });
    });

    it('returns a theme with its theme_elements', async () => {
      const response = await client.get('/api/theme/1/');
      expect(response.status).to.equal(200);
      expect(validator.errorsOf('theme.json', response.body)).to.equal(null);
      expect(response.body).to.include({ id: 1, name: 'Открытая', approved: true });
      expect(response.body.theme_elements).to.deep.equal((await client.get('/api/theme/1/element/')).body);
    });

    it('shows a theme that is not approved to administrators only', async () => {
      for (const path of ['/api/theme/3/', '/api/theme/3/element/']) {
        expect((await client.get(path)).status, path).to.equal(401);
        expect((await client.get(path).set('Authorization', auth.user)).status, path).to.equal(403);
        expect((await client.get(path).set('Authorization', auth.moderator)).status, path).to.equal(403);
        expect((await client.get(path).set('Authorization', auth.admin)).status, path).to.equal(200);
      }
    });

    it('answers 404 for a theme that does not exist or an id that is not one', async () => {
      for (const path of ['/api/theme/999/', '/api/theme/999/element/', '/api/theme/abc/', '/api/theme/0/element/', '/api/theme/1e3/']) {
        const response = await client.get(path).set('Authorization', auth.admin);
        expect(response.status, path).to.equal(404);
        expect(response.body).to.deep.equal({ detail: 'Not found.' });
      }
    });
  });

  it('test images are what they claim: the bomb is a real 20000 x 20000 PNG', async () => {
    const metadata = await sharp(hugePng(), { limitInputPixels: false }).metadata();
    expect([metadata.format, metadata.width, metadata.height]).to.deep.equal(['png', 20000, 20000]);
    expect((await sharp(await truncatedJpeg()).metadata()).format).to.equal('jpeg');
  });

  it('test images are what they claim: the malformed containers still decode, so only their container check refuses them', async () => {
    for (const image of [await pngWithoutEnd(), await jpegWithSegmentPastTheEnd()]) {
      const { info } = await sharp(image, { failOn: 'truncated' }).raw().toBuffer({ resolveWithObject: true });
      expect([info.width, info.height]).to.deep.equal([60, 40]);
    }
  });

  describe('bad uploads change nothing', () => {
    const cases: { name: string; fields: Record<string, string>; file?: () => Promise<{ content: Buffer; name: string; type?: string }>; status: number; body: object }[] = [
      { name: 'a missing file', fields: { type: 'bg' }, status: 400, body: { file: ['No file was submitted.'] } },
      { name: 'a missing type', fields: {}, file: async () => ({ content: await jpeg(100, 100), name: 'a.jpg' }), status: 400, body: { type: ['This field is required.'] } },
      { name: 'a wrong type', fields: { type: 'sticker' }, file: async () => ({ content: await jpeg(100, 100), name: 'a.jpg' }), status: 400, body: { type: ['"sticker" is not a valid choice.'] } },
      { name: 'a cover without cover_type', fields: { type: 'cover' }, file: async () => ({ content: await jpeg(100, 100), name: 'a.jpg' }), status: 400, body: { cover_type: ['This field is required.'] } },
      { name: 'a wrong cover_type', fields: { type: 'cover', cover_type: 'CORNER' }, file: async () => ({ content: await jpeg(100, 100), name: 'a.jpg' }), status: 400, body: { cover_type: ['"CORNER" is not a valid choice.'] } },
      { name: 'a scale that is not a number', fields: { type: 'bg', scale: 'big' }, file: async () => ({ content: await jpeg(100, 100), name: 'a.jpg' }), status: 400, body: { scale: ['A valid integer is required.'] } },
      { name: 'a text file named .jpg', fields: { type: 'bg' }, file: async () => ({ content: Buffer.from('just some text, honestly'), name: 'photo.jpg' }), status: 400, body: { file: ['Upload a valid image. The file you uploaded was either not an image or a corrupted image.'] } },
      { name: 'a truncated JPEG', fields: { type: 'bg' }, file: async () => ({ content: await truncatedJpeg(), name: 'cut.jpg' }), status: 400, body: { file: ['Upload a valid image. The file you uploaded was either not an image or a corrupted image.'] } },
      { name: 'a PNG without its IEND chunk', fields: { type: 'bg' }, file: async () => ({ content: await pngWithoutEnd(), name: 'cut.png', type: 'image/png' }), status: 400, body: { file: ['Upload a valid image. The file you uploaded was either not an image or a corrupted image.'] } },
      { name: 'a JPEG whose last segment runs past the end', fields: { type: 'bg' }, file: async () => ({ content: await jpegWithSegmentPastTheEnd(), name: 'long.jpg' }), status: 400, body: { file: ['Upload a valid image. The file you uploaded was either not an image or a corrupted image.'] } },
      { name: 'an SVG', fields: { type: 'bg' }, file: async () => ({ content: SVG, name: 'vector.svg', type: 'image/svg+xml' }), status: 400, body: { file: ['Upload a valid image. The file you uploaded was either not an image or a corrupted image.'] } },
      { name: 'a GIF', fields: { type: 'bg' }, file: async () => ({ content: await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } }).gif().toBuffer(), name: 'a.gif', type: 'image/gif' }), status: 400, body: { file: ['Upload a valid image. The file you uploaded was either not an image or a corrupted image.'] } },
      { name: 'a PNG of 20000 x 20000 pixels', fields: { type: 'bg' }, file: async () => ({ content: hugePng(), name: 'huge.png', type: 'image/png' }), status: 400, body: { file: ['Image is larger than 100000000 pixels (20000x20000).'] } },
      { name: 'a file over the size limit', fields: { type: 'bg' }, file: async () => ({ content: await noiseImage(700, 700).jpeg({ quality: 100 }).toBuffer(), name: 'big.jpg' }), status: 413, body: { detail: 'File is larger than 0.4 MB.' } },
    ];
    for (const testCase of cases) {
      it(`refuses ${testCase.name}`, async function () {
        this.timeout(120_000);
        const before = { rows: await elementRows(1), files: await mediaFiles(1) };
        const response = await upload(1, testCase.fields, testCase.file ? await testCase.file() : undefined);
        expect(response.status).to.equal(testCase.status);
        expect(response.body).to.deep.equal(testCase.body);
        expect(await elementRows(1)).to.equal(before.rows);
        expect(await mediaFiles(1)).to.deep.equal(before.files);
        expect(uploadsLeft()).to.deep.equal([]);
      });
    }

    it('refuses a body that is not multipart with 415', async () => {
      const response = await client.post('/api/theme/1/up-element/').set('Authorization', auth.admin).send({ type: 'bg' });
      expect(response.status).to.equal(415);
    });

    it('leaves no file when the database refuses the row', async () => {
      await runtime.db.sql.query(`
        CREATE FUNCTION refuse_element() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'disk full'; END $$;
        CREATE TRIGGER refuse_element BEFORE INSERT ON theme_elements FOR EACH ROW EXECUTE FUNCTION refuse_element();`);
      try {
        const before = await mediaFiles(1);
        const response = await upload(1, { type: 'bg' }, { content: await jpeg(200, 200), name: 'a.jpg' });
        expect(response.status).to.equal(500);
        expect(response.body).to.deep.equal({ detail: 'Internal server error.' });
        expect(await mediaFiles(1)).to.deep.equal(before);
        expect(uploadsLeft()).to.deep.equal([]);
      } finally {
        await runtime.db.sql.query('DROP TRIGGER refuse_element ON theme_elements; DROP FUNCTION refuse_element();');
      }
    });

    it('leaves no file when the client goes away in the middle of an upload', async () => {
      const server = await testServer(runtime);
      try {
        const before = { rows: await elementRows(1), files: await mediaFiles(1) };
        const boundary = 'photobook-boundary';
        const head = `--${boundary}\r\nContent-Disposition: form-data; name="type"\r\n\r\nbg\r\n--${boundary}\r\n`
          + 'Content-Disposition: form-data; name="file"; filename="slow.jpg"\r\nContent-Type: image/jpeg\r\n\r\n';
        const uploads = watch(path.join(runtime.config.dataDir, 'uploads'));
        const uploadsFolder = (holds: (files: string[]) => boolean) => new Promise<void>((resolve) => {
          const check = () => holds(uploadsLeft()) && resolve();
          uploads.on('change', check);
          check();
        });
        try {
          const call = http.request(`${server.url}/api/theme/1/up-element/`, {
            method: 'POST',
            headers: { Authorization: auth.admin, 'Content-Type': `multipart/form-data; boundary=${boundary}`, 'Content-Length': '1000000' },
          });
          call.on('error', () => undefined);
          call.write(head);
          call.write(Buffer.alloc(100_000, 1));
          // The client goes away once the server has started writing the file, and the file must go too.
          await uploadsFolder((files) => files.length > 0);
          call.destroy();
          await uploadsFolder((files) => files.length === 0);
        } finally {
          uploads.close();
        }
        expect(uploadsLeft()).to.deep.equal([]);
        expect(await elementRows(1)).to.equal(before.rows);
        expect(await mediaFiles(1)).to.deep.equal(before.files);
      } finally {
        await server.stop();
      }
    });
  });

  describe('roles', () => {
    it('lets only administrators upload: 401 anonymous, 403 other roles', async () => {
      const file = await jpeg(50, 50);
      const anonymous = await client.post('/api/theme/1/up-element/').field('type', 'bg').attach('file', file, 'a.jpg');
      expect(anonymous.status).to.equal(401);
      for (const role of ['user', 'moderator']) {
        const response = await client.post('/api/theme/1/up-element/').set('Authorization', auth[role]).field('type', 'bg').attach('file', file, 'a.jpg');
        expect(response.status, role).to.equal(403);
      }
      expect(uploadsLeft()).to.deep.equal([]);
    });

    it('lets only administrators delete', async () => {
      const [element] = (await client.get('/api/theme/1/element/')).body;
      expect((await client.delete(`/api/theme/1/element/${element.id}/`)).status).to.equal(401);
      for (const role of ['user', 'moderator']) {
        expect((await client.delete(`/api/theme/1/element/${element.id}/`).set('Authorization', auth[role])).status).to.equal(403);
      }
    });
  });

  describe('delete', () => {
    it('removes the row and all its files, and answers 204', async () => {
      const [element] = (await client.get('/api/theme/1/element/')).body;
      const key = element.image.replace('http://photobook.test/media/', '');
      const response = await client.delete(`/api/theme/1/element/${element.id}/`).set('Authorization', auth.admin);
      expect(response.status).to.equal(204);
      for (const file of [key, `${key}_sm.jpg`, `${key}_md.jpg`]) expect(await mediaExists(runtime, file), file).to.equal(false);
      expect((await client.get('/api/theme/1/element/')).body.map((item: { id: number }) => item.id)).not.to.include(element.id);
      expect((await client.delete(`/api/theme/1/element/${element.id}`).set('Authorization', auth.admin)).status).to.equal(404);
    });

    it('answers 404 for another theme\'s element and leaves it alone', async () => {
      const [element] = (await client.get('/api/theme/2/element/')).body;
      const response = await client.delete(`/api/theme/1/element/${element.id}/`).set('Authorization', auth.admin);
      expect(response.status).to.equal(404);
      expect((await client.get('/api/theme/2/element/')).body.map((item: { id: number }) => item.id)).to.include(element.id);
      const key = element.image.replace('http://photobook.test/media/', '');
      expect(await mediaExists(runtime, key)).to.equal(true);
    });

    it('answers 404 for a missing element, theme or malformed id', async () => {
      for (const target of ['/api/theme/1/element/99999/', '/api/theme/999/element/1/', '/api/theme/1/element/x/']) {
        expect((await client.delete(target).set('Authorization', auth.admin)).status, target).to.equal(404);
      }
    });
  });
});
