import { createHash } from 'node:crypto';
import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import request from 'supertest';
import { buildApp } from '../../src/app';
import { launchChromium } from '../helpers/browser';
import { DATABASE_KIND, describeBeyondTheDatabase } from '../helpers/database';
import { type TestRuntime, testRuntime, testServer } from '../helpers/runtime';

describeBeyondTheDatabase(`login success page in a browser (${DATABASE_KIND})`, function () {
  this.timeout(120_000);
  let runtime: TestRuntime;
  let server: Awaited<ReturnType<typeof testServer>>;
  let browser: Browser;
  before(async () => {
    runtime = await testRuntime();
    server = await testServer(runtime);
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await server.stop();
    await runtime.dispose();
  });

  /** A page of a new browser; with a token, holding the cookie that the login callback sets for it. */
  async function newPage(loggedInWith?: string) {
    const page = await browser.newPage();
    if (loggedInWith) {
      await page.context().addCookies([{
        name: 'photobook_success', value: createHash('sha256').update(loggedInWith).digest('base64url'),
        domain: new URL(server.url).hostname, path: '/oauth/', httpOnly: true, sameSite: 'Lax',
      }]);
    }
    return page;
  }

  /** The status the page shows once its script has run under its Content-Security-Policy. */
  async function statusShownAt(url: string, loggedInWith?: string): Promise<string> {
    const page = await newPage(loggedInWith);
    try {
      await page.goto(url);
      return await page.textContent('#status') ?? '';
    } finally {
      await page.close();
    }
  }

  it('greets a token shaped like a JWT in the browser whose login produced it', async () => {
    const token = runtime.tokens.issue(await runtime.users.create({ email: 'page@example.com' }));
    expect(await statusShownAt(`${server.url}/oauth/success/?set_token=${token}`, token)).to.equal('You are logged in.');
  });

  it('refuses a valid token in a browser whose login did not produce it, keeping that browser\'s own login', async () => {
    const attackers = runtime.tokens.issue(await runtime.users.create({ email: 'attacker@example.com' }));
    const victims = runtime.tokens.issue(await runtime.users.create({ email: 'victim@example.com' }));
    // The victim is logged in, and has just logged in again (their own cookie is still there).
    const page = await newPage(victims);
    try {
      await page.goto(`${server.url}/healthz`);
      await page.evaluate(`localStorage.setItem('auth_token', ${JSON.stringify(victims)})`);
      const response = await page.goto(`${server.url}/oauth/success/?set_token=${attackers}`);
      expect(response!.status()).to.equal(403);
      expect(await page.textContent('#status')).to.equal('Login failed: this login was not started in this browser.');
      expect(await page.evaluate("({ token: localStorage.getItem('auth_token'), error: localStorage.getItem('auth_token_err') })"))
        .to.deep.equal({ token: victims, error: 'this login was not started in this browser.' });
    } finally {
      await page.close();
    }
  });

  it('shows a failure for anything else, and for an err parameter even with a token', async () => {
    for (const query of ['set_token=anything', 'set_token=', '', 'set_token=a.b', 'set_token=<b>x</b>.y.z']) {
      expect(await statusShownAt(`${server.url}/oauth/success/?${query}`), query).to.equal('Login failed: no valid token was given.');
    }
    expect(await statusShownAt(`${server.url}/oauth/success/?err=access_denied&set_token=a.b.c`)).to.equal('Login failed: access_denied');
  });

  it('stores the token as auth_token, or the reason as auth_token_err, where the opener polls them', async () => {
    const page = await browser.newPage();
    try {
      const storage = () => page.evaluate("({ token: localStorage.getItem('auth_token'), error: localStorage.getItem('auth_token_err') })");
      await page.goto(`${server.url}/oauth/success/?set_token=a.b`);
      expect(await storage()).to.deep.equal({ token: null, error: 'no valid token was given.' });
      await page.goto(`${server.url}/oauth/success/?err=access_denied`);
      expect(await storage()).to.deep.equal({ token: null, error: 'access_denied' });
      const token = runtime.tokens.issue(await runtime.users.create({ email: 'storage@example.com' }));
      await page.context().addCookies([{
        name: 'photobook_success', value: createHash('sha256').update(token).digest('base64url'), domain: new URL(server.url).hostname, path: '/oauth/',
      }]);
      await page.goto(`${server.url}/oauth/success/?set_token=${token}`);
      expect(await storage()).to.deep.equal({ token, error: null });
    } finally {
      await page.close();
    }
  });

  it('serves the success page: it stores set_token as auth_token, closes a popup, only its own script may run, no site may frame it', async () => {
    const response = await request(buildApp(runtime).callback()).get('/oauth/success/?set_token=abc.def.ghi');
    expect(response.status).to.equal(403);
    expect(response.headers['content-type']).to.match(/^text\/html/);
    expect(response.text).not.to.include('abc.def.ghi');
    const script = /<script>([\s\S]*)<\/script>/.exec(response.text)![1];
    expect(script).to.include("localStorage.setItem('auth_token', token)");
    expect(script).to.include('window.close()');
    const hash = createHash('sha256').update(script).digest('base64');
    expect(response.headers['content-security-policy']).to.equal(`default-src 'none'; script-src 'sha256-${hash}'; frame-ancestors 'none'`);
    expect(response.headers['x-frame-options']).to.equal('DENY');
    expect(response.headers['referrer-policy']).to.equal('no-referrer');
  });
});
