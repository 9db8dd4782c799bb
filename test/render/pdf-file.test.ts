// A print document written to its file page by page: after each page nothing of it but its small leaf is left in
// memory (its pictures and content are in the file), and the finished file is a whole PDF as a printer's tools read it,
// its pictures and subset font included, its cross-reference table read without repair.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { PDFPageLeaf, PDFRawStream, rgb } from 'pdf-lib';
import sharp from 'sharp';
import { createPrintDocument, type PrintDocument } from '../../src/render/pdf';
import { listFonts, listImages, pdfText } from '../print/poppler';

const run = promisify(execFile);
const PAGES = 6;

/** A distinct noisy JPEG for each page (so that no two pages share a picture). */
const picture = (seed: number) => sharp({
  create: { width: 400, height: 300, channels: 3, background: { r: 40 * seed, g: 120, b: 200 - 20 * seed }, noise: { type: 'gaussian', mean: 100 + seed, sigma: 30 } },
}).jpeg({ quality: 80 }).toBuffer();

/** The streams (pictures, page contents, the profile) still held by the document. */
const streamsHeld = (document: PrintDocument) => document.pdf.context.enumerateIndirectObjects()
  .filter(([, object]) => object instanceof PDFRawStream || object.constructor.name.endsWith('Stream'));

describe('a print document written page by page', () => {
  let folder: string;
  beforeEach(() => {
    folder = mkdtempSync(path.join(os.tmpdir(), 'photobook-pdf-file-'));
  });
  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  /** A document of PAGES pages, each with its own picture, the shared background and a line of Cyrillic text. */
  async function drawBook(file: string, afterPage: (document: PrintDocument) => void = () => undefined): Promise<number> {
    const document = await createPrintDocument(file, 'Лето: interior');
    const background = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#e8dcc8' } }).png().toBuffer();
    for (let index = 0; index < PAGES; index += 1) {
      const page = document.pdf.addPage([300, 300]);
      page.drawImage(await document.image(background, 'png'), { x: 0, y: 0, width: 300, height: 300 });
      page.drawImage(await document.image(await picture(index), 'jpeg'), { x: 20, y: 80, width: 260, height: 195 });
      page.drawText(`Страница ${index + 1}`, { x: 20, y: 40, size: 14, font: await document.font('DejaVu Sans'), color: rgb(0, 0, 0) });
      await document.endPage();
      afterPage(document);
    }
    return document.finish();
  }

  it('holds no page content or picture of a written page: only the page tree, the leaves and the catalog', async () => {
    const held: number[] = [];
    const leaves: number[] = [];
    await drawBook(path.join(folder, 'book.pdf'), (document) => {
      held.push(streamsHeld(document).length);
      leaves.push(document.pdf.context.enumerateIndirectObjects().filter(([, object]) => object instanceof PDFPageLeaf).length);
    });
    expect(held).to.deep.equal(Array(PAGES).fill(0));
    expect(leaves).to.deep.equal(Array.from({ length: PAGES }, (_, index) => index + 1));
  });

  it('makes a whole PDF: every page, picture and line of text, the font subset and embedded, the file read without repair', async () => {
    const file = path.join(folder, 'book.pdf');
    const size = await drawBook(file);
    const pdf = readFileSync(file);
    expect(pdf.length).to.equal(size);
    expect(pdf.subarray(0, 8).toString('latin1')).to.equal('%PDF-1.7');
    expect(pdf.toString('latin1').trimEnd().endsWith('%%EOF')).to.equal(true);
    // poppler says "Syntax Error" or "Internal Error" on stderr when it has to rebuild a broken cross-reference table.
    const info = await run('pdfinfo', [file]);
    expect(info.stderr).to.equal('');
    expect(info.stdout).to.match(new RegExp(`^Pages:\\s+${PAGES}$`, 'm'));
    expect(info.stdout).to.match(/^Title:\s+Лето: interior$/m);
    const images = await listImages(pdf);
    // One background drawn on every page (one object) and one picture of each page's own.
    expect(images.filter((image) => image.width === 64)).to.have.length(PAGES);
    expect(new Set(images.filter((image) => image.width === 64).map((image) => image.object)).size).to.equal(1);
    expect(images.filter((image) => image.width === 400)).to.have.length(PAGES);
    const fonts = await listFonts(pdf);
    expect(fonts).to.have.length(1);
    expect(fonts[0]).to.include({ embedded: true, subset: true });
    for (let page = 1; page <= PAGES; page += 1) expect((await pdfText(pdf, page)).trim()).to.equal(`Страница ${page}`);
  });

  it('removes an unfinished file when aborted, and never writes over an existing file', async () => {
    const file = path.join(folder, 'book.pdf');
    const document = await createPrintDocument(file, 'aborted');
    document.pdf.addPage([100, 100]);
    await document.endPage();
    await document.abort();
    expect(existsSync(file)).to.equal(false);
    writeFileSync(file, 'someone else\'s');
    const refused = await createPrintDocument(file, 'again').then(() => undefined, (error: NodeJS.ErrnoException) => error.code);
    expect(refused).to.equal('EEXIST');
    expect(readFileSync(file, 'utf8')).to.equal('someone else\'s');
  });

  it('names the trailer\'s root and information dictionary', async () => {
    const file = path.join(folder, 'book.pdf');
    await drawBook(file);
    const tail = readFileSync(file).toString('latin1').slice(-400);
    expect(tail).to.match(/trailer\s*<<[^>]*\/Root \d+ 0 R/);
    expect(tail).to.match(/\/Info \d+ 0 R/);
    expect(tail).to.match(/startxref\n\d+\n%%EOF/);
  });
});
