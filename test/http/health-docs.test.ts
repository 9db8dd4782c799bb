import { expect } from 'chai';
import pino from 'pino';
import request from 'supertest';
import { buildApp } from '../../src/app';
import { createValidator } from '../../src/http/validation';
import { bareDatabase, DATABASE_KIND } from '../helpers/database';
import { type TestRuntime, testRuntime } from '../helpers/runtime';

describe(`health and API documents (${DATABASE_KIND})`, () => {
  let runtime: TestRuntime;
  let server: ReturnType<typeof request>;
  before(async () => {
    runtime = await testRuntime();
    server = request(buildApp(runtime).callback());
  });
  after(() => runtime.dispose());

  it('/healthz and /readyz answer 200 on a migrated database, with or without the slash', async () => {
    for (const path of ['/healthz', '/healthz/', '/readyz', '/readyz/']) {
      const response = await server.get(path);
      expect(response.status, path).to.equal(200);
      expect(response.headers['cache-control']).to.equal('no-store');
    }
    expect((await server.get('/readyz')).body).to.deep.equal({ status: 'ready' });
  });

  it('/readyz is 503 while migrations are pending and when the database is gone', async () => {
    const bare = await bareDatabase();
    const app = request(buildApp({ ...runtime, db: bare, log: pino({ level: 'silent' }) }).callback());
    const pending = await app.get('/readyz');
    expect(pending.status).to.equal(503);
    expect(pending.body).to.deep.equal({ detail: 'Migrations pending.' });
    await bare.close();
    const gone = await app.get('/readyz');
    expect(gone.status).to.equal(503);
    expect(gone.body).to.deep.equal({ detail: 'Database unreachable.' });
    expect((await app.get('/healthz')).status).to.equal(200);
  });

  it('/openapi.json describes the routes with schemas from schemas/ that all resolve', async () => {
    const response = await server.get('/openapi.json');
    expect(response.status).to.equal(200);
    const document = response.body;
    expect(document.openapi).to.equal('3.1.0');
    expect(Object.keys(document.paths)).to.include.members(['/healthz/', '/readyz/', '/media/{key}', '/openapi.json']);
    const refs = JSON.stringify(document).match(/"#\/components\/schemas\/[^"]+"/g) ?? [];
    for (const ref of refs) {
      const name = JSON.parse(ref).split('/')[3];
      expect(document.components.schemas, ref).to.have.property(name);
    }
    expect(document.components.schemas).to.have.property('validation-error');
  });

  it('the health bodies satisfy their published schemas', async () => {
    const validator = createValidator(runtime.schemas);
    expect(validator.errorsOf('health.json', (await server.get('/healthz')).body)).to.equal(null);
    expect(validator.errorsOf('health.json', (await server.get('/readyz')).body)).to.equal(null);
  });

  it('answers 404 for a /docs asset named like an inherited property', async () => {
    for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      const response = await server.get(`/docs/${name}`);
      expect([response.status, response.body], name).to.deep.equal([404, { detail: 'Not found.' }]);
    }
  });

  it('/docs serves a browsable reference from local assets only', async () => {
    const page = await server.get('/docs');
    expect(page.status).to.equal(200);
    expect(page.headers['content-type']).to.match(/^text\/html/);
    const sources = [...page.text.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]);
    expect(sources.length).to.be.greaterThan(2);
    for (const source of sources) {
      expect(source, 'no CDN').to.match(/^\/docs\//);
      const asset = await server.get(source);
      expect(asset.status, source).to.equal(200);
    }
    expect((await server.get('/docs/init.js')).status).to.equal(404);
  });
});
