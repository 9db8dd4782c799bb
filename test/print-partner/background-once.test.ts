// A print file embeds each picture once, however many pages draw it: the theme's backgrounds of a book grown from 12
// to 36 interior pages (its pages repeated) are as many image XObjects in the interior PDF as before.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { drawingSources, loadDrawableLayout } from '../../src/layouts/drawing';
import { createLayoutsRepository } from '../../src/layouts/repository';
import { PRINT_TEMP_PREFIX, renderLayoutForPrint } from '../../src/print/render-layout';
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

  it('writes each page to its file before it draws the next: the file grows while the book is drawn', async () => {
    const user = await runtime.users.create({ email: 'page-by-page@example.com', role: 'user' });
    const { layoutId } = await newBook(runtime, user.id);
    await growBook(runtime, layoutId, 12);
    const layout = await createLayoutsRepository(runtime.db.sql).find(layoutId);
    const drawable = (await loadDrawableLayout(runtime.db.sql, layout!))!;
    const started = Date.now();
    // The interior file while it is being written (in the print folder made since this test started; once the cover's
    // file is begun the interior is finished, and its size says nothing of how it was written).
    const interiorSize = (): number | undefined => {
      const folder = readdirSync(os.tmpdir()).filter((name) => name.startsWith(PRINT_TEMP_PREFIX))
        .map((name) => path.join(os.tmpdir(), name)).find((candidate) => statSync(candidate).mtimeMs >= started - 1000 && existsSync(path.join(candidate, 'interior.pdf')));
      if (!folder || existsSync(path.join(folder, 'cover.pdf'))) return undefined;
      return statSync(path.join(folder, 'interior.pdf')).size;
    };
    // Each picture read for an interior page: the file's size at that moment.
    const sizes: number[] = [];
    const record = () => {
      const size = interiorSize();
      if (size !== undefined) sizes.push(size);
    };
    const sources = drawingSources(runtime.media, runtime.privateFiles);
    const watched = {
      readImage: (key: string) => { record(); return sources.readImage(key); },
      readMaster: (key: string) => { record(); return sources.readMaster(key); },
    };
    const print = await renderLayoutForPrint(drawable, watched, 72);
    try {
      const interior = print.parts.find((part) => part.part === 'interior')!;
      expect(sizes.length).to.be.at.least(12);
      // Pages written as they were drawn: by the last pages' pictures the file holds most of the book (a file written
      // at the end would be its header alone until then).
      expect(Math.max(...sizes)).to.be.greaterThan(interior.sizeBytes / 2);
    } finally {
      await print.release();
    }
  });

  it('has as many images in a 36-page interior as in a 12-page one, and fewer than its pages', async () => {
    const twelve = await interiorOf(12);
    const thirtySix = await interiorOf(36);
    expect(twelve).to.be.greaterThan(0);
    expect(thirtySix).to.equal(twelve);
    expect(thirtySix).to.be.lessThan(36);
  });
});
