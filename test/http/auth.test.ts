import Router from '@koa/router';
import { expect } from 'chai';
import jwt from 'jsonwebtoken';
import request from 'supertest';
import { buildApp } from '../../src/app';
import type { User } from '../../src/auth/users-repository';
import { requireRole } from '../../src/http/auth';
import { DATABASE_KIND } from '../helpers/database';
import { TEST_JWT_SECRET, type TestRuntime, testRuntime } from '../helpers/runtime';

function whoAmIModule() {
  const router = new Router();
  router.get('/api/whoami/', (ctx) => {
    ctx.body = { user: ctx.state.user ?? null };
  });
  router.get('/api/admin-only/', requireRole('admin'), (ctx) => {
    ctx.body = { ok: true };
  });
  return { router, docs: [] };
}

describe(`JWT authentication and roles (${DATABASE_KIND})`, () => {
  let runtime: TestRuntime;
  let server: ReturnType<typeof request>;
  let shopper: User;
  let admin: User;
  before(async () => {
    runtime = await testRuntime();
    server = request(buildApp(runtime, [whoAmIModule()]).callback());
    shopper = await runtime.users.create({ email: 'shopper@example.com' });
    admin = await runtime.users.create({ email: 'admin@example.com', role: 'admin' });
  });
  after(() => runtime.dispose());

  it('issues tokens with sub, user {id, role}, iat, exp, iss and aud', () => {
    const claims = jwt.verify(runtime.tokens.issue(shopper), TEST_JWT_SECRET) as jwt.JwtPayload;
    expect(claims.sub).to.equal(String(shopper.id));
    expect([claims.iss, claims.aud]).to.deep.equal(['photobook', 'photobook']);
    expect(claims.user).to.deep.equal({ id: shopper.id, role: 'user' });
    expect(claims.exp! - claims.iat!).to.equal(7 * 24 * 3600);
  });

  it('authenticates a valid token under the Bearer and the JWT scheme', async () => {
    const token = runtime.tokens.issue(shopper);
    for (const header of [`Bearer ${token}`, `JWT ${token}`, `bearer ${token}`]) {
      const response = await server.get('/api/whoami/').set('Authorization', header);
      expect(response.status, header).to.equal(200);
      expect(response.body).to.deep.equal({ user: { id: shopper.id, role: 'user' } });
    }
  });

  it('treats no header, Bearer null, Bearer undefined and an empty token as anonymous', async () => {
    for (const header of [undefined, 'Bearer null', 'Bearer undefined', 'Bearer ', 'JWT null']) {
      const call = server.get('/api/whoami/');
      const response = await (header === undefined ? call : call.set('Authorization', header));
      expect(response.status, String(header)).to.equal(200);
      expect(response.body).to.deep.equal({ user: null });
    }
  });

  /** A token that would be valid for the shopper, but for the claims and options given. */
  const shopperToken = (claims: object, options: jwt.SignOptions) => jwt.sign({ user: { id: shopper.id, role: 'user' }, ver: 0, ...claims },
    TEST_JWT_SECRET, { subject: String(shopper.id), algorithm: 'HS256', ...options });
  const valid = { issuer: 'photobook', audience: 'photobook', expiresIn: 60 };

  it('accepts the shopper\'s hand-made token when everything is right (the baseline of the refusals below)', async () => {
    const response = await server.get('/api/whoami/').set('Authorization', `Bearer ${shopperToken({}, valid)}`);
    expect(response.body).to.deep.equal({ user: { id: shopper.id, role: 'user' } });
  });

  const invalidTokens: Record<string, () => string> = {
    'without exp': () => shopperToken({}, { issuer: valid.issuer, audience: valid.audience }),
    'from another issuer': () => shopperToken({}, { ...valid, issuer: 'other-service' }),
    'without an issuer': () => shopperToken({}, { audience: valid.audience, expiresIn: 60 }),
    'for another audience': () => shopperToken({}, { ...valid, audience: 'other-api' }),
    expired: () => jwt.sign({ user: { id: 1, role: 'user' }, ver: 0 }, TEST_JWT_SECRET, { subject: '1', expiresIn: -10 }),
    'signed with another secret': () => jwt.sign({ user: { id: 1, role: 'admin' }, ver: 0 }, 'x'.repeat(40), { subject: '1', expiresIn: 60 }),
    'alg none': () => {
      const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
      return `${encode({ alg: 'none', typ: 'JWT' })}.${encode({ sub: '2', user: { id: 2, role: 'admin' }, ver: 0, exp: 9_999_999_999 })}.`;
    },
    'HS512 instead of HS256': () => jwt.sign({ user: { id: 1, role: 'user' }, ver: 0 }, TEST_JWT_SECRET, { subject: '1', algorithm: 'HS512' }),
    'of a user that does not exist': () => jwt.sign({ user: { id: 999, role: 'user' }, ver: 0 }, TEST_JWT_SECRET, { subject: '999' }),
    'with sub and user.id disagreeing': () => jwt.sign({ user: { id: 1, role: 'user' }, ver: 0 }, TEST_JWT_SECRET, { subject: '2' }),
    garbage: () => 'not-a-token',
  };
  for (const [name, make] of Object.entries(invalidTokens)) {
    it(`refuses a token ${name} with 401 Invalid token.`, async () => {
      const response = await server.get('/api/whoami/').set('Authorization', `Bearer ${make()}`);
      expect(response.status).to.equal(401);
      expect(response.body).to.deep.equal({ detail: 'Invalid token.' });
    });
  }

  it('refuses an unknown authorization scheme', async () => {
    const response = await server.get('/api/whoami/').set('Authorization', `Basic ${Buffer.from('a:b').toString('base64')}`);
    expect(response.status).to.equal(401);
  });

  it('refuses every earlier token after the token version is raised (logout)', async () => {
    const user = await runtime.users.create({ email: 'leaver@example.com' });
    const token = runtime.tokens.issue(user);
    expect((await server.get('/api/whoami/').set('Authorization', `Bearer ${token}`)).status).to.equal(200);
    await runtime.users.raiseTokenVersion(user.id);
    const response = await server.get('/api/whoami/').set('Authorization', `Bearer ${token}`);
    expect(response.status).to.equal(401);
    const fresh = runtime.tokens.issue((await runtime.users.findById(user.id))!);
    expect((await server.get('/api/whoami/').set('Authorization', `Bearer ${fresh}`)).status).to.equal(200);
  });

  it('guards a role: 401 anonymous, 403 other roles, 200 the role', async () => {
    const anonymous = await server.get('/api/admin-only/');
    expect(anonymous.status).to.equal(401);
    expect(anonymous.body).to.deep.equal({ detail: 'Authentication credentials were not provided.' });
    const other = await server.get('/api/admin-only/').set('Authorization', `Bearer ${runtime.tokens.issue(shopper)}`);
    expect(other.status).to.equal(403);
    expect(other.body).to.deep.equal({ detail: 'You do not have permission to perform this action.' });
    const allowed = await server.get('/api/admin-only/').set('Authorization', `Bearer ${runtime.tokens.issue(admin)}`);
    expect(allowed.status).to.equal(200);
  });

  it('uses the role in the database, not the one in an older token', async () => {
    const promoted = await runtime.users.create({ email: 'promoted@example.com' });
    const token = runtime.tokens.issue(promoted);
    await runtime.users.setRole(promoted.id, 'admin');
    expect((await server.get('/api/admin-only/').set('Authorization', `Bearer ${token}`)).status).to.equal(200);
  });
});
