// The preflight (issue 32): a book's problems page by page, for its owner and moderators; the cart and the
// confirmation of a set refuse a book with errors (409 with the preflight) and carry the warnings.
import { expect } from 'chai';
import request from 'supertest';
import { buildApp } from '../../src/app';
import { createValidator } from '../../src/http/validation';
import { seedDemoCatalog } from '../../src/seed/demo';
import type { Block } from '../../src/shared/layout-document';
import { coveringCrop } from '../../src/shared/photo-placement';
import { recipient } from '../checkout/checkout';
import { DATABASE_KIND } from '../helpers/database';
import { type TestRuntime, testRuntime } from '../helpers/runtime';
import { layoutTestUsers, type LayoutTestUsers } from '../layouts/catalog';
import { listPhotos, newBook, orientedPicture, PICTURE, type PlacedBook, photoBlock, setBlocks, textBlock, uploadPhoto } from './placed-book';

/** 100 dpi: a 600-pixel-wide crop prints well in 40 mm; low is below 100, cannot_print below 50. */
const PRINT_DPI = 100;
const BOX = { width: 40, height: 30 };
const LONG = 'Очень длинный текст, который никак не помещается в маленький блок подписи, сколько его ни сжимай. '.repeat(4);

describe(`preflight of a book (${DATABASE_KIND})`, () => {
  let runtime: TestRuntime;
  let client: ReturnType<typeof request>;
  let users: LayoutTestUsers;
  let validator: ReturnType<typeof createValidator>;
  let book: PlacedBook;
  let mine: number;
  let theirs: number;

  /** A photo block at (x, y) percent whose crop is `share` of the covering crop's width (zoomed in when below 1). */
  const photo = (x: number, y: number, photoId: number, share = 1): Block => {
    const block = { width: (BOX.width / book.format.widthMm) * 100, height: (BOX.height / book.format.heightMm) * 100 };
    const full = coveringCrop(PICTURE, 0, BOX);
    return photoBlock({ x, y, ...block }, { photo_id: photoId, rotation: 0, mirror: false, crop: { x: 0.1, y: 0.1, width: full.width * share, height: full.height * share } });
  };
  const fine = () => [
    photo(10, 10, mine),
    photo(40, 10, mine, 0.25),
    photoBlock({ x: 10, y: 50, width: 20, height: 20 }),
    textBlock({ x: 1, y: 80, width: 20, height: 8 }, 'У края', { font: 'DejaVu Sans', size: 10, color: '#000000', align: 'left' }),
    textBlock({ x: 50, y: 80, width: 40, height: 8 }, 'Иероглиф 漢'),
  ];
  const unprintable = () => [
    ...fine(),
    photo(70, 10, mine, 0.1),
    photo(70, 50, theirs),
    textBlock({ x: 50, y: 60, width: 30, height: 6 }, LONG, { font: 'DejaVu Sans', size: 14, color: '#000000', align: 'center' }),
  ];
  const preflight = (auth?: string, id = book.layoutId) => {
    const call = client.get(`/api/ua/layout/${id}/preflight/`);
    return auth ? call.set('Authorization', auth) : call;
  };
  const kinds = (body: { pages: { num: number; problems: { kind: string; severity: string }[] }[] }, num = 1) =>
    body.pages.find((page) => page.num === num)?.problems.map((problem) => `${problem.kind}:${problem.severity}`).sort();

  before(async () => {
    runtime = await testRuntime({ PRINT_DPI: String(PRINT_DPI) });
    await seedDemoCatalog(runtime, 1);
    users = await layoutTestUsers(runtime);
    client = request(buildApp(runtime).callback());
    validator = createValidator(runtime.schemas);
    book = await newBook(runtime, users.owner.id);
    mine = await uploadPhoto(runtime, client, users.owner.auth, await orientedPicture(1));
    theirs = await uploadPhoto(runtime, client, users.other.auth, await orientedPicture(2));
    await listPhotos(runtime, book.layoutId, [mine]);
    await setBlocks(runtime, book.layoutId, 1, unprintable());
  });
  after(() => runtime?.dispose());

  it('lists each page\'s problems: empty frames, low and unprintable photos, overflowing texts, missing glyphs, the safe margin', async () => {
    const response = await preflight(users.owner.auth);
    expect(response.status).to.equal(200);
    expect(validator.errorsOf('preflight.json', response.body)).to.equal(null);
    expect(response.body).to.include({ layout: book.layoutId, print_dpi: PRINT_DPI, safe_margin_mm: 5, printable: false, errors: 3 });
    expect(kinds(response.body)).to.deep.equal([
      'cannot_print:error', 'empty_photo:warning', 'low:warning', 'missing_glyphs:warning', 'missing_photo:error', 'text_overflow:error', 'unsafe_margin:warning',
    ]);
    const problems = response.body.pages[0].problems as { kind: string; dpi?: number; characters?: string }[];
    expect(problems.find((problem) => problem.kind === 'low')!.dpi).to.be.within(50, 99);
    expect(problems.find((problem) => problem.kind === 'cannot_print')!.dpi).to.be.below(50);
    expect(problems.find((problem) => problem.kind === 'missing_glyphs')!.characters).to.equal('漢');
  });

  it('is read by the owner, moderators and administrators only', async () => {
    expect((await preflight()).status).to.equal(401);
    expect((await preflight(users.other.auth)).status).to.equal(404);
    expect((await preflight(users.moderator.auth)).status).to.equal(200);
    expect((await preflight(users.admin.auth)).status).to.equal(200);
    expect((await preflight(users.owner.auth, '00000000-0000-4000-8000-000000000000')).status).to.equal(404);
  });

  it('keeps a book with errors out of the cart (409 with the preflight), and carries the warnings of one without', async () => {
    for (const call of [
      () => client.post(`/api/ua/layout/${book.layoutId}/`).set('Authorization', users.owner.auth),
      () => client.post('/api/merch/order/').set('Authorization', users.owner.auth).send({ layout_id: book.layoutId, count: 1 }),
    ]) {
      const refused = await call();
      expect(refused.status).to.equal(409);
      expect(validator.errorsOf('preflight-refusal.json', refused.body)).to.equal(null);
      expect(refused.body.detail).to.match(/cannot be printed as it is: 3 problems/);
      expect(refused.body.preflight.errors).to.equal(3);
    }
    expect((await runtime.db.sql.query('SELECT id FROM orders WHERE layout_id = $1', [book.layoutId])).rows).to.deep.equal([]);

    await setBlocks(runtime, book.layoutId, 1, fine());
    const added = await client.post(`/api/ua/layout/${book.layoutId}/`).set('Authorization', users.owner.auth);
    expect(added.status, JSON.stringify(added.body)).to.equal(201);
    expect(validator.errorsOf('order.json', added.body)).to.equal(null);
    // The demo book's other pages have empty frames too: warnings all.
    expect(added.body.preflight).to.include({ printable: true, errors: 0 });
    expect(kinds(added.body.preflight)).to.deep.equal(['empty_photo:warning', 'low:warning', 'missing_glyphs:warning', 'unsafe_margin:warning']);
  });

  it('refuses to confirm a set whose book was made unprintable in the cart, and confirms it once fixed, with the warnings', async () => {
    const { rows: [{ order_set_id: set }] } = await runtime.db.sql.query<{ order_set_id: number }>('SELECT order_set_id FROM orders WHERE layout_id = $1', [book.layoutId]);
    const confirm = () => client.post(`/api/merch/orderset/${set}/delivery/`).set('Authorization', users.owner.auth)
      .send({ type: 'PICKUP', ...recipient, is_confirm: true });
    await setBlocks(runtime, book.layoutId, 1, unprintable());
    const refused = await confirm();
    expect(refused.status).to.equal(409);
    expect(validator.errorsOf('delivery-error.json', refused.body)).to.equal(null);
    expect(refused.body).to.include({ error: 409 });
    expect(refused.body.preflight.errors).to.equal(3);
    expect((await runtime.db.sql.query('SELECT status FROM order_sets WHERE id = $1', [set])).rows).to.deep.equal([{ status: 'OPEN' }]);

    await setBlocks(runtime, book.layoutId, 1, fine());
    const confirmed = await confirm();
    expect(confirmed.status, JSON.stringify(confirmed.body)).to.equal(200);
    expect(validator.errorsOf('delivery-created.json', confirmed.body)).to.equal(null);
    expect(confirmed.body.preflight.map((one: { layout: string; printable: boolean }) => [one.layout, one.printable])).to.deep.equal([[book.layoutId, true]]);
    expect(kinds(confirmed.body.preflight[0])).to.deep.equal(['empty_photo:warning', 'low:warning', 'missing_glyphs:warning', 'unsafe_margin:warning']);
  });
});
