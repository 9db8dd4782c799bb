import { expect } from 'chai';
import jwt from 'jsonwebtoken';
import request from 'supertest';
import { createValidator } from '../../src/http/validation';
import type { RunningServer } from '../../src/server';
import { DATABASE_KIND } from '../helpers/database';
import { TEST_JWT_SECRET, type TestRuntime, testRuntime, testServer } from '../helpers/runtime';
import { connectEditor } from '../realtime/sockets';

describe(`the visitor's token, POST /auth/autoreg/ (${DATABASE_KIND})`, () => {
  const LIFETIME = 3600;
  let runtime: TestRuntime;
  let server: RunningServer & { url: string };
  // Each test asks from an address of its own (TRUST_PROXY=1), so the rate limit test counts only its own requests.
  let nextAddress = 1;
  const autoreg = (address = `198.51.100.${nextAddress++}`) =>
    request(server.url).post('/auth/autoreg/').set('X-Forwarded-For', address);
  const visitorToken = async () => (await autoreg()).body.token as string;
  const usersCount = async () => (await runtime.db.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM users')).rows[0].n;
  /** A visitor's token as this service signs it, but with the lifetime and secret given. */
  const handMadeVisitorToken = (expiresIn: number, secret = TEST_JWT_SECRET) => jwt.sign({ user: { id: null, role: 'visitor' } }, secret,
    { algorithm: 'HS256', expiresIn, issuer: 'photobook', audience: 'photobook' });

  before(async () => {
    runtime = await testRuntime({ VISITOR_TOKEN_LIFETIME_SECONDS: String(LIFETIME), LOGIN_RATE_LIMIT_PER_MINUTE: '3', TRUST_PROXY: '1' });
    server = await testServer(runtime);
  });
  after(async () => {
    await server.stop();
    await runtime.dispose();
  });

  it('answers 200 {token}: a signed JWT for user {id: null, role: "visitor"} with the configured lifetime, and makes no row', async () => {
    const before = await usersCount();
    const response = await autoreg();
    expect(response.status).to.equal(200);
    expect(response.headers['cache-control']).to.equal('no-store');
    expect(createValidator(runtime.schemas).errorsOf('auth-token.json', response.body)).to.equal(null);
    const claims = jwt.verify(response.body.token, TEST_JWT_SECRET, {
      algorithms: ['HS256'], issuer: 'photobook', audience: 'photobook',
    }) as jwt.JwtPayload;
    expect(claims.user).to.deep.equal({ id: null, role: 'visitor' });
    expect(claims.sub).to.equal(undefined);
    expect(claims.exp! - claims.iat!).to.equal(LIFETIME);
    expect(await usersCount()).to.equal(before);
  });

  it('is rate-limited per client address like the login routes', async () => {
    const statuses = [];
    for (let attempt = 0; attempt < 4; attempt += 1) statuses.push((await autoreg('203.0.113.9')).status);
    expect(statuses).to.deep.equal([200, 200, 200, 429]);
    expect((await autoreg('203.0.113.10')).status).to.equal(200);
  });

  it('is read as no token on a public route, also once expired; a forged one is refused as any invalid token', async () => {
    const anonymous = await request(server.url).get('/api/gallery/product/');
    expect(anonymous.status).to.equal(200);
    for (const token of [await visitorToken(), handMadeVisitorToken(-60)]) {
      const response = await request(server.url).get('/api/gallery/product/').set('Authorization', `Bearer ${token}`);
      expect(response.status).to.equal(200);
      expect(response.body).to.deep.equal(anonymous.body);
    }
    const forged = await request(server.url).get('/api/gallery/product/').set('Authorization', `Bearer ${handMadeVisitorToken(60, 'x'.repeat(40))}`);
    expect([forged.status, forged.body]).to.deep.equal([401, { detail: 'Invalid token.' }]);
  });

  it('gets 401 "not provided" where a user is needed, over HTTP and in the editing channel\'s handshake', async () => {
    const token = await visitorToken();
    for (const path of ['/api/auth/user/', '/api/ua/layout/']) {
      const response = await request(server.url).get(path).set('Authorization', `Bearer ${token}`);
      expect([response.status, response.body], path).to.deep.equal([401, { detail: 'Authentication credentials were not provided.' }]);
    }
    for (const auth of [{ token }, { query: token }]) {
      const refused = await connectEditor(server.url, auth).then(() => undefined, (error: Error & { data?: { code: string } }) => error);
      expect([refused?.message, refused?.data?.code]).to.deep.equal(['Authentication credentials were not provided.', 'not_authenticated']);
    }
  });
});
