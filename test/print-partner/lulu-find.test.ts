// The Lulu client's look for a job by its external_id (before each create, so that a create whose answer was lost is
// not made twice): Lulu's search matches parts of ids, external ids and more, so only an exact external_id is the
// book's job. Against the sandbox partner, which searches as Lulu does.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import Koa from 'koa';
import { koaBody } from 'koa-body';
import { createLuluPartner } from '../../src/print/partner/lulu';
import { createSandboxPartner } from '../../src/print/partner/sandbox';

const KEY = 'find-key';
const SECRET = 'find-secret';

describe('the Lulu client finds a job by its exact external_id', () => {
  let server: http.Server;
  let sandbox: ReturnType<typeof createSandboxPartner>;
  let lulu: ReturnType<typeof createLuluPartner>;

  before(async () => {
    // No webhooks and a clock that never reaches a step: only the jobs as made are looked at.
    sandbox = createSandboxPartner('', { clientKey: KEY, clientSecret: SECRET, stepMs: 3_600_000 });
    const app = new Koa();
    app.use(koaBody());
    app.use(sandbox.router.routes());
    server = http.createServer(app.callback());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    lulu = createLuluPartner('lulu', { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, clientKey: KEY, clientSecret: SECRET, timeoutMs: 5000 });
  });
  after(async () => {
    sandbox.stop();
    await new Promise((resolve) => server.close(resolve));
  });

  const job = (externalId: string) => lulu.create({
    externalId, title: 'Лето', podPackageId: '0850X0850.FC.PRE.CW.080CW444.GXX', quantity: 1,
    coverUrl: 'http://127.0.0.1:9/cover.pdf', interiorUrl: 'http://127.0.0.1:9/interior.pdf',
    shippingAddress: { name: 'Анна', street1: 'Тверская, 1', city: 'Москва', country_code: 'RU', postcode: '125009', phone_number: '+79990000000' },
    shippingLevel: 'MAIL', contactEmail: 'anna@example.com',
  });

  it('answers the job of that external_id, and none for an id the search matches only in part', async () => {
    const tenth = await job('photobook-order-1-10');
    expect(await lulu.findByExternalId('photobook-order-1-1')).to.equal(null);
    expect((await lulu.findByExternalId('photobook-order-1-10'))?.id).to.equal(tenth.id);
    const first = await job('photobook-order-1-1');
    expect((await lulu.findByExternalId('photobook-order-1-1'))?.id).to.equal(first.id);
  });
});
