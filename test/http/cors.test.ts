// CORS_ORIGINS: pages of the listed origins may call the API from a browser; no other origin is ever named, and no
// credentials are allowed.
import { expect } from 'chai';
import request from 'supertest';
import { buildApp } from '../../src/app';
import type { RunningServer } from '../../src/server';
import { DATABASE_KIND } from '../helpers/database';
import { type TestRuntime, testRuntime, testServer } from '../helpers/runtime';

const SHOP = 'https://shop.example';
const DEVELOPMENT = 'http://localhost:3000';
const STRANGERS = ['https://evil.example', 'https://shop.example.evil.example', 'http://shop.example', 'null', 'https://shop.example:8443'];

describe(`CORS (${DATABASE_KIND})`, () => {
  let runtime: TestRuntime;
  let client: ReturnType<typeof request>;
  let server: RunningServer & { url: string };

  const corsHeaders = (headers: Record<string, string>) =>
    Object.fromEntries(Object.entries(headers).filter(([name]) => name.startsWith('access-control-')));

  before(async () => {
    runtime = await testRuntime({ CORS_ORIGINS: `${SHOP}, ${DEVELOPMENT}` });
    client = request(buildApp(runtime).callback());
    server = await testServer(runtime);
  });
  after(async () => {
    await server.stop();
    await runtime.dispose();
  });

  it('names an allowed origin on answers and errors, with the headers a front end reads, and no credentials', async () => {
    for (const origin of [SHOP, DEVELOPMENT]) {
      const meta = await client.get('/api/gallery/meta/').set('Origin', origin);
      expect(meta.status).to.equal(200);
      expect(corsHeaders(meta.headers)).to.deep.equal({
        'access-control-allow-origin': origin,
        'access-control-expose-headers': 'X-Request-Id, Retry-After, Idempotent-Replayed, ETag, Content-Range, Accept-Ranges',
      });
      expect(meta.headers.vary).to.match(/\bOrigin\b/);
    }
    // A front end must be able to read why a call failed.
    const refused = await client.get('/api/auth/user/').set('Origin', SHOP);
    expect(refused.status).to.equal(401);
    expect(refused.headers['access-control-allow-origin']).to.equal(SHOP);
    const malformed = await client.post('/api/ua/layout/').set('Origin', SHOP).set('Content-Type', 'application/json').send('{');
    expect(malformed.status).to.equal(400);
    expect(malformed.headers['access-control-allow-origin']).to.equal(SHOP);
  });

  it('names no other origin, however close to an allowed one', async () => {
    for (const origin of STRANGERS) {
      const meta = await client.get('/api/gallery/meta/').set('Origin', origin);
      expect(meta.status, origin).to.equal(200);
      expect(corsHeaders(meta.headers), origin).to.deep.equal({});
      expect(meta.headers.vary, origin).to.match(/\bOrigin\b/);
    }
    expect(corsHeaders((await client.get('/api/gallery/meta/')).headers)).to.deep.equal({});
  });

  it('answers an allowed origin\'s preflight with the methods and headers the API takes, and nobody else\'s', async () => {
    const preflight = (origin: string) => client.options('/api/merch/orderset/1/delivery/')
      .set('Origin', origin).set('Access-Control-Request-Method', 'POST')
      .set('Access-Control-Request-Headers', 'authorization, content-type, idempotency-key, x-request-id');
    const allowed = await preflight(SHOP);
    expect(allowed.status).to.equal(204);
    expect(corsHeaders(allowed.headers)).to.deep.equal({
      'access-control-allow-origin': SHOP,
      'access-control-allow-methods': 'GET, HEAD, POST, PUT, PATCH, DELETE',
      'access-control-allow-headers': 'Authorization, Content-Type, Idempotency-Key, X-Request-Id, Accept-Language, Range, If-Range',
      'access-control-max-age': '600',
    });
    for (const origin of STRANGERS) expect(corsHeaders((await preflight(origin)).headers), origin).to.deep.equal({});
  });

  it('allows every method a route of the API takes (PUT turns a photo and renames a folder)', async () => {
    const document = (await client.get('/openapi.json')).body as { paths: Record<string, Record<string, unknown>> };
    const used = new Set(Object.values(document.paths).flatMap((operations) => Object.keys(operations).map((method) => method.toUpperCase())));
    expect([...used]).to.include('PUT');
    for (const [path, method] of [['/api/photo/', 'PUT'], ['/photos/api/folder/1/', 'PUT'], ['/api/ua/layout/1/', 'PATCH']]) {
      const preflight = await client.options(path).set('Origin', SHOP).set('Access-Control-Request-Method', method);
      expect(preflight.status, path).to.equal(204);
      const allowed = preflight.headers['access-control-allow-methods'].split(', ');
      for (const each of used) expect(allowed, `${method} ${path}`).to.include(each);
    }
  });

  it('lets an allowed origin\'s Socket.IO client poll, and no other', async () => {
    const handshake = (origin: string) => fetch(`${server.url}/socket.io/?EIO=4&transport=polling`, { headers: { Origin: origin } });
    const allowed = await handshake(SHOP);
    expect(allowed.status).to.equal(200);
    expect(allowed.headers.get('access-control-allow-origin')).to.equal(SHOP);
    expect(allowed.headers.get('access-control-allow-credentials')).to.equal(null);
    for (const origin of STRANGERS) {
      expect((await handshake(origin)).headers.get('access-control-allow-origin'), origin).to.equal(null);
    }
  });

  it('sends no CORS header at all while CORS_ORIGINS is empty (the default)', async () => {
    const closed = await testRuntime();
    try {
      const app = buildApp(closed).callback();
      const meta = await request(app).get('/api/gallery/meta/').set('Origin', SHOP);
      expect(corsHeaders(meta.headers)).to.deep.equal({});
      const preflight = await request(app).options('/api/gallery/meta/').set('Origin', SHOP).set('Access-Control-Request-Method', 'GET');
      expect(corsHeaders(preflight.headers)).to.deep.equal({});
    } finally {
      await closed.dispose();
    }
  });
});
