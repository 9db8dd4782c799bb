import { expect } from 'chai';
import request from 'supertest';
import { buildApp } from '../../src/app';
import { DATABASE_KIND } from '../helpers/database';
import { type TestRuntime, testConfig, testRuntime } from '../helpers/runtime';

describe(`home page (${DATABASE_KIND})`, () => {
  let runtime: TestRuntime;
  before(async () => {
    runtime = await testRuntime();
  });
  after(() => runtime.dispose());

  it('GET / is an HTML page with a strict CSP, no caching, and the links to the service documents', async () => {
    const response = await request(buildApp(runtime).callback()).get('/').set('Authorization', 'Bearer stale');
    expect(response.status).to.equal(200);
    expect(response.headers['content-type']).to.equal('text/html; charset=utf-8');
    expect(response.headers['content-security-policy']).to.equal("default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'");
    expect(response.headers['cache-control']).to.equal('no-store');
    const hrefs = [...response.text.matchAll(/href="([^"]*)"/g)].map((match) => match[1]);
    expect(hrefs).to.deep.equal(['/redaktor/', '/docs', '/openapi.json', '/metrics', '/healthz', '/readyz']);
    expect(response.text).not.to.include('id="demo"');
  });

  it('shows the demo shopper, escaped', async () => {
    const demoShopper = { email: 'shop<b>per@example.com', layoutId: '"><script>alert(1)</script>' };
    const response = await request(buildApp({ ...runtime, demoShopper }).callback()).get('/');
    expect(response.status).to.equal(200);
    expect(response.text).to.include('<strong id="demo-email">shop&#60;b&#62;per@example.com</strong>');
    expect(response.text).to.include('<code id="demo-layout">&#34;&#62;&#60;script&#62;alert(1)&#60;/script&#62;</code>');
    expect(response.text).to.include('/api/ua/layout/&#34;&#62;&#60;script&#62;');
    expect(response.text).to.include('B=http://photobook.test; ');
    expect(response.text).to.include('<a id="demo-editor" href="/redaktor/#&#34;&#62;&#60;script&#62;');
    expect(response.text).not.to.include('<script>');
    expect(response.text).not.to.include('<b>');
  });

  it('is in the OpenAPI document', async () => {
    const document = (await request(buildApp(runtime).callback()).get('/openapi.json')).body;
    expect(document.paths['/'].get.responses['200'].description).to.equal('An HTML page');
  });

  it("the sandbox payment page's \"Back to the shop\" lands here by default (PAYMENT_RETURN_URL <- FRONTEND_URL <- PUBLIC_BASE_URL)", () => {
    expect(testConfig().payment.returnUrl).to.equal('http://photobook.test/');
    expect(testConfig({ FRONTEND_URL: 'https://shop.example' }).payment.returnUrl).to.equal('https://shop.example/');
  });
});
