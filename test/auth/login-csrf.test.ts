import { expect } from 'chai';
import request from 'supertest';
import { buildApp } from '../../src/app';
import { DATABASE_KIND } from '../helpers/database';
import { walkGoogleLogin } from './google-oidc';
import { authorizationUrlFor, type LoginWorld, startLoginWorld, tokenOf } from './login-world';

// Login CSRF: a state (and its PKCE verifier) counts only in the browser that asked for it.
describe(`login bound to the browser (${DATABASE_KIND})`, function () {
  this.timeout(30_000);
  let world: LoginWorld;
  before(async () => {
    world = await startLoginWorld();
  });
  after(() => world.close());
  const callback = (provider: string, params: Record<string, string>) =>
    world.client.get(`/auth/${provider}/?${new URLSearchParams(params).toString()}`);


  it('sets an HttpOnly, SameSite=Lax cookie for the login paths with the authorization URL', async () => {
    const response = await world.client.get('/auth/vk/');
    const cookie = (response.headers['set-cookie'] as unknown as string[]).find((line) => line.startsWith('photobook_login='))!;
    expect(cookie).to.match(/^photobook_login=[A-Za-z0-9_-]{43}; Path=\/auth\/; Max-Age=600; HttpOnly; SameSite=Lax$/);
  });

  it('refuses an attacker\'s code and state in another browser, which gets no token', async () => {
    const attacker = world.newBrowser();
    const state = new URL((await attacker.get('/auth/vk/')).body.url).searchParams.get('state')!;
    const code = world.vk.issueCode('6660');
    const tokenCalls = world.vk.requests.filter((path) => path === '/access_token').length;
    // The victim's browser has a binding of its own, and one that never started a login has none.
    for (const victim of [world.client, request(buildApp(world.runtime).callback())]) {
      const response = await victim.get(`/auth/vk/?code=${code}&state=${state}`);
      expect(response.status).to.equal(400);
      expect(response.body).to.deep.equal({ err: 'browser_mismatch' });
      expect(response.headers.location).to.equal(undefined);
    }
    expect(world.vk.requests.filter((path) => path === '/access_token').length).to.equal(tokenCalls);
    const { rows } = await world.runtime.db.sql.query("SELECT 1 FROM user_identities WHERE provider = 'vk' AND provider_user_id = '6660'");
    expect(rows).to.have.length(0);
    // The state was not used up by the refused attempts: it still belongs to the browser that asked for it.
    tokenOf(await attacker.get(`/auth/vk/?code=${code}&state=${state}`));
  });

  it('keeps the PKCE verifier of google\'s state to the browser that asked for it', async () => {
    const attacker = world.newBrowser();
    const back = await walkGoogleLogin(new URL((await attacker.get('/auth/google/')).body.url).toString(), 'mallory');
    const response = await callback('google', Object.fromEntries(back.searchParams));
    expect(response.status).to.equal(400);
    expect(response.body).to.deep.equal({ err: 'browser_mismatch' });
  });

  it('lets one browser run logins in two tabs (popups) at once', async () => {
    const first = (await authorizationUrlFor(world.client, 'vk')).searchParams.get('state')!;
    const second = (await authorizationUrlFor(world.client, 'vk')).searchParams.get('state')!;
    tokenOf(await callback('vk', { code: world.vk.issueCode('71'), state: second }));
    tokenOf(await callback('vk', { code: world.vk.issueCode('72'), state: first }));
  });

  // Login fixation: an attacker's own valid token, sent to a victim as a success-page link, must not log the victim in.
  it('lets the success page accept a token only in the browser whose login produced it, once', async () => {
    const state = (await authorizationUrlFor(world.client, 'vk')).searchParams.get('state')!;
    const response = await callback('vk', { code: world.vk.issueCode('81'), state });
    const token = tokenOf(response);
    const cookie = (response.headers['set-cookie'] as unknown as string[]).find((line) => line.startsWith('photobook_success='))!;
    expect(cookie).to.match(/^photobook_success=[A-Za-z0-9_-]{43}; Path=\/oauth\/; Max-Age=120; HttpOnly; SameSite=Lax$/);
    const successPage = (browser: typeof world.client) => browser.get(`/oauth/success/?set_token=${encodeURIComponent(token)}`);
    // A victim's browser: one in the middle of a login of its own, and one that never started any.
    const midLogin = world.newBrowser();
    await authorizationUrlFor(midLogin, 'vk');
    tokenOf(await midLogin.get(`/auth/vk/?code=${world.vk.issueCode('82')}&state=${(await authorizationUrlFor(midLogin, 'vk')).searchParams.get('state')}`));
    for (const victim of [midLogin, world.newBrowser()]) {
      const refused = await successPage(victim);
      expect(refused.status).to.equal(403);
      expect(refused.text).to.include('data-outcome="refused"');
    }
    const accepted = await successPage(world.client);
    expect(accepted.status).to.equal(200);
    expect(accepted.text).to.include('data-outcome="accepted"');
    expect(accepted.headers['set-cookie']).to.deep.equal(['photobook_success=; Path=/oauth/; Max-Age=0; HttpOnly; SameSite=Lax']);
    expect((await successPage(world.client)).status).to.equal(403);
  });
});
