// Visitors are accounts: POST /auth/autoreg/ makes one, its token does what the front end offers a visitor (and is
// refused what needs a login), a login started with it takes the visitor's books and cart into the account, and the
// purge deletes visitors nobody uses.
import { expect } from 'chai';
import jwt from 'jsonwebtoken';
import request from 'supertest';
import { purgeExpiredRecords } from '../../src/worker/purge-expired-records';
import { loadReferenceData } from '../../src/seed/fixtures';
import { seedDemoCatalog } from '../../src/seed/demo';
import { createValidator } from '../../src/http/validation';
import type { RunningServer } from '../../src/server';
import { recipient } from '../checkout/checkout';
import { DATABASE_KIND } from '../helpers/database';
import { jobsSettled } from '../helpers/jobs';
import { TEST_JWT_SECRET, type TestRuntime, testRuntime, testServer } from '../helpers/runtime';
import { connectEditor } from '../realtime/sockets';
import { approvedCallback, logIn, startLogin, tokenOf } from './sandbox-flow';

describe(`visitor accounts, POST /auth/autoreg/ (${DATABASE_KIND})`, () => {
  const LIFETIME = 3600;
  let runtime: TestRuntime;
  let server: RunningServer & { url: string };
  let product: number;
  // Each visitor asks from an address of its own (TRUST_PROXY=1), so the rate limit test counts only its own requests.
  let nextAddress = 1;
  const autoreg = (address = `198.51.100.${nextAddress++}`) =>
    request(server.url).post('/auth/autoreg/').set('X-Forwarded-For', address);
  /** A browser of its own address (one supertest agent keeps its cookies), so that logins count apart in the rate limit. */
  const browser = () => request.agent(server.url).set('X-Forwarded-For', `198.51.100.${nextAddress++}`);
  const rows = async <Row>(text: string, params: unknown[] = []) => (await runtime.db.sql.query<Row & object>(text, params)).rows as Row[];
  const as = (auth: string) => ({
    get: (path: string) => request(server.url).get(path).set('Authorization', auth),
    post: (path: string, body?: object) => request(server.url).post(path).set('Authorization', auth).send(body),
    patch: (path: string, body: object) => request(server.url).patch(path).set('Authorization', auth).send(body),
  });

  /** A visitor as the front end makes one: its token, id, and a book of the gallery put in its cart. */
  async function visitorWithBook() {
    const response = await autoreg();
    expect(response.status).to.equal(200);
    const auth = `Bearer ${response.body.token}`;
    const { id } = (await as(auth).get('/api/auth/user/')).body as { id: number };
    const book = await as(auth).post(`/api/ua/product/${product}/generate-layout/`, {});
    expect(book.status, JSON.stringify(book.body)).to.equal(201);
    const cart = await as(auth).post('/api/merch/order/', { layout_id: book.body.id, count: 2 });
    expect(cart.status, JSON.stringify(cart.body)).to.equal(201);
    return { auth, token: response.body.token as string, id, bookId: book.body.id as string, orderSetId: cart.body.orderset_id as number };
  }

  const ownerOf = async (layoutId: string) => (await rows<{ owner_id: number }>('SELECT owner_id FROM layouts WHERE id = $1', [layoutId]))[0]?.owner_id;
  const userExists = async (id: number) => (await rows('SELECT 1 FROM users WHERE id = $1', [id])).length === 1;
  const cartOf = async (userId: number) => rows<{ layout_id: string; quantity: number }>(
    `SELECT o.layout_id, o.quantity FROM orders o JOIN order_sets s ON s.id = o.order_set_id
     WHERE s.user_id = $1 AND s.status = 'OPEN' ORDER BY o.id`, [userId]);

  before(async () => {
    runtime = await testRuntime({ VISITOR_TOKEN_LIFETIME_SECONDS: String(LIFETIME), LOGIN_RATE_LIMIT_PER_MINUTE: '6', TRUST_PROXY: '1' });
    await loadReferenceData(runtime.db);
    await seedDemoCatalog(runtime, 1);
    product = (await rows<{ id: number }>('SELECT id FROM products ORDER BY id LIMIT 1'))[0].id;
    server = await testServer(runtime);
  });
  after(async () => {
    await server.stop();
    await runtime.dispose();
  });

  describe('the account', () => {
    it('answers 200 {token} for a new row of role visitor with no e-mail; the token carries its id and lasts VISITOR_TOKEN_LIFETIME_SECONDS', async () => {
      const response = await autoreg();
      expect(response.status).to.equal(200);
      expect(response.headers['cache-control']).to.equal('no-store');
      expect(createValidator(runtime.schemas).errorsOf('auth-token.json', response.body)).to.equal(null);
      const claims = jwt.verify(response.body.token, TEST_JWT_SECRET, { algorithms: ['HS256'], issuer: 'photobook', audience: 'photobook' }) as jwt.JwtPayload;
      expect(claims.user.role).to.equal('visitor');
      expect(claims.sub).to.equal(String(claims.user.id));
      expect(claims.exp! - claims.iat!).to.equal(LIFETIME);
      const [row] = await rows<{ email: string | null; role: string; seen: boolean }>(
        "SELECT email, role, last_seen_at > now() - interval '1 minute' AS seen FROM users WHERE id = $1", [claims.user.id]);
      expect(row).to.deep.equal({ email: null, role: 'visitor', seen: true });
      const me = await as(`Bearer ${response.body.token}`).get('/api/auth/user/');
      expect([me.status, me.body]).to.deep.equal([200, { id: claims.user.id, uid: String(claims.user.id), email: null, name: '', full_name: '', role: 'visitor' }]);
      expect(createValidator(runtime.schemas).errorsOf('auth-user.json', me.body)).to.equal(null);
    });

    it('is rate-limited per client address like the login routes', async () => {
      const statuses = [];
      for (let attempt = 0; attempt < 7; attempt += 1) statuses.push((await autoreg('203.0.113.9')).status);
      expect(statuses).to.deep.equal([200, 200, 200, 200, 200, 200, 429]);
      expect((await autoreg('203.0.113.10')).status).to.equal(200);
    });

    it('refuses an expired visitor token, one for a deleted visitor and a forged one with 401 Invalid token', async () => {
      const { id } = (await as(`Bearer ${(await autoreg()).body.token}`).get('/api/auth/user/')).body as { id: number };
      const sign = (expiresIn: number, secret = TEST_JWT_SECRET) => jwt.sign({ user: { id, role: 'visitor' }, ver: 0 }, secret,
        { algorithm: 'HS256', subject: String(id), expiresIn, issuer: 'photobook', audience: 'photobook' });
      expect((await as(`Bearer ${sign(60)}`).get('/api/auth/user/')).status).to.equal(200);
      for (const token of [sign(-60), sign(60, 'x'.repeat(40))]) {
        const response = await as(`Bearer ${token}`).get('/api/gallery/product/');
        expect([response.status, response.body]).to.deep.equal([401, { detail: 'Invalid token.' }]);
      }
      await runtime.db.sql.query('DELETE FROM users WHERE id = $1', [id]);
      expect((await as(`Bearer ${sign(60)}`).get('/api/auth/user/')).status).to.equal(401);
    });

    it('notes when a visitor was last seen, at most once an hour', async () => {
      const { auth, id } = await visitorWithBook();
      await runtime.db.sql.query("UPDATE users SET last_seen_at = now() - interval '2 hours' WHERE id = $1", [id]);
      await as(auth).get('/api/merch/order/count/');
      const seen = async () => (await rows<{ age: number }>(
        'SELECT extract(epoch FROM now() - last_seen_at)::int AS age FROM users WHERE id = $1', [id]))[0].age;
      expect(await seen()).to.be.below(60);
      await runtime.db.sql.query("UPDATE users SET last_seen_at = now() - interval '30 minutes' WHERE id = $1", [id]);
      await as(auth).get('/api/merch/order/count/');
      expect(await seen()).to.be.within(1790, 1810);
    });
  });

  describe('what a visitor may do', () => {
    it('reads the gallery and a theme preview, makes a book, lists it, bins and restores it, and has a cart and its count', async () => {
      const { auth, bookId } = await visitorWithBook();
      const visitor = as(auth);
      expect((await visitor.get('/api/gallery/product/')).status).to.equal(200);
      expect((await visitor.get(`/api/ua/layout/product/${product}/`)).status).to.equal(200);
      const mine = await visitor.get('/api/ua/layout/');
      expect(mine.status).to.equal(200);
      expect(mine.body.layouts.map((layout: { id: string }) => layout.id)).to.deep.equal([bookId]);
      expect((await visitor.get(`/api/ua/layout/${bookId}/`)).status).to.equal(200);
      expect((await visitor.patch(`/api/ua/layout/${bookId}/`, { deleted: true })).body.status).to.equal('DELETED');
      expect((await visitor.patch(`/api/ua/layout/${bookId}/`, { deleted: false })).body.status).to.not.equal('DELETED');
      const count = await visitor.get('/api/merch/order/count/');
      expect([count.status, count.body]).to.deep.equal([200, { count: 1 }]);
    });

    it('checks a delivery price but cannot confirm a delivery or pay: 403 with a detail to show, and nothing is placed', async () => {
      const { auth, orderSetId } = await visitorWithBook();
      const price = await as(auth).post(`/api/merch/orderset/${orderSetId}/delivery/check_delivery_price/`, { type: 'PICKUP' });
      expect(price.status, JSON.stringify(price.body)).to.equal(200);
      const confirm = await as(auth).post(`/api/merch/orderset/${orderSetId}/delivery/`, { type: 'PICKUP', ...recipient });
      expect([confirm.status, confirm.body]).to.deep.equal([403, { detail: 'Log in to place an order: a visitor cannot confirm a delivery or pay.' }]);
      expect(await rows('SELECT 1 FROM deliveries WHERE order_set_id = $1 UNION ALL SELECT 1 FROM payments WHERE order_set_id = $1', [orderSetId]))
        .to.deep.equal([]);
      expect((await rows<{ status: string }>('SELECT status FROM order_sets WHERE id = $1', [orderSetId]))[0].status).to.equal('OPEN');
      // The same request from a logged-in shopper with the same cart is placed: the refusal is the visitor's alone.
      const shopper = await logIn(browser(), { email: 'placing@example.com' }, auth);
      const placed = await as(`Bearer ${tokenOf(shopper)}`).post(`/api/merch/orderset/${orderSetId}/delivery/`, { type: 'PICKUP', ...recipient });
      expect(placed.status, JSON.stringify(placed.body)).to.equal(200);
    });

    it('never reaches moderator or admin routes (403), and no route answers 401 to its token', async () => {
      const { auth } = await visitorWithBook();
      for (const path of ['/api/theme/', '/api/admin/jobs/', '/api/admin/orderset/']) {
        const response = await as(auth).get(path);
        expect([response.status, response.body], path).to.deep.equal([403, { detail: 'You do not have permission to perform this action.' }]);
      }
      for (const path of ['/api/auth/user/', '/api/ua/layout/', '/api/merch/orderset/', '/api/merch/order/count/', '/api/merch/delivery/company/']) {
        expect((await as(auth).get(path)).status, path).to.equal(200);
      }
    });

    it('opens the editing channel for its own books', async () => {
      const { token } = await visitorWithBook();
      const editor = await connectEditor(server.url, { token });
      expect(editor.connected).to.equal(true);
      editor.disconnect();
    });
  });

  describe('logging in keeps the visitor\'s work', () => {
    it('moves the books and the cart into the account that logs in (joining its open cart), then deletes the visitor', async () => {
      const existing = await logIn(browser(), { email: 'anna@example.com' });
      const anna = as(`Bearer ${tokenOf(existing)}`);
      const annaId = (await anna.get('/api/auth/user/')).body.id as number;
      const annaBook = (await anna.post(`/api/ua/product/${product}/generate-layout/`, {})).body.id as string;
      expect((await anna.post('/api/merch/order/', { layout_id: annaBook, count: 1 })).status).to.equal(201);

      const visitor = await visitorWithBook();
      const token = tokenOf(await logIn(browser(), { email: 'anna@example.com' }, visitor.auth));
      expect(await ownerOf(visitor.bookId)).to.equal(annaId);
      expect(await cartOf(annaId)).to.deep.equal([{ layout_id: annaBook, quantity: 1 }, { layout_id: visitor.bookId, quantity: 2 }]);
      expect(await userExists(visitor.id)).to.equal(false);
      expect((await as(visitor.auth).get('/api/ua/layout/')).status).to.equal(401);
      const listed = await as(`Bearer ${token}`).get('/api/ua/layout/');
      expect(listed.body.layouts.map((layout: { id: string }) => layout.id)).to.have.members([annaBook, visitor.bookId]);
      expect((await as(`Bearer ${token}`).get('/api/merch/order/count/')).body).to.deep.equal({ count: 2 });
    });

    it('gives a new account the visitor\'s cart as it is', async () => {
      const visitor = await visitorWithBook();
      const token = tokenOf(await logIn(browser(), { email: 'new-shopper@example.com' }, visitor.auth));
      const userId = (await as(`Bearer ${token}`).get('/api/auth/user/')).body.id as number;
      expect(await rows('SELECT id FROM order_sets WHERE user_id = $1', [userId])).to.deep.equal([{ id: visitor.orderSetId }]);
      expect(await cartOf(userId)).to.deep.equal([{ layout_id: visitor.bookId, quantity: 2 }]);
    });

    it('changes nothing when the login fails, is refused or is abandoned', async () => {
      const visitor = await visitorWithBook();
      const agent = browser();
      // Abandoned: started, never called back.
      await startLogin(agent, visitor.auth);
      // Failed: the callback carries a code the provider refuses.
      const state = (await startLogin(agent, visitor.auth)).searchParams.get('state');
      const failed = await agent.get(`/auth/sandbox/?code=forged.code&state=${state}`);
      expect([failed.status, failed.body]).to.deep.equal([400, { err: 'invalid_code' }]);
      // Called back in another browser (no binding cookie): refused before anything is exchanged.
      const callback = await approvedCallback(agent, await startLogin(agent, visitor.auth), { email: 'thief@example.com' });
      expect((await request(server.url).get(callback)).body).to.deep.equal({ err: 'browser_mismatch' });
      expect(await ownerOf(visitor.bookId)).to.equal(visitor.id);
      expect(await cartOf(visitor.id)).to.deep.equal([{ layout_id: visitor.bookId, quantity: 2 }]);
      expect((await as(visitor.auth).get('/api/auth/user/')).body.role).to.equal('visitor');
    });

    it('binds only a visitor: a login started with a user\'s token moves nothing of that user', async () => {
      const first = tokenOf(await logIn(browser(), { email: 'first@example.com' }));
      const firstId = (await as(`Bearer ${first}`).get('/api/auth/user/')).body.id as number;
      const book = (await as(`Bearer ${first}`).post(`/api/ua/product/${product}/generate-layout/`, {})).body.id as string;
      tokenOf(await logIn(browser(), { email: 'second@example.com' }, `Bearer ${first}`));
      expect(await ownerOf(book)).to.equal(firstId);
      expect(await userExists(firstId)).to.equal(true);
    });

    it('merges once when two logins of one visitor race: every book ends in exactly one account, and both logins succeed', async () => {
      const visitor = await visitorWithBook();
      const agents = [browser(), browser()];
      const callbacks = await Promise.all(agents.map(async (agent, index) =>
        approvedCallback(agent, await startLogin(agent, visitor.auth), { email: `racer-${index}@example.com` })));
      const answers = await Promise.all(agents.map((agent, index) => agent.get(callbacks[index])));
      const ids = await Promise.all(answers.map(async (answer) => (await as(`Bearer ${tokenOf(answer)}`).get('/api/auth/user/')).body.id as number));
      const owner = await ownerOf(visitor.bookId);
      expect(ids).to.include(owner);
      const carts = await Promise.all(ids.map(cartOf));
      expect(carts.flat()).to.deep.equal([{ layout_id: visitor.bookId, quantity: 2 }]);
      expect(await userExists(visitor.id)).to.equal(false);
    });
  });

  describe('the purge of idle visitors', () => {
    const purge = async () => {
      await runtime.queue.work(runtime.jobContext);
      const id = await runtime.db.transaction((tx) => runtime.queue.enqueue(tx, purgeExpiredRecords, {}));
      expect((await jobsSettled(runtime.queue, [id])).get(id)!.ok).to.equal(true);
    };

    it('deletes a visitor unseen for VISITOR_RETENTION_DAYS with its books and cart, and keeps recent ones and any an order holds', async () => {
      const idle = await visitorWithBook();
      const recent = await visitorWithBook();
      const held = await visitorWithBook();
      await runtime.db.sql.query("UPDATE users SET last_seen_at = now() - interval '31 days' WHERE id = ANY($1)", [[idle.id, held.id]]);
      await runtime.db.sql.query("UPDATE users SET last_seen_at = now() - interval '29 days' WHERE id = $1", [recent.id]);
      // An order holds the held visitor's book (as if it had been confirmed before the rule existed).
      await runtime.db.sql.query("UPDATE order_sets SET status = 'CONFIRMED' WHERE id = $1", [held.orderSetId]);
      await purge();
      expect(await userExists(idle.id)).to.equal(false);
      expect(await rows('SELECT 1 FROM layouts WHERE id = $1 UNION ALL SELECT 1 FROM order_sets WHERE id = $2', [idle.bookId, idle.orderSetId]))
        .to.deep.equal([]);
      expect([await userExists(recent.id), await ownerOf(recent.bookId)]).to.deep.equal([true, recent.id]);
      expect([await userExists(held.id), await ownerOf(held.bookId)]).to.deep.equal([true, held.id]);
    });
  });
});
