// Print files of the demo book: render time per page at 300 dpi and the PDFs' sizes. One demo theme on PGlite in a
// temporary folder; a shopper's copy of its first product with every photo slot filled with a 12-megapixel photo and
// a caption on every page, rendered as the print job renders it (interior and cover).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import sharp from 'sharp';
import { seedDemoCatalog } from '../src/seed/demo';
import { loadConfig } from '../src/config';
import type { Block } from '../src/shared/layout-document';
import { drawingSources, loadDrawableLayout } from '../src/layouts/drawing';
import { createLayoutsRepository } from '../src/layouts/repository';
import { renderLayoutForPrint } from '../src/print/render-layout';
import { openRuntime } from '../src/runtime';

const DPI = 300;
const PHOTOS = 3;

/** A photo-like 4000 x 3000 JPEG: smooth gradients and noise, so that it compresses like a photograph. */
async function photo(seed: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="4000" height="3000"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="hsl(${seed * 90}, 60%, 60%)"/><stop offset="1" stop-color="hsl(${seed * 90 + 120}, 50%, 30%)"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/><circle cx="2600" cy="900" r="500" fill="#f2d16b"/></svg>`;
  const noise = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 24 } } }).png().toBuffer();
  return sharp(Buffer.from(svg)).composite([{ input: noise, blend: 'overlay' }]).jpeg({ quality: 88 }).toBuffer();
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'photobook-bench-print-'));
  const runtime = await openRuntime(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), pino({ level: 'silent' }));
  try {
    await seedDemoCatalog(runtime, 1);
    const user = await runtime.users.create({ email: 'bench@example.com', role: 'user' });
    const { rows: [product] } = await runtime.db.sql.query<{ id: number }>('SELECT id FROM products ORDER BY id LIMIT 1');
    const copy = await runtime.services.layouts.copyProduct(user, product.id);
    if (copy.kind !== 'copied') throw new Error('no demo product to copy');
    for (let index = 0; index < PHOTOS; index += 1) await runtime.media.put(`bench/photo-${index}.jpg`, await photo(index));
    const { rows: pages } = await runtime.db.sql.query<{ id: string; num: number; blocks: Block[] }>(
      "SELECT id, num, blocks FROM layout_pages WHERE layout_id = $1 AND type = 'PAGE'", [copy.layout.id]);
    for (const page of pages) {
      let photoIndex = page.num;
      const blocks = page.blocks.map((block) => {
        if (block.type === 'PHOTO') return { ...block, content: { ...block.content, image: `bench/photo-${(photoIndex += 1) % PHOTOS}.jpg` } };
        if (block.type === 'TEXT') return { ...block, content: { ...block.content, text: `Страница ${page.num}: лето на даче` } };
        return block;
      });
      await runtime.db.sql.query('UPDATE layout_pages SET blocks = $2 WHERE id = $1', [page.id, JSON.stringify(blocks)]);
    }
    const layouts = createLayoutsRepository(runtime.db.sql);
    const drawable = (await loadDrawableLayout(runtime.db.sql, (await layouts.find(copy.layout.id))!))!;
    const started = performance.now();
    const print = await renderLayoutForPrint(drawable, drawingSources(runtime.media, runtime.privateFiles), DPI);
    const seconds = (performance.now() - started) / 1000;
    const pageCount = print.parts.reduce((sum, part) => sum + part.pageCount, 0);
    const photoBlocks = pages.reduce((sum, page) => sum + page.blocks.filter((block) => block.type === 'PHOTO').length, 0);
    console.log(`demo book: format ${drawable.format.widthCm}x${drawable.format.heightCm} cm, ${drawable.interiorPages} interior pages + cover, ${photoBlocks} photos of 4000x3000`);
    console.log(`render at ${DPI} dpi: ${seconds.toFixed(2)} s for ${pageCount} PDF pages, ${(seconds / pageCount).toFixed(2)} s per page`);
    for (const part of print.parts) {
      const file = path.join(os.tmpdir(), `photobook-bench-print-${part.part}.pdf`);
      writeFileSync(file, part.pdf);
      console.log(`${part.part}: ${part.pageCount} pages of ${part.widthMm.toFixed(1)} x ${part.heightMm.toFixed(1)} mm, ${(part.pdf.length / 1024 / 1024).toFixed(2)} MiB (${file})`);
    }
    console.log(`warnings: ${print.warnings.length}`);
  } finally {
    await runtime.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
