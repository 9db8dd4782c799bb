// Media on a local S3 server: an upload the store fails, resets or stalls answers 503 and leaves no row and no
// object; deleting elements, products and themes and re-rendering previews leave no orphan object (the bucket is
// listed after each step, on the server itself).
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import request from 'supertest';
import { renderPreviews } from '../../src/worker/render-previews';
import { buildApp } from '../../src/app';
import { loadFixture, loadReferenceData } from '../../src/seed/fixtures';
import { S3_MAX_ATTEMPTS } from '../../src/media/s3';
import { eventually, jobStates, roleTokens, type RoleTokens, settled } from '../admin/helpers';
import { DATABASE_KIND } from '../helpers/database';
import { type TestRuntime, testRuntime } from '../helpers/runtime';
import { startS3Server, type TestS3Server } from '../helpers/s3-server';
import { jpeg } from '../themes/images';

type Client = ReturnType<typeof request>;

describe(`media on S3: failures and orphans (${DATABASE_KIND})`, () => {
  let s3: TestS3Server;
  let runtime: TestRuntime;
  let client: Client;
  let auth: RoleTokens;
  let image: Buffer;

  const bucket = async (prefix = '') => (await s3.keys()).filter((key) => key.startsWith(`media/${prefix}`));
  const elementRows = async (themeId: number) =>
    (await runtime.db.sql.query('SELECT id FROM theme_elements WHERE theme_id = $1', [themeId])).rows.length;
  const uploadsLeft = () => {
    const folder = path.join(runtime.config.dataDir, 'uploads');
    return existsSync(folder) ? readdirSync(folder) : [];
  };
  const upload = (themeId: number, fields: Record<string, string> = { type: 'bg' }) => {
    let call = client.post(`/api/theme/${themeId}/up-element/`).set('Authorization', auth.admin);
    for (const [name, value] of Object.entries(fields)) call = call.field(name, value);
    return call.attach('file', image, 'photo.jpg');
  };
  /** Every preview job enqueued so far has run (the worker runs in this process). */
  const previewsRendered = () => eventually(() => jobStates(runtime, 'render-previews'), settled);

  before(async () => {
    s3 = await startS3Server();
    // A short deadline keeps the stalled-store case quick; the local server answers in milliseconds.
    runtime = await testRuntime({ ...s3.env(), S3_TIMEOUT_MS: '1500' }, undefined, s3);
    await loadReferenceData(runtime.db);
    await loadFixture(runtime.db, { themes: [{ id: 1, name: 'Море', approved: true }, { id: 2, name: 'Горы', approved: false }] });
    auth = await roleTokens(runtime);
    client = request(buildApp(runtime).callback());
    image = await jpeg(900, 600);
    await runtime.queue.work(runtime.jobContext);
  });
  after(async () => {
    await runtime?.dispose();
    await s3?.close();
  });
  afterEach(() => {
    s3.failNext(0);
    s3.delay(0);
  });

  describe('an upload the store cannot take', () => {
    const expectCleanRefusal = async (response: request.Response) => {
      expect(response.status, JSON.stringify(response.body)).to.equal(503);
      expect(response.headers['retry-after']).to.equal('2');
      expect(response.body).to.deep.equal({ detail: 'Media storage temporarily unavailable, try again shortly.' });
      expect(await elementRows(2)).to.equal(0);
      expect(await bucket('themes/2/')).to.deep.equal([]);
      expect(uploadsLeft()).to.deep.equal([]);
    };

    it('answers 503 when a later write fails, after deleting what it had written', async () => {
      // The original is stored; its first derivative fails on every try; the clean-up that follows succeeds.
      s3.failNext(S3_MAX_ATTEMPTS, 'error', { after: 1 });
      await expectCleanRefusal(await upload(2));
      expect(s3.requests().filter((line) => line.startsWith('DELETE /photobook-test/media/themes/2/'))).to.have.length.greaterThan(0);
    });

    it('answers 503 when every connection is reset', async () => {
      s3.failNext(S3_MAX_ATTEMPTS, 'reset');
      await expectCleanRefusal(await upload(2));
    });

    it('answers 503, not a hang, when the store stalls', async () => {
      s3.delay(30_000);
      await expectCleanRefusal(await upload(2));
    });

    it('succeeds once the store is back', async () => {
      const response = await upload(2);
      expect(response.status).to.equal(201);
      expect(await bucket('themes/2/')).to.have.length(3);
    });
  });

  describe('deleting and re-rendering', () => {
    it('leaves only the objects rows still name, after every step', async () => {
      const cover = (await upload(1, { type: 'cover', cover_type: 'FRONT_COVER_BACKGROUND' })).body;
      const background = (await upload(1)).body;
      expect(await bucket('themes/1/')).to.have.length(6);

      const product = (await client.post('/api/product/').set('Authorization', auth.admin)
        .send({ theme_id: 1, format_id: 3, product_type_id: 2, name: 'Море' })).body;
      await previewsRendered();
      const previewOf = async () => (await runtime.db.sql.query<{ preview_cover: string }>('SELECT preview_cover FROM products WHERE id = $1', [product.id])).rows[0].preview_cover;
      const first = await previewOf();
      expect(await bucket(`products/${product.id}/`)).to.deep.equal([first, `${first}_md.jpg`, `${first}_sm.jpg`].map((key) => `media/${key}`));

      await runtime.db.transaction((tx) => runtime.queue.enqueue(tx, renderPreviews, { productId: product.id }));
      await previewsRendered();
      const second = await previewOf();
      expect(second).to.not.equal(first);
      expect(await bucket(`products/${product.id}/`)).to.deep.equal([second, `${second}_md.jpg`, `${second}_sm.jpg`].map((key) => `media/${key}`));

      expect((await client.delete(`/api/theme/1/element/${background.id}/`).set('Authorization', auth.admin)).status).to.equal(204);
      expect(await bucket('themes/1/')).to.have.length(3);

      expect((await client.delete(`/api/product/${product.id}/`).set('Authorization', auth.admin)).status).to.equal(204);
      await previewsRendered();
      expect(await bucket('products/')).to.deep.equal([]);

      expect((await client.delete('/api/theme/1/').set('Authorization', auth.admin)).status).to.equal(204);
      expect(await bucket('themes/1/')).to.deep.equal([]);
      expect(cover.image).to.match(/^http:\/\/photobook\.test\/media\/themes\/1\/elements\//);
    });

    it('leaves no new preview behind when a re-render cannot record it', async () => {
      const product = (await client.post('/api/product/').set('Authorization', auth.admin)
        .send({ theme_id: 2, format_id: 3, product_type_id: 2, name: 'Горы' })).body;
      await previewsRendered();
      const before = await bucket(`products/${product.id}/`);
      expect(before).to.have.length(3);
      await runtime.db.sql.query(`
        CREATE FUNCTION refuse_preview() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'disk full'; END $$;
        CREATE TRIGGER refuse_preview BEFORE UPDATE OF preview_cover ON products FOR EACH ROW EXECUTE FUNCTION refuse_preview();`);
      try {
        const failure = await renderPreviews.handle({ productId: product.id }, runtime.jobContext).then(() => undefined, (error: Error) => error);
        expect(failure, 'the refused update').to.be.instanceOf(Error);
        expect(await bucket(`products/${product.id}/`)).to.deep.equal(before);
      } finally {
        await runtime.db.sql.query('DROP TRIGGER refuse_preview ON products; DROP FUNCTION refuse_preview();');
      }
    });
  });
});
