// A print file embeds each picture once, however many pages draw it: the theme's backgrounds of a book grown from 12
// to 36 interior pages (its pages repeated) are as many image XObjects in the interior PDF as before.
import { readFile } from 'node:fs/promises';
import { expect } from 'chai';
import { PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { drawingSources, loadDrawableLayout } from '../../src/layouts/drawing';
import { createLayoutsRepository } from '../../src/layouts/repository';
import { renderLayoutForPrint } from '../../src/print/render-layout';
import { seedDemoCatalog } from '../../src/seed/demo';
import { DATABASE_KIND } from '../helpers/database';
import { type TestRuntime, testRuntime } from '../helpers/runtime';
import { newBook } from '../print/placed-book';
import { growBook } from './world';

/** The image XObjects of a PDF: every stream whose dictionary says /Subtype /Image. */
async function imageCount(file: string): Promise<number> {
  const document = await PDFDocument.load(await readFile(file), { updateMetadata: false });
  return document.context.enumerateIndirectObjects()
    .filter(([, object]) => object instanceof PDFRawStream && object.dict.get(PDFName.of('Subtype')) === PDFName.of('Image')).length;
}

describe(`print files embed each background once (${DATABASE_KIND})`, function () {
  this.timeout(120_000);
  let runtime: TestRuntime;

  before(async () => {
    runtime = await testRuntime();
    await seedDemoCatalog(runtime, 1);
  });
  after(async () => {
    await runtime?.dispose();
  });

  const interiorOf = async (pages: number) => {
    const user = await runtime.users.create({ email: `once-${pages}@example.com`, role: 'user' });
    const { layoutId } = await newBook(runtime, user.id);
    await growBook(runtime, layoutId, pages);
    const layout = await createLayoutsRepository(runtime.db.sql).find(layoutId);
    const drawable = (await loadDrawableLayout(runtime.db.sql, layout!))!;
    // 72 dpi: what is counted is the number of pictures, not their resolution.
    const print = await renderLayoutForPrint(drawable, drawingSources(runtime.media, runtime.privateFiles), 72);
    const interior = print.parts.find((part) => part.part === 'interior')!;
    expect(interior.pageCount).to.equal(pages);
    try {
      return await imageCount(interior.file);
    } finally {
      await print.release();
    }
  };

  it('has as many images in a 36-page interior as in a 12-page one, and fewer than its pages', async () => {
    const twelve = await interiorOf(12);
    const thirtySix = await interiorOf(36);
    expect(twelve).to.be.greaterThan(0);
    expect(thirtySix).to.equal(twelve);
    expect(thirtySix).to.be.lessThan(36);
  });
});
