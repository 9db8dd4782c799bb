// Security headers on every kind of answer (API, errors, /docs, media, the service's HTML pages), HSTS only on an
// https deployment, and /docs still working in a real browser under the policy.
import { expect } from 'chai';
import request from 'supertest';
import { buildApp } from '../../src/app';
import { type BrowserWorld, browserWorld } from '../helpers/browser';
import { DATABASE_KIND } from '../helpers/database';
import { type TestRuntime, testRuntime } from '../helpers/runtime';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const PATHS = ['/healthz', '/api/gallery/meta/', '/api/no-such-route/', '/openapi.json', '/docs/', '/docs/swagger-ui.css', '/media/probe.png', '/', '/oauth/success/'];

describe(`security headers (${DATABASE_KIND})`, () => {
  let runtime: TestRuntime;
  before(async () => {
    runtime = await testRuntime({ PUBLIC_BASE_URL: 'https://shop.example.com' });
    await runtime.media.put('probe.png', PNG);
  });
  after(() => runtime.dispose());

  it('are on every answer, and HSTS on an https deployment', async () => {
    const client = request(buildApp(runtime).callback());
    for (const path of PATHS) {
      const { headers } = await client.get(path);
      expect(headers['x-content-type-options'], path).to.equal('nosniff');
      expect(headers['x-frame-options'], path).to.equal('DENY');
      // The success page's own policy (which replaces this one) is the login's to set; DENY covers it meanwhile.
      if (path !== '/oauth/success/') expect(headers['content-security-policy'], path).to.include("frame-ancestors 'none'");
      expect(headers['referrer-policy'], path).to.equal('no-referrer');
      expect(headers['strict-transport-security'], path).to.match(/^max-age=\d+$/);
    }
  });

  it('leave HSTS out on a plain-HTTP deployment', async () => {
    const plain = { ...runtime, config: { ...runtime.config, publicBaseUrl: 'http://localhost:3000' } };
    const { headers } = await request(buildApp(plain).callback()).get('/healthz');
    expect(headers['x-content-type-options']).to.equal('nosniff');
    expect(headers).not.to.have.property('strict-transport-security');
  });

  describe('in a browser', function () {
    this.timeout(120_000);
    let world: BrowserWorld;
    before(async () => {
      world = await browserWorld();
    });
    after(() => world?.close());

    it('/docs renders the reference with no policy violation', async () => {
      const page = await world.browser.newPage();
      const violations: string[] = [];
      page.on('console', (message) => {
        if (/Content.Security.Policy|Refused to/i.test(message.text())) violations.push(message.text());
      });
      await page.goto(`${world.base}/docs/`);
      await page.waitForSelector('.swagger-ui .opblock', { timeout: 60_000 });
      expect(await page.locator('.swagger-ui .title').first().textContent()).to.match(/\S/);
      expect(violations).to.deep.equal([]);
      await page.close();
    });
  });
});
