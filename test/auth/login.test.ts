import { createHash } from 'node:crypto';
import { expect } from 'chai';
import jwt from 'jsonwebtoken';
import request from 'supertest';
import { buildApp } from '../../src/app';
import { ConfigError, loadConfig } from '../../src/config';
import { DATABASE_KIND } from '../helpers/database';
import { TEST_JWT_SECRET, testRuntime } from '../helpers/runtime';
import { GOOGLE_CLIENT, walkGoogleLogin } from './google-oidc';
import { authorizationUrlFor, FRONTEND, type LoginWorld, redirectUri, startLoginWorld, tokenOf } from './login-world';

describe(`OAuth login (${DATABASE_KIND})`, function () {
  this.timeout(30_000);
  let world: LoginWorld;
  let google: LoginWorld['google'];
  let vk: LoginWorld['vk'];
  let instagram: LoginWorld['instagram'];
  let runtime: LoginWorld['runtime'];
  let client: LoginWorld['client'];

  const authorizationUrl = (provider: string) => authorizationUrlFor(client, provider);
  const callback = (provider: string, params: Record<string, string>) =>
    client.get(`/auth/${provider}/?${new URLSearchParams(params).toString()}`);
  const count = async (table: string) => (await runtime.db.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0].n;
  /** A full VK login as the user with that VK id; returns the callback's response. */
  const vkLogin = async (vkUserId: string) => {
    const state = (await authorizationUrl('vk')).searchParams.get('state')!;
    return callback('vk', { code: vk.issueCode(vkUserId), state });
  };

  before(async () => {
    world = await startLoginWorld();
    ({ google, vk, instagram, runtime, client } = world);
  });
  afterEach(() => {
    vk.misbehave = 'none';
    instagram.misbehave = 'none';
  });
  after(() => world.close());

  describe('authorization URL', () => {
    it('google: discovery\'s endpoint, code flow, encoded redirect URI, both user-info scopes, state and PKCE', async () => {
      const url = await authorizationUrl('google');
      expect(`${url.origin}${url.pathname}`).to.equal(`${google.issuer}/auth`);
      expect(url.searchParams.get('response_type')).to.equal('code');
      expect(url.searchParams.get('client_id')).to.equal(GOOGLE_CLIENT.id);
      expect(url.searchParams.get('redirect_uri')).to.equal(redirectUri('google'));
      expect(url.search).to.include(`redirect_uri=${encodeURIComponent(redirectUri('google'))}`);
      expect(url.search).to.include('scope=openid+https%3A%2F%2Fwww.googleapis.com%2Fauth%2Fuserinfo.email+https%3A%2F%2Fwww.googleapis.com%2Fauth%2Fuserinfo.profile');
      expect(url.searchParams.get('state')).to.match(/^[A-Za-z0-9_-]{43}$/);
      expect(url.searchParams.get('code_challenge')).to.match(/^[A-Za-z0-9_-]{43}$/);
      expect(url.searchParams.get('code_challenge_method')).to.equal('S256');
      const { rows } = await runtime.db.sql.query<{ code_verifier: string }>('SELECT code_verifier FROM oauth_states WHERE state = $1', [url.searchParams.get('state')]);
      expect(createHash('sha256').update(rows[0].code_verifier).digest('base64url')).to.equal(url.searchParams.get('code_challenge'));
    });

    it('vk and instagram: their endpoints, code flow, their scopes, a state', async () => {
      const vkUrl = await authorizationUrl('vk');
      expect(`${vkUrl.origin}${vkUrl.pathname}`).to.equal(`${vk.base}/authorize`);
      expect(Object.fromEntries(vkUrl.searchParams)).to.include({
        response_type: 'code', client_id: vk.clientId, redirect_uri: redirectUri('vk'), scope: 'email', v: '5.131',
      });
      const igUrl = await authorizationUrl('instagram');
      expect(`${igUrl.origin}${igUrl.pathname}`).to.equal(`${instagram.base}/oauth/authorize`);
      expect(Object.fromEntries(igUrl.searchParams)).to.include({
        response_type: 'code', client_id: instagram.clientId, redirect_uri: redirectUri('instagram'), scope: 'public_content',
      });
      expect(igUrl.searchParams.get('state')).to.match(/^[A-Za-z0-9_-]{43}$/);
    });

    it('makes a fresh state for every attempt', async () => {
      const states = new Set<string>();
      for (let attempt = 0; attempt < 5; attempt += 1) states.add((await authorizationUrl('vk')).searchParams.get('state')!);
      expect(states.size).to.equal(5);
    });

    it('answers a provider that is not configured with 404 naming the variables to set, and keeps it documented', async () => {
      const bare = await testRuntime();
      try {
        const app = request(buildApp(bare).callback());
        for (const [provider, prefix] of [['vk', 'VK'], ['google', 'GOOGLE'], ['instagram', 'INSTAGRAM']]) {
          const response = await app.get(`/auth/${provider}/`);
          expect(response.status).to.equal(404);
          expect(response.body).to.deep.equal({
            detail: `Login with ${provider} is not configured on this server: set ${prefix}_CLIENT_ID and ${prefix}_CLIENT_SECRET.`,
          });
          const documented = (await app.get('/openapi.json')).body.paths[`/auth/${provider}/`];
          expect(documented.get.responses).to.have.property('404');
        }
      } finally {
        await bare.dispose();
      }
    });
  });

  describe('success', () => {
    it('google: through the real OpenID Connect provider to a user, an identity and a token', async () => {
      const back = await walkGoogleLogin((await authorizationUrl('google')).toString(), 'alice');
      expect(`${back.origin}${back.pathname}`).to.equal(redirectUri('google'));
      const params = Object.fromEntries(back.searchParams);
      // Google's callback also carries scope, authuser, session_state and prompt; they change nothing.
      const response = await callback('google', { ...params, scope: 'email profile', authuser: '0', session_state: 'abc', prompt: 'consent' });
      const claims = jwt.verify(tokenOf(response), TEST_JWT_SECRET, { algorithms: ['HS256'] }) as jwt.JwtPayload;
      const { rows: [identity] } = await runtime.db.sql.query<{ user_id: number; email: string }>(
        "SELECT user_id, email FROM user_identities WHERE provider = 'google' AND provider_user_id = 'alice'");
      expect(claims.sub).to.equal(String(identity.user_id));
      expect(claims.user).to.deep.equal({ id: identity.user_id, role: 'user' });
      expect(claims.exp! - claims.iat!).to.equal(7 * 24 * 3600);
      const { rows: [user] } = await runtime.db.sql.query('SELECT email, name, role FROM users WHERE id = $1', [identity.user_id]);
      expect(user).to.deep.equal({ email: 'alice@gmail.test', name: 'Google alice', role: 'user' });
      const me = await client.get('/api/auth/user/').set('Authorization', `Bearer ${tokenOf(response)}`);
      expect(me.body).to.deep.equal({ id: identity.user_id, uid: String(identity.user_id), email: 'alice@gmail.test', name: 'Google alice', full_name: 'Google alice', role: 'user' });
    });

    it('google: the same identity twice is one user', async () => {
      const users = await count('users');
      const back = await walkGoogleLogin((await authorizationUrl('google')).toString(), 'alice');
      const claims = jwt.decode(tokenOf(await callback('google', Object.fromEntries(back.searchParams)))) as jwt.JwtPayload;
      expect(await count('users')).to.equal(users);
      const { rows: [identity] } = await runtime.db.sql.query<{ user_id: number }>("SELECT user_id FROM user_identities WHERE provider_user_id = 'alice'");
      expect(claims.user.id).to.equal(identity.user_id);
    });

    it('vk: user id and e-mail from the token response, the name from users.get', async () => {
      const claims = jwt.decode(tokenOf(await vkLogin('777'))) as jwt.JwtPayload;
      const { rows: [row] } = await runtime.db.sql.query(
        "SELECT u.id, u.email AS user_email, u.name, i.email AS identity_email FROM users u JOIN user_identities i ON i.user_id = u.id WHERE i.provider = 'vk' AND i.provider_user_id = '777'");
      expect(row).to.deep.equal({ id: claims.user.id, user_email: null, name: 'Иван Вконтактов777', identity_email: 'id777@vk.test' });
      const again = jwt.decode(tokenOf(await vkLogin('777'))) as jwt.JwtPayload;
      expect(again.user.id).to.equal(claims.user.id);
    });

    it('instagram: the user from the token response', async () => {
      const state = (await authorizationUrl('instagram')).searchParams.get('state')!;
      const claims = jwt.decode(tokenOf(await callback('instagram', { code: instagram.issueCode('4242'), state }))) as jwt.JwtPayload;
      const { rows: [row] } = await runtime.db.sql.query(
        "SELECT u.id, u.name FROM users u JOIN user_identities i ON i.user_id = u.id WHERE i.provider = 'instagram' AND i.provider_user_id = '4242'");
      expect(row).to.deep.equal({ id: claims.user.id, name: 'Insta 4242' });
    });

    it('logs in whatever stale or broken token the browser still sends', async () => {
      const state = (await authorizationUrl('vk')).searchParams.get('state')!;
      const response = await callback('vk', { code: vk.issueCode('56'), state }).set('Authorization', 'Bearer expired.or.forged');
      tokenOf(response);
      expect((await client.get('/auth/vk/').set('Authorization', 'Bearer junk')).status).to.equal(200);
    });

    it('redirects only to the configured front end, whatever the request says', async () => {
      const state = (await authorizationUrl('vk')).searchParams.get('state')!;
      const response = await callback('vk', { code: vk.issueCode('55'), state, next: 'http://evil.test/', redirect_uri: 'http://evil.test/' });
      expect(new URL(response.headers.location).origin).to.equal(FRONTEND);
    });
  });

  describe('denial', () => {
    it('google: 401 {"err": "access_denied"}', async () => {
      const back = await walkGoogleLogin((await authorizationUrl('google')).toString(), 'bob', 'abort');
      expect(back.searchParams.get('error')).to.equal('access_denied');
      const users = await count('users');
      const response = await callback('google', Object.fromEntries(back.searchParams));
      expect(response.status).to.equal(401);
      expect(response.body).to.deep.equal({ err: 'access_denied' });
      expect(await count('users')).to.equal(users);
    });

    for (const provider of ['vk', 'instagram']) {
      it(`${provider}: 401 {"err": "<error_reason> <error_description>"}`, async () => {
        const state = (await authorizationUrl(provider)).searchParams.get('state')!;
        const response = await callback(provider, {
          error: 'access_denied', error_reason: 'user_denied', error_description: 'User denied your request', state,
        });
        expect(response.status).to.equal(401);
        expect(response.body).to.deep.equal({ err: 'user_denied User denied your request' });
      });
    }
  });

  describe('state', () => {
    const refused = async (params: Record<string, string>, err: string) => {
      const users = await count('users');
      const tokenCalls = vk.requests.filter((path) => path === '/access_token').length;
      const response = await callback('vk', params);
      expect(response.status).to.equal(400);
      expect(response.body).to.deep.equal({ err });
      expect(response.headers.location).to.equal(undefined);
      expect(await count('users')).to.equal(users);
      // The state is checked before any token exchange.
      expect(vk.requests.filter((path) => path === '/access_token').length).to.equal(tokenCalls);
    };

    it('refuses a callback without state', () => refused({ code: vk.issueCode('1') }, 'missing_state'));
    it('refuses a forged state', () => refused({ code: vk.issueCode('1'), state: 'A'.repeat(43) }, 'invalid_state'));

    it('refuses another provider\'s state', async () => {
      const state = (await authorizationUrl('instagram')).searchParams.get('state')!;
      await refused({ code: vk.issueCode('1'), state }, 'invalid_state');
    });

    it('refuses an expired state (older than 10 minutes)', async () => {
      const state = (await authorizationUrl('vk')).searchParams.get('state')!;
      await runtime.db.sql.query("UPDATE oauth_states SET expires_at = now() - interval '1 second' WHERE state = $1", [state]);
      await refused({ code: vk.issueCode('1'), state }, 'expired_state');
    });

    it('refuses a replayed state', async () => {
      const state = (await authorizationUrl('vk')).searchParams.get('state')!;
      tokenOf(await callback('vk', { code: vk.issueCode('31'), state }));
      await refused({ code: vk.issueCode('31'), state }, 'state_already_used');
    });
  });

  describe('provider failures', () => {
    const withState = async (provider: string) => (await authorizationUrl(provider)).searchParams.get('state')!;

    it('answers a code the provider rejects with 400 {"err": "invalid_code"}, for each provider', async () => {
      for (const provider of ['vk', 'instagram']) {
        const response = await callback(provider, { code: 'never-issued', state: await withState(provider) });
        expect(response.status, provider).to.equal(400);
        expect(response.body).to.deep.equal({ err: 'invalid_code' });
      }
      const response = await callback('google', { code: 'never-issued', state: await withState('google') });
      expect(response.status).to.equal(400);
      expect(response.body).to.deep.equal({ err: 'invalid_code' });
    });

    const failures: [LoginWorld['vk']['misbehave'], string][] = [
      ['slow', 'provider_unavailable'], ['garbage', 'provider_bad_response'], ['down-500', 'provider_unavailable'],
    ];
    for (const [misbehave, err] of failures) {
      it(`answers a provider that is ${misbehave} with 502 {"err": "${err}"} and no user`, async () => {
        const state = await withState('vk');
        const users = await count('users');
        vk.misbehave = misbehave;
        const response = await callback('vk', { code: vk.issueCode('66'), state });
        expect(response.status).to.equal(502);
        expect(response.body).to.deep.equal({ err });
        expect(await count('users')).to.equal(users);
      });
    }

    it('answers a provider that is down with 502', async () => {
      const state = await withState('instagram');
      await instagram.close();
      const response = await callback('instagram', { code: 'whatever', state });
      expect(response.status).to.equal(502);
      expect(response.body).to.deep.equal({ err: 'provider_unavailable' });
    });
  });

  describe('token and session', () => {
    it('revokes every earlier token on logout', async () => {
      const first = tokenOf(await vkLogin('321'));
      const second = tokenOf(await vkLogin('321'));
      const logout = await client.post('/api/auth/logout/').set('Authorization', `Bearer ${first}`);
      expect(logout.status).to.equal(200);
      for (const token of [first, second]) {
        const response = await client.get('/api/auth/user/').set('Authorization', `Bearer ${token}`);
        expect(response.status).to.equal(401);
        expect(response.body).to.deep.equal({ detail: 'Invalid token.' });
      }
      const fresh = tokenOf(await vkLogin('321'));
      expect((await client.get('/api/auth/user/').set('Authorization', `JWT ${fresh}`)).status).to.equal(200);
    });

    it('answers the user route 401 for Bearer null and no token', async () => {
      for (const header of ['Bearer null', undefined]) {
        const call = client.get('/api/auth/user/');
        const response = await (header ? call.set('Authorization', header) : call);
        expect(response.status).to.equal(401);
        expect(response.body).to.deep.equal({ detail: 'Authentication credentials were not provided.' });
      }
      expect((await client.post('/api/auth/logout/')).status).to.equal(401);
    });
  });

  it('limits login requests per client address with 429', async () => {
    const limited = request(buildApp({ ...runtime, config: { ...runtime.config, loginRateLimitPerMinute: 3 } }).callback());
    const statuses = [];
    for (let attempt = 0; attempt < 4; attempt += 1) statuses.push((await limited.get('/auth/vk/')).status);
    expect(statuses).to.deep.equal([200, 200, 200, 429]);
    const throttled = await limited.get('/auth/google/');
    expect(throttled.body.detail).to.match(/^Request was throttled\. Expected available in \d+ seconds\.$/);
    expect(Number(throttled.headers['retry-after'])).to.be.within(1, 60);
  });

  it('requires a provider\'s secret with its client id', () => {
    expect(() => loadConfig({ DATA_DIR: runtime.config.dataDir, VK_CLIENT_ID: 'x' })).to.throw(ConfigError, 'VK_CLIENT_SECRET is required');
  });
});
