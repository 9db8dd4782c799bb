import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import sharp from 'sharp';
import request from 'supertest';
import { buildApp } from '../../src/app';
import { derivedKeys, storeWithDerivatives } from '../../src/media/images';
import { DATABASE_KIND } from '../helpers/database';
import { type TestRuntime, testRuntime } from '../helpers/runtime';

describe(`media storage (${DATABASE_KIND})`, () => {
  let runtime: TestRuntime;
  let server: ReturnType<typeof request>;
  let png: Buffer;
  before(async () => {
    // The disk's own protections (the folder's bounds) are tested here; both storages share test/media/storage-contract.ts.
    runtime = await testRuntime({ MEDIA_STORAGE: 'disk' });
    server = request(buildApp(runtime).callback());
    png = await sharp({ create: { width: 1600, height: 800, channels: 3, background: '#3366cc' } }).png().toBuffer();
  });
  after(() => runtime.dispose());

  it('stores a file, gives its public URL and serves it with content type and cache headers', async () => {
    await runtime.media.put('themes/1/cover.png', png);
    expect(runtime.media.publicUrl('themes/1/cover.png')).to.equal('http://photobook.test/media/themes/1/cover.png');
    const response = await server.get('/media/themes/1/cover.png');
    expect(response.status).to.equal(200);
    expect(response.headers['content-type']).to.equal('image/png');
    expect(response.headers['cache-control']).to.equal('public, max-age=86400');
    expect(response.headers['x-content-type-options']).to.equal('nosniff');
    expect(Buffer.compare(response.body, png)).to.equal(0);
    const again = await server.get('/media/themes/1/cover.png').set('If-Modified-Since', response.headers['last-modified']);
    expect(again.status).to.equal(304);
  });

  it('stores JPEG derivatives beside an image with the _sm.jpg and _md.jpg suffixes', async () => {
    const keys = await storeWithDerivatives(runtime.media, 'themes/2/bg.png', png);
    expect(keys).to.deep.equal(['themes/2/bg.png', ...derivedKeys('themes/2/bg.png')]);
    const small = await sharp(await runtime.media.read('themes/2/bg.png_sm.jpg')).metadata();
    expect([small.format, small.width, small.height]).to.deep.equal(['jpeg', 300, 150]);
    const medium = await sharp(await runtime.media.read('themes/2/bg.png_md.jpg')).metadata();
    expect([medium.format, medium.width, medium.height]).to.deep.equal(['jpeg', 1200, 600]);
    const served = await server.get('/media/themes/2/bg.png_sm.jpg');
    expect(served.headers['content-type']).to.equal('image/jpeg');
  });

  it('deletes files, and deleting a missing one is not an error', async () => {
    await runtime.media.put('tmp/x.jpg', png);
    await runtime.media.delete('tmp/x.jpg');
    await runtime.media.delete('tmp/x.jpg');
    expect(existsSync(path.join(runtime.config.dataDir, 'media', 'tmp/x.jpg'))).to.equal(false);
    expect((await server.get('/media/tmp/x.jpg')).status).to.equal(404);
  });

  it('refuses keys that would leave the media folder', async () => {
    for (const key of ['../escape.jpg', 'a/../../escape.jpg', '/etc/passwd', 'a/./b.jpg', 'a\\..\\b.jpg', '', 'a//b.jpg', '.hidden']) {
      let refused = false;
      await runtime.media.put(key, png).catch(() => {
        refused = true;
      });
      expect(refused, JSON.stringify(key)).to.equal(true);
    }
    expect(existsSync(path.join(runtime.config.dataDir, 'media', '..', 'escape.jpg'))).to.equal(false);
  });

  it('answers traversal attempts over HTTP with 404 and never serves an image outside the media folder', async () => {
    // Real images beside and near the media folder: they would be served if a key could leave the folder.
    const outside = path.join(runtime.config.dataDir, 'outside.jpg');
    const sibling = path.join(runtime.config.dataDir, 'media-private', 'sibling.jpg');
    const secretImage = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#ff0000' } }).jpeg().toBuffer();
    mkdirSync(path.dirname(sibling), { recursive: true });
    writeFileSync(outside, secretImage);
    writeFileSync(sibling, secretImage);
    // The same file inside the folder is served: the targets below fail only for leaving the folder.
    await runtime.media.put('themes/1/inside.jpg', secretImage);
    expect((await server.get('/media/themes/1/inside.jpg')).status).to.equal(200);
    for (const attempt of [
      '/media/../outside.jpg', '/media/..%2foutside.jpg', '/media/%2e%2e/outside.jpg', '/media/%2e%2e%2foutside.jpg',
      '/media/themes/..%2f..%2foutside.jpg', '/media/themes/1/..%2f..%2f..%2foutside.jpg', '/media/..%2fmedia-private%2fsibling.jpg',
      `/media/${encodeURIComponent(outside)}`, '/media/%00.jpg', '/media/%E0%A4%A.jpg', '/media/themes/1/', '/media/themes/1/cover.svg',
    ]) {
      const response = await server.get(attempt).buffer(true);
      expect(response.status, attempt).to.be.oneOf([400, 404]);
      expect(Buffer.isBuffer(response.body) && response.body.equals(secretImage), attempt).to.equal(false);
    }
  });
});
