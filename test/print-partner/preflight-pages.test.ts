// The preflight catches a book its print partner would reject for its page count, before the cart: a format routed
// to Lulu takes hard covers of 24 to 800 interior pages and soft covers of 32 to 800; the built-in sandbox partner (the
// default, and the demo's) takes books from 2 pages, so the demo catalogue's 10-page books still go in the cart.
import { expect } from 'chai';
import request from 'supertest';
import { buildApp } from '../../src/app';
import { createValidator } from '../../src/http/validation';
import { seedDemoCatalog } from '../../src/seed/demo';
import { DATABASE_KIND } from '../helpers/database';
import { testRuntime } from '../helpers/runtime';
import { shopper } from '../orders/shop';
import { newBook } from '../print/placed-book';
import { growBook } from './world';

type Problem = { kind: string; block_id: string; severity: string; pages?: number; min_pages?: number; max_pages?: number };

describe(`the preflight checks the print partner's page range (${DATABASE_KIND})`, function () {
  this.timeout(120_000);

  async function world(env: Record<string, string>) {
    const runtime = await testRuntime(env);
    await seedDemoCatalog(runtime, 1);
    const client = request(buildApp(runtime).callback());
    const validator = createValidator(runtime.schemas);
    let counter = 0;
    /** A shopper's demo book grown to `pages` interior pages (10 as made) with this cover; its preflight and cart answer. */
    const book = async (pages: number, cover: 'HARD_COVER' | 'SOFT_COVER') => {
      const who = await shopper(runtime, `pages-${(counter += 1)}-${Date.now()}@example.com`);
      const { layoutId } = await newBook(runtime, who.id);
      if (pages > 10) await growBook(runtime, layoutId, pages);
      await runtime.db.sql.query('UPDATE layouts SET cover_type = $2 WHERE id = $1', [layoutId, cover]);
      const preflight = await client.get(`/api/ua/layout/${layoutId}/preflight/`).set('Authorization', who.auth);
      expect(preflight.status).to.equal(200);
      expect(validator.errorsOf('preflight.json', preflight.body)).to.equal(null);
      const cart = await client.post('/api/merch/order/').set('Authorization', who.auth).send({ layout_id: layoutId, count: 1 });
      const problems = (preflight.body.pages as { num: number; problems: Problem[] }[]).flatMap((page) => page.problems.map((problem) => ({ num: page.num, ...problem })));
      return { preflight: preflight.body, pageCount: problems.filter((problem) => problem.kind === 'page_count'), cart };
    };
    return { runtime, book };
  }

  describe('a format routed to Lulu', () => {
    let lulu: Awaited<ReturnType<typeof world>>;
    before(async () => {
      lulu = await world({ PRINT_PARTNER: 'lulu', LULU_URL: 'http://127.0.0.1:9', LULU_CLIENT_KEY: 'k', LULU_CLIENT_SECRET: 's' });
    });
    after(async () => {
      await lulu?.runtime.dispose();
    });

    it('a 10-page hard cover book is an error on page 0 (page_count, 24 to 800), and the cart refuses it', async () => {
      const { preflight, pageCount, cart } = await lulu.book(10, 'HARD_COVER');
      expect(pageCount).to.deep.equal([{
        num: 0, block_id: '', kind: 'page_count', severity: 'error', pages: 10, min_pages: 24, max_pages: 800,
        message: 'This book has 10 pages; a hard cover book is printed with 24 to 800: add 14 pages.',
      }]);
      expect(preflight.printable).to.equal(false);
      expect(cart.status).to.equal(409);
      expect(cart.body.detail).to.match(/^This book cannot be printed as it is/);
      expect(cart.body.preflight.pages[0].problems[0].kind).to.equal('page_count');
    });

    it('a 24-page soft cover book is refused too (a paperback takes 32 pages or more)', async () => {
      const { pageCount, cart } = await lulu.book(24, 'SOFT_COVER');
      expect(pageCount.map((problem) => [problem.min_pages, problem.max_pages])).to.deep.equal([[32, 800]]);
      expect(cart.status).to.equal(409);
    });

    it('a 24-page hard cover book has no page_count problem and goes in the cart', async () => {
      const { pageCount, cart } = await lulu.book(24, 'HARD_COVER');
      expect(pageCount).to.deep.equal([]);
      expect(cart.status, JSON.stringify(cart.body)).to.equal(201);
    });
  });

  describe('the default partner (the built-in sandbox: the demo)', () => {
    let sandbox: Awaited<ReturnType<typeof world>>;
    before(async () => {
      sandbox = await world({});
    });
    after(async () => {
      await sandbox?.runtime.dispose();
    });

    it('takes the demo\'s 10-page book: no page_count problem, in the cart', async () => {
      const { pageCount, cart } = await sandbox.book(10, 'HARD_COVER');
      expect(pageCount).to.deep.equal([]);
      expect(cart.status, JSON.stringify(cart.body)).to.equal(201);
    });
  });
});
