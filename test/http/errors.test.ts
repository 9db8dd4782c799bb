import Router from '@koa/router';
import { expect } from 'chai';
import request from 'supertest';
import { buildApp } from '../../src/app';
import type { Database } from '../../src/db/database';
import { HttpError } from '../../src/http/errors';
import { createLogger } from '../../src/log';
import { createValidator } from '../../src/http/validation';
import { DATABASE_KIND } from '../helpers/database';
import { type TestRuntime, testRuntime } from '../helpers/runtime';

// A route of the shape later issues add (a JSON body validated by a schema), to exercise the HTTP shell.
const echoSchema = {
  $id: 'echo-test.json',
  type: 'object',
  required: ['count', 'kind'],
  properties: {
    count: { type: 'integer', minimum: 1, maximum: 10 },
    kind: { type: 'string', enum: ['cover', 'bg'] },
  },
};

/** A shopper's data in a statement that fails (a second account with the same e-mail address): never to be logged. */
const PRIVATE_EMAIL = 'private-7c1f@example.com';

function shellTestModule(db: Database) {
  const validator = createValidator([echoSchema]);
  const router = new Router();
  router.post('/api/echo/', validator.jsonBody('echo-test.json'), (ctx) => {
    ctx.body = { received: ctx.state.body };
  });
  router.get('/api/explode/', () => {
    throw new Error('secret internals: password=hunter2');
  });
  router.post('/api/duplicate/', async () => {
    for (let copy = 0; copy < 2; copy += 1) await db.sql.query('INSERT INTO users (email, name) VALUES ($1, $2)', [PRIVATE_EMAIL, 'Anna Private']);
  });
  router.get('/api/teapot/', () => {
    throw new HttpError(429, { detail: 'Request was throttled.' });
  });
  return { router, docs: [] };
}

describe(`HTTP shell error bodies (${DATABASE_KIND})`, () => {
  let runtime: TestRuntime;
  let server: ReturnType<typeof request>;
  // The service's own logger, writing its JSON lines here instead of to standard output.
  const logLines: Record<string, unknown>[] = [];
  before(async () => {
    runtime = await testRuntime({ MAX_JSON_BODY_BYTES: '2048' });
    const log = createLogger({ logLevel: 'info' }, { write: (line: string) => logLines.push(JSON.parse(line)) });
    server = request(buildApp({ ...runtime, log }, [shellTestModule(runtime.db)]).callback());
  });
  after(() => runtime.dispose());

  it('answers an unknown route with 404 and a detail', async () => {
    const response = await server.get('/api/no-such-thing/');
    expect(response.status).to.equal(404);
    expect(response.body).to.deep.equal({ detail: 'Not found.' });
  });

  it('has no GraphQL endpoint: the front end\'s poster queries get the 404 docs/api.md promises', async () => {
    const response = await server.post('/api/graphql/').send({ query: '{ posters { id } }' });
    expect([response.status, response.body]).to.deep.equal([404, { detail: 'Not found.' }]);
  });

  it('answers a wrong method with 405 and a detail', async () => {
    const response = await server.delete('/api/echo/');
    expect(response.status).to.equal(405);
    expect(response.body).to.deep.equal({ detail: 'Method "DELETE" not allowed.' });
    expect(response.headers.allow).to.include('POST');
  });

  it('accepts a valid body with and without the trailing slash', async () => {
    for (const path of ['/api/echo/', '/api/echo']) {
      const response = await server.post(path).send({ count: 3, kind: 'bg' });
      expect(response.status, path).to.equal(200);
      expect(response.body).to.deep.equal({ received: { count: 3, kind: 'bg' } });
    }
  });

  it('answers malformed JSON with 400 and a fixed detail that quotes nothing of the body', async () => {
    for (const body of ['{"count": 3,', '{"password": hunter2}', '[1, 2', '{"a": "b"} trailing']) {
      const response = await server.post('/api/echo/').set('Content-Type', 'application/json').send(body);
      expect(response.status, body).to.equal(400);
      expect(response.body, body).to.deep.equal({ detail: 'JSON parse error - the request body is not valid JSON.' });
    }
  });

  it('answers a body that is not JSON with 415', async () => {
    const response = await server.post('/api/echo/').set('Content-Type', 'text/plain').send('count=3');
    expect(response.status).to.equal(415);
    expect(response.body.detail).to.match(/^Unsupported media type "text\/plain/);
  });

  it('answers an oversized body with 413', async () => {
    const response = await server.post('/api/echo/').send({ count: 1, kind: 'x'.repeat(5000) });
    expect(response.status).to.equal(413);
    expect(response.body).to.deep.equal({ detail: 'Request body is too large.' });
  });

  it('answers schema violations with every field\'s messages', async () => {
    const response = await server.post('/api/echo/').send({ count: 'three', kind: 'DIAGONAL' });
    expect(response.status).to.equal(400);
    expect(response.body).to.deep.equal({
      count: ['A valid integer is required.'],
      kind: ['"DIAGONAL" is not a valid choice.'],
    });
    const missing = await server.post('/api/echo/').send({ count: 11 });
    expect(missing.body).to.deep.equal({
      count: ['Ensure this value is less than or equal to 10.'],
      kind: ['This field is required.'],
    });
    const notObject = await server.post('/api/echo/').send([1, 2]);
    expect(notObject.status).to.equal(400);
    expect(notObject.body).to.have.property('non_field_errors');
  });

  it('hides internals of an unexpected error behind a 500 detail and keeps the request id', async () => {
    const response = await server.get('/api/explode/').set('X-Request-Id', 'trace-42');
    expect(response.status).to.equal(500);
    expect(response.body).to.deep.equal({ detail: 'Internal server error.' });
    expect(JSON.stringify(response.body)).not.to.include('hunter2');
    expect(response.headers['x-request-id']).to.equal('trace-42');
    const failure = logLines.find((line) => line.msg === 'request failed' && line.requestId === 'trace-42');
    expect(failure, 'the error log line').to.deep.include({ level: 50, method: 'GET', path: '/api/explode/' });
    expect((failure!.err as { message: string }).message).to.equal('secret internals: password=hunter2');
    expect((failure!.err as { stack: string }).stack).to.include('errors.test.ts');
    const requestLine = logLines.find((line) => line.msg === 'request' && line.requestId === 'trace-42');
    expect(requestLine).to.deep.include({ status: 500, path: '/api/explode/' });
  });

  it('logs a failed statement without its parameters, nor the values a constraint quotes back', async () => {
    // pg's own error names no statement; PGlite's does, with its parameters beside it.
    const statement = DATABASE_KIND === 'pglite' ? 'INSERT INTO users' : '';
    const response = await server.post('/api/duplicate/').set('X-Request-Id', 'trace-duplicate');
    expect(response.status).to.equal(500);
    const failure = logLines.find((line) => line.msg === 'request failed' && line.requestId === 'trace-duplicate')!;
    // What failed stays readable: the statement's text (where the error has it) and the database's own message.
    expect(JSON.stringify(failure.err)).to.include(statement).and.to.include('users_email_key');
    expect(JSON.stringify(failure)).not.to.include('private-7c1f').and.not.to.include('Anna Private');
  });

  it('keeps the status and detail of errors the routes raise', async () => {
    const response = await server.get('/api/teapot/');
    expect(response.status).to.equal(429);
    expect(response.body).to.deep.equal({ detail: 'Request was throttled.' });
  });

  it('makes a request id when the client sends none or an unusable one', async () => {
    const none = await server.get('/healthz');
    expect(none.headers['x-request-id']).to.match(/^[0-9a-f-]{36}$/);
    const unusable = await server.get('/healthz').set('X-Request-Id', 'bad id with spaces; and / slashes');
    expect(unusable.headers['x-request-id']).to.match(/^[0-9a-f-]{36}$/);
  });
});
