// The sandbox login end to end in headless Chromium, as a newcomer walks it from a front end: ask for {url}, pick an
// address and a role on the service's page, land on the success page holding the token, and be that user.
import { expect } from 'chai';
import { type BrowserWorld, browserWorld } from '../helpers/browser';
import { DATABASE_KIND, describeBeyondTheDatabase } from '../helpers/database';

describeBeyondTheDatabase(`sandbox login in a browser (${DATABASE_KIND})`, () => {
  let world: BrowserWorld;
  before(async () => {
    world = await browserWorld();
  });
  after(() => world?.close());

  it('logs in as an admin picked on the sandbox page: the success page stores the token, which stands for that admin', async () => {
    const { browser, base } = world;
    const page = await browser.newPage();
    await page.goto(`${base}/healthz`);
    // The front end's call: it sets the login cookie in this browser and answers where to send it.
    const { url } = await page.evaluate(() => fetch('/auth/sandbox/').then((response) => response.json())) as { url: string };
    await page.goto(url);
    await page.fill('#email', 'Boss@Example.com');
    await page.selectOption('#role', 'admin');
    await Promise.all([page.waitForURL(`${base}/oauth/success/`), page.click('#login')]);
    expect(await page.textContent('#status')).to.equal('You are logged in.');
    const token = await page.evaluate("localStorage.getItem('auth_token')") as string;
    expect(token).to.match(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    // The success page's policy lets it fetch nothing: the front end asks from a page of its own.
    await page.goto(`${base}/healthz`);
    const user = await page.evaluate((auth) => fetch('/api/auth/user/', { headers: { Authorization: `Bearer ${auth}` } })
      .then((response) => response.json()), token);
    expect(user).to.include({ email: 'boss@example.com', role: 'admin' });
  });
});
