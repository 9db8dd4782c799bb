// The sandbox identity provider over HTTP, as a front end and its browser use it: GET /auth/sandbox/ answers {url}
// bound to the photobook_login cookie, the page approves, the callback logs in. Off in production unless enabled.
import { expect } from 'chai';
import request from 'supertest';
import { buildApp } from '../../src/app';
import { sandboxCodes } from '../../src/auth/providers/sandbox';
import { createLogger } from '../../src/log';
import { DATABASE_KIND } from '../helpers/database';
import { TEST_JWT_SECRET, type TestRuntime, testRuntime, testServer } from '../helpers/runtime';
import { approval, BASE, local, logIn, startLogin, tokenOf } from './sandbox-flow';

const PRODUCTION = { NODE_ENV: 'production', DELIVERY_PROVIDER: 'sandbox', PAYMENT_PROVIDER: 'sandbox' };

describe(`sandbox login, /auth/sandbox/ (${DATABASE_KIND})`, () => {
  describe('outside production (the demo)', () => {
    let runtime: TestRuntime;
    let app: ReturnType<ReturnType<typeof buildApp>['callback']>;
    const userOf = async (token: string) => (await request(app).get('/api/auth/user/').set('Authorization', `Bearer ${token}`)).body;
    before(async () => {
      runtime = await testRuntime({ PUBLIC_BASE_URL: BASE });
      app = buildApp(runtime).callback();
    });
    after(() => runtime.dispose());

    it('answers {url}: its own page with a state, the callback and an S256 challenge, bound to the browser by a cookie', async () => {
      const response = await request(app).get('/auth/sandbox/');
      expect(response.headers['set-cookie']!.toString()).to.match(/^photobook_login=[A-Za-z0-9_-]{43}; Path=\/auth\/;/);
      const url = new URL(response.body.url);
      expect(url.origin + url.pathname).to.equal(`${BASE}/auth/sandbox/authorize/`);
      expect(url.searchParams.get('redirect_uri')).to.equal(`${BASE}/auth/sandbox/`);
      expect(url.searchParams.get('state')).to.match(/^[A-Za-z0-9_-]{43}$/);
      expect(url.searchParams.get('code_challenge')).to.match(/^[A-Za-z0-9_-]{43}$/);
      expect(url.searchParams.get('code_challenge_method')).to.equal('S256');
      const page = await request(app).get(local(url.toString()));
      expect(page.status).to.equal(200);
      expect(page.headers['content-security-policy']).to.equal(
        `default-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self' ${BASE} ${BASE}`);
      expect(page.headers['referrer-policy']).to.equal('no-referrer');
      expect(page.text).to.include('<select id="role" name="role">');
      expect(page.text).to.include(`name="state" value="${url.searchParams.get('state')}"`);
    });

    it('logs in as the address, lower-cased, with the role picked; the next login finds the same user', async () => {
      const first = tokenOf(await logIn(request.agent(app), { email: ' Mod@Example.com ', role: 'moderator' }));
      const moderator = await userOf(first);
      expect(moderator).to.include({ email: 'mod@example.com', role: 'moderator', name: 'mod' });
      const { rows } = await runtime.db.sql.query('SELECT user_id, provider_user_id FROM user_identities WHERE provider = $1', ['sandbox']);
      expect(rows).to.deep.equal([{ user_id: moderator.id, provider_user_id: 'mod@example.com' }]);
      const again = tokenOf(await logIn(request.agent(app), { email: 'mod@example.com', role: 'user' }));
      expect(await userOf(again)).to.include({ id: moderator.id, role: 'user' });
      expect(await userOf(tokenOf(await logIn(request.agent(app), { email: 'new@example.com' })))).to.include({ role: 'user' });
    });

    it('uses a state once, only in the browser that started it, and a code only with its own state', async () => {
      const agent = request.agent(app);
      const approved = await agent.get(approval(await startLogin(agent), { email: 'ann@example.com', role: 'admin' }));
      const callback = local(approved.headers.location);
      expect([(await request(app).get(callback)).body]).to.deep.equal([{ err: 'browser_mismatch' }]);
      tokenOf(await agent.get(callback));
      const replay = await agent.get(callback);
      expect([replay.status, replay.body]).to.deep.equal([400, { err: 'state_already_used' }]);
      // A code approved for one login, presented with another login's state of the same browser.
      const other = await startLogin(agent);
      const code = new URL(approved.headers.location).searchParams.get('code')!;
      const swapped = await agent.get(`/auth/sandbox/?code=${encodeURIComponent(code)}&state=${other.searchParams.get('state')}`);
      expect([swapped.status, swapped.body]).to.deep.equal([400, { err: 'invalid_code' }]);
      const forged = await agent.get(`/auth/sandbox/?code=forged.code&state=${(await startLogin(agent)).searchParams.get('state')}`);
      expect([forged.status, forged.body]).to.deep.equal([400, { err: 'invalid_code' }]);
      const unknown = await agent.get(`/auth/sandbox/?code=${encodeURIComponent(code)}&state=${'x'.repeat(43)}`);
      expect([unknown.status, unknown.body]).to.deep.equal([400, { err: 'invalid_state' }]);
    });

    it('refuses an approval without a valid address or role, or with another redirect_uri, state or challenge', async () => {
      const page = await startLogin(request.agent(app));
      const refusal = async (fields: Record<string, string>) => {
        const response = await request(app).get(approval(page, fields));
        expect(response.status, JSON.stringify(fields)).to.equal(400);
        expect(response.headers.location).to.equal(undefined);
        return response.body;
      };
      expect(await refusal({})).to.deep.equal({ email: ['This field is required.'] });
      expect(await refusal({ email: 'not-an-address' })).to.deep.equal({ email: ['Enter a valid email address.'] });
      expect(await refusal({ email: 'ann@example.com', role: 'root' })).to.deep.equal({ role: ['"root" is not a valid choice.'] });
      expect(await refusal({ email: 'ann@example.com', redirect_uri: 'https://evil.example/steal' }))
        .to.deep.equal({ redirect_uri: [`Must be ${BASE}/auth/sandbox/.`] });
      expect(Object.keys(await refusal({ email: 'ann@example.com', state: '"><script>alert(1)</script>' }))).to.deep.equal(['state']);
      expect(Object.keys(await refusal({ email: 'ann@example.com', code_challenge_method: 'plain' }))).to.deep.equal(['code_challenge']);
      const shown = await request(app).get(`/auth/sandbox/authorize/?state=%22%3E%3Cscript%3E&redirect_uri=${encodeURIComponent(`${BASE}/auth/sandbox/`)}`);
      expect(shown.status).to.equal(400);
      expect(shown.text).not.to.include('<script>');
    });
  });

  describe('outside production on a HOST that other machines reach', () => {
    it('is off and refused, naming HOST and SANDBOX_LOGIN=1, unless SANDBOX_LOGIN=1', async () => {
      // buildApp never listens: HOST only decides the configuration here.
      const exposed = await testRuntime({ PUBLIC_BASE_URL: BASE, HOST: '0.0.0.0' });
      try {
        const app = buildApp(exposed).callback();
        const start = await request(app).get('/auth/sandbox/');
        expect(start.status).to.equal(404);
        expect(start.body).to.deep.equal({
          detail: 'The sandbox login is off on this server (HOST 0.0.0.0 can be reached from other machines): set SANDBOX_LOGIN=1 to allow it.',
        });
        const page = await request(app).get(`/auth/sandbox/authorize/?state=abc&redirect_uri=${encodeURIComponent(`${BASE}/auth/sandbox/`)}`);
        expect(page.status).to.equal(404);
      } finally {
        await exposed.dispose();
      }
      const asked = await testRuntime({ PUBLIC_BASE_URL: BASE, HOST: '0.0.0.0', SANDBOX_LOGIN: '1' });
      try {
        const app = buildApp(asked).callback();
        const token = tokenOf(await logIn(request.agent(app), { email: 'boss@example.com', role: 'admin' }));
        const user = (await request(app).get('/api/auth/user/').set('Authorization', `Bearer ${token}`)).body;
        expect(user).to.include({ role: 'admin', email: 'boss@example.com' });
      } finally {
        await asked.dispose();
      }
    });
  });

  describe('in production', () => {
    it('is off and refused unless SANDBOX_LOGIN=1', async () => {
      const runtime = await testRuntime({ ...PRODUCTION, PUBLIC_BASE_URL: BASE });
      try {
        const app = buildApp(runtime).callback();
        const start = await request(app).get('/auth/sandbox/');
        expect(start.status).to.equal(404);
        expect(start.body.detail).to.include('SANDBOX_LOGIN=1');
        expect(start.headers['set-cookie']).to.equal(undefined);
        const page = await request(app).get(`/auth/sandbox/authorize/?state=abc&redirect_uri=${encodeURIComponent(`${BASE}/auth/sandbox/`)}`);
        expect(page.status).to.equal(404);
        const code = sandboxCodes(TEST_JWT_SECRET).sign({ email: 'boss@example.com', role: 'admin', challenge: 'x'.repeat(43) });
        expect((await request(app).get(`/auth/sandbox/?code=${code}&state=abc`)).status).to.equal(404);
      } finally {
        await runtime.dispose();
      }
    });

    describe('with SANDBOX_LOGIN=1', () => {
      let runtime: TestRuntime;
      let app: ReturnType<ReturnType<typeof buildApp>['callback']>;
      const logLines: Record<string, unknown>[] = [];
      before(async () => {
        const log = createLogger({ logLevel: 'info' }, { write: (line: string) => logLines.push(JSON.parse(line)) });
        runtime = await testRuntime({ ...PRODUCTION, PUBLIC_BASE_URL: BASE, SANDBOX_LOGIN: '1' }, log);
        app = buildApp(runtime).callback();
      });
      after(() => runtime.dispose());

      it('warns at start', async () => {
        const server = await testServer(runtime);
        await server.stop();
        const warning = logLines.find((line) => line.level === 40 && String(line.msg).startsWith('SANDBOX_LOGIN=1 in production'));
        expect(warning, JSON.stringify(logLines)).not.to.equal(undefined);
      });

      it('offers no role, refuses one, and grants neither a role nor the address', async () => {
        const agent = request.agent(app);
        const page = await startLogin(agent);
        expect((await agent.get(local(page.toString()))).text).not.to.include('name="role"');
        const refused = await agent.get(approval(page, { email: 'boss@example.com', role: 'admin' }));
        expect([refused.status, refused.body]).to.deep.equal([400, { role: ['Choosing a role is not allowed on this server.'] }]);
        // Even a code that carries a role (signed with the deployment's secret) grants none.
        const loginPage = await startLogin(agent);
        const code = sandboxCodes(TEST_JWT_SECRET).sign({ email: 'boss@example.com', role: 'admin', challenge: loginPage.searchParams.get('code_challenge')! });
        const token = tokenOf(await agent.get(`/auth/sandbox/?code=${encodeURIComponent(code)}&state=${loginPage.searchParams.get('state')}`));
        const user = (await request(app).get('/api/auth/user/').set('Authorization', `Bearer ${token}`)).body;
        expect(user).to.include({ role: 'user', email: null });
      });
    });
  });
});

describe('sandbox login codes', () => {
  it('are read only while they last (5 minutes), and only as signed', () => {
    const codes = sandboxCodes(TEST_JWT_SECRET);
    const code = codes.sign({ email: 'late@example.com', role: null, challenge: 'challenge' });
    expect(codes.read(code)).to.include({ email: 'late@example.com' });
    expect(sandboxCodes(`${TEST_JWT_SECRET}-other`).read(code)).to.equal(null);
    const now = Date.now;
    Date.now = () => now() + 301_000;
    try {
      expect(codes.read(code)).to.equal(null);
    } finally {
      Date.now = now;
    }
  });
});
