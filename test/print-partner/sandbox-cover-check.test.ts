// The sandbox partner checks a print job's cover as Lulu does: a cover whose size is not the cover-dimensions of the
// package and page count (here the shop's own spine and 3 mm bleed instead of Lulu's table and 0.75" wrap) is
// REJECTED with the reason, and the right cover goes on to production. Spoken to over Lulu's Print API on a local
// port, with the files fetched from another local server.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import Koa from 'koa';
import { koaBody } from 'koa-body';
import { PDFDocument } from 'pdf-lib';
import { luluCoverDimensionsMm, luluInteriorPageMm, luluPackageOf, parseLuluPackage } from '../../src/print/lulu-rules';
import { createSandboxPartner } from '../../src/print/partner/sandbox';
import { spineWidthMm } from '../../src/render/book-geometry';

const KEY = 'cover-check-key';
const SECRET = 'cover-check-secret-0123456789';
const POINTS_PER_MM = 72 / 25.4;
const PAGES = 24;
const PACKAGE = luluPackageOf(20, 20, true);

async function pdfOf(pages: number, size: { width: number; height: number }): Promise<Buffer> {
  const document = await PDFDocument.create();
  for (let page = 0; page < pages; page += 1) document.addPage([size.width * POINTS_PER_MM, size.height * POINTS_PER_MM]);
  return Buffer.from(await document.save());
}

async function listen(app: Koa): Promise<{ base: string; server: http.Server }> {
  const server = http.createServer(app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

describe('the sandbox partner refuses a cover of the wrong size', function () {
  this.timeout(30_000);
  const sandbox = createSandboxPartner('', { clientKey: KEY, clientSecret: SECRET, stepMs: 100 });
  const files = new Map<string, Buffer>();
  let partner: { base: string; server: http.Server };
  let fileServer: { base: string; server: http.Server };
  let token: string;

  before(async () => {
    const partnerApp = new Koa();
    partnerApp.use(koaBody());
    partnerApp.use(sandbox.router.routes());
    partner = await listen(partnerApp);
    const fileApp = new Koa();
    fileApp.use((ctx) => {
      const file = files.get(ctx.path);
      ctx.status = file ? 200 : 404;
      if (file) ctx.body = file;
    });
    fileServer = await listen(fileApp);
    const pkg = parseLuluPackage(PACKAGE)!;
    const lulu = luluCoverDimensionsMm(pkg, PAGES);
    const trim = { width: pkg.trimWidthIn * 25.4, height: pkg.trimHeightIn * 25.4 };
    files.set('/interior.pdf', await pdfOf(PAGES, luluInteriorPageMm(pkg)));
    files.set('/lulu-cover.pdf', await pdfOf(1, lulu));
    // The shop's own rule: 0.1 mm a page + 4 mm of spine and 3 mm of bleed, where a casewrap takes a 0.75" wrap.
    files.set('/shop-cover.pdf', await pdfOf(1, { width: 2 * trim.width + spineWidthMm(PAGES) + 6, height: trim.height + 6 }));
    const answer = await fetch(`${partner.base}/auth/realms/glasstree/protocol/openid-connect/token`, {
      method: 'POST', headers: { Authorization: `Basic ${Buffer.from(`${KEY}:${SECRET}`).toString('base64')}`, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    token = ((await answer.json()) as { access_token: string }).access_token;
  });
  after(async () => {
    await sandbox.stop();
    await new Promise((resolve) => partner.server.close(resolve));
    await new Promise((resolve) => fileServer.server.close(resolve));
  });

  /** A print job with this cover, followed until the partner has checked its files: its status. */
  async function checked(externalId: string, cover: string): Promise<{ name: string; messages: { error?: string[] } }> {
    const created = await fetch(`${partner.base}/print-jobs/`, {
      method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        external_id: externalId, contact_email: 'shop@example.com', shipping_level: 'MAIL',
        shipping_address: { name: 'A', street1: 'B', city: 'C', country_code: 'RU', postcode: '101000', phone_number: '+70000000000' },
        line_items: [{
          external_id: externalId, title: 'Book', quantity: 1, pod_package_id: PACKAGE,
          printable_normalization: { pod_package_id: PACKAGE, cover: { source_url: `${fileServer.base}${cover}` }, interior: { source_url: `${fileServer.base}/interior.pdf` } },
        }],
      }),
    });
    expect(created.status).to.equal(201);
    const { id } = (await created.json()) as { id: string };
    for (;;) {
      const job = (await (await fetch(`${partner.base}/print-jobs/${id}/`, { headers: { Authorization: `Bearer ${token}` } })).json()) as { status: { name: string; messages: { error?: string[] } } };
      if (job.status.name !== 'CREATED') return job.status;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  it('rejects the shop\'s own cover for a casewrap book, saying what Lulu\'s cover-dimensions are', async () => {
    const status = await checked('wrong-cover', '/shop-cover.pdf');
    expect(status.name).to.equal('REJECTED');
    expect(status.messages.error!.join()).to.match(/^cover: .* cover-dimensions for 24 pages of 0787X0787\.FC\.PRE\.CW\.080CW444\.GXX/);
  });

  it('takes a cover of Lulu\'s cover-dimensions', async () => {
    const status = await checked('right-cover', '/lulu-cover.pdf');
    expect(status.name).to.be.oneOf(['PRODUCTION_DELAYED', 'PRODUCTION_READY', 'IN_PRODUCTION', 'SHIPPED']);
  });
});
