// Print files as the partner wants them: a book whose format is routed to a partner speaking Lulu's Print API (the
// default sandbox partner here) is rendered with Lulu's rules (the package's trim, the casewrap spine table or the
// paperback formula, a casewrap's 0.75" wrap, 0.125" bleed), read back with poppler's pdfinfo as a prepress check
// would; and the sandbox partner refuses a cover whose size is not Lulu's cover-dimensions.
import { expect } from 'chai';
import { renderPrintFiles } from '../../src/worker/render-print-files';
import { luluCoverDimensionsMm, luluInteriorPageMm, luluPackageOf, parseLuluPackage } from '../../src/print/lulu-rules';
import { seedDemoCatalog } from '../../src/seed/demo';
import { DATABASE_KIND } from '../helpers/database';
import { type TestRuntime, testRuntime } from '../helpers/runtime';
import { newBook } from '../print/placed-book';
import { pageBoxes } from '../print/poppler';
import { growBook } from './world';

const MM_PER_POINT = 25.4 / 72;

describe(`print files follow the partner's rules (${DATABASE_KIND})`, function () {
  this.timeout(300_000);
  let runtime: TestRuntime;

  before(async () => {
    // PRINT_PARTNER is left at its default: the sandbox partner, which checks files as Lulu does.
    runtime = await testRuntime({ PRINT_DPI: '72' });
    await seedDemoCatalog(runtime, 1);
  });
  after(async () => {
    await runtime?.dispose();
  });

  /** A paid set of one book of `pages` interior pages with the given cover; its rendered files' page sizes in mm. */
  const rendered = async (pages: number, cover: 'HARD_COVER' | 'SOFT_COVER') => {
    const user = await runtime.users.create({ email: `files-${pages}-${cover}@example.com`, role: 'user' });
    const book = await newBook(runtime, user.id);
    await growBook(runtime, book.layoutId, pages);
    await runtime.db.sql.query('UPDATE layouts SET cover_type = $2 WHERE id = $1', [book.layoutId, cover]);
    const { rows: [set] } = await runtime.db.sql.query<{ id: number }>("INSERT INTO order_sets (user_id, status) VALUES ($1, 'PAID') RETURNING id", [user.id]);
    await runtime.db.sql.query('INSERT INTO orders (order_set_id, layout_id, quantity, price_kopecks) VALUES ($1, $2, 1, 100000)', [set.id, book.layoutId]);
    await renderPrintFiles.handle({ orderSetId: set.id }, runtime.jobContext);
    const sizeOf = async (part: string) => {
      const pdf = await runtime.privateFiles.read(`order-sets/${set.id}/${book.layoutId}-${part}.pdf`);
      const boxes = await pageBoxes(pdf);
      return { pages: boxes.length, width: (boxes[0].media.right - boxes[0].media.left) * MM_PER_POINT, height: (boxes[0].media.top - boxes[0].media.bottom) * MM_PER_POINT };
    };
    const pkg = parseLuluPackage(luluPackageOf(book.format.widthMm / 10, book.format.heightMm / 10, cover === 'HARD_COVER'))!;
    return { pkg, cover: await sizeOf('cover'), interior: await sizeOf('interior') };
  };

  for (const pages of [24, 100, 150]) {
    it(`a hard cover of ${pages} pages is Lulu's casewrap cover-dimensions (spine table, 0.75" wrap)`, async () => {
      const { pkg, cover, interior } = await rendered(pages, 'HARD_COVER');
      const expected = luluCoverDimensionsMm(pkg, pages);
      expect(cover.pages).to.equal(1);
      expect(cover.width).to.be.closeTo(expected.width, 0.05);
      expect(cover.height).to.be.closeTo(expected.height, 0.05);
      expect(interior.pages).to.equal(pages);
      expect(interior.width).to.be.closeTo(luluInteriorPageMm(pkg).width, 0.05);
      expect(interior.height).to.be.closeTo(luluInteriorPageMm(pkg).height, 0.05);
    });
  }

  it('a soft cover is Lulu\'s paperback cover-dimensions (pages / PPI + 0.06", 0.125" bleed)', async () => {
    const { pkg, cover } = await rendered(40, 'SOFT_COVER');
    const expected = luluCoverDimensionsMm(pkg, 40);
    expect(pkg.binding).to.equal('paperback');
    expect(cover.width).to.be.closeTo(expected.width, 0.05);
    expect(cover.height).to.be.closeTo(expected.height, 0.05);
  });
});
