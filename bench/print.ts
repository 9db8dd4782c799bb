// Print files of a book of placed 12-megapixel photos, at 40 interior pages and at 200 (or `npm run bench:print --
// <pages>`): render time per page at 300 dpi, peak memory, and the PDFs' sizes. The files are written page by page
// (src/render/pdf-file.ts), so the peak must not grow with the page count: the 200-page book's peak above the
// process's baseline is reported as a ratio to the 40-page book's, measured in the same run, against a ceiling of
// 1.25 (a PDF held whole grows with its pages: five times the pages, some four times the memory).
// One demo theme on PGlite in a temporary folder; a shopper's copy of its first product grown to the page count, every
// photo frame holding a placed photo (crops covering the frame, some turned or mirrored) and a caption on every page,
// rendered as the print job renders it (interior and cover), one page's photos at a time. The books are made in this
// process; each rendering runs in a fresh one, so that its memory is the print job's alone.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import sharp from 'sharp';
import { seedDemoCatalog } from '../src/seed/demo';
import { loadConfig } from '../src/config';
import type { Block, PlacementRotation } from '../src/shared/layout-document';
import { coveringCrop } from '../src/shared/photo-placement';
import { drawingSources, loadDrawableLayout } from '../src/layouts/drawing';
import { createLayoutsRepository } from '../src/layouts/repository';
import { renderLayoutForPrint } from '../src/print/render-layout';
import type { User } from '../src/auth/users-repository';
import { openRuntime, type Runtime } from '../src/runtime';

const DPI = 300;
const PHOTOS = 12;
/** The small book's interior pages, and the large one's (`npm run bench:print -- 120`: 120; 200 by default). */
const SMALL_BOOK = 40;
const LARGE_BOOK = process.argv[2] && /^\d+$/.test(process.argv[2]) ? Number(process.argv[2]) : 200;
/** The large book's peak memory over the small one's, at most. */
const PEAK_RATIO_CEILING = 1.25;
const PHOTO_SIZE = { width: 4000, height: 3000 };

/** A photo-like 4000 x 3000 print master: smooth gradients and noise, so that it compresses like a photograph. */
async function master(seed: number): Promise<Buffer> {
  const { width, height } = PHOTO_SIZE;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="hsl(${seed * 30}, 60%, 60%)"/><stop offset="1" stop-color="hsl(${seed * 30 + 120}, 50%, 30%)"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/><circle cx="2600" cy="900" r="500" fill="#f2d16b"/></svg>`;
  const noise = await sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 24 } } }).png().toBuffer();
  return sharp(Buffer.from(svg)).composite([{ input: noise, blend: 'overlay' }]).withIccProfile('srgb').jpeg({ quality: 92, chromaSubsampling: '4:4:4' }).toBuffer();
}

/** The user's copy of the first product grown to interiorPages, every photo frame holding one of their photoIds. */
async function makeBook(runtime: Runtime, user: User, photoIds: number[], interiorPages: number): Promise<string> {
  const sql = async <T extends object>(text: string, params: unknown[] = []) => (await runtime.db.sql.query<T>(text, params)).rows;
  const [product] = await sql<{ id: number }>('SELECT id FROM products ORDER BY id LIMIT 1');
  const layoutId = (await runtime.services.layouts.copyProduct(user, product.id)).id;
  // Grown by repeating its pages' schemes.
  const existing = await sql<{ num: number }>("SELECT num FROM layout_pages WHERE layout_id = $1 AND type = 'PAGE' ORDER BY num", [layoutId]);
  for (let num = existing.length + 1; num <= interiorPages; num += 1) {
    await sql(`INSERT INTO layout_pages (layout_id, num, type, factor, width_px, viewbox, template_id, blocks)
      SELECT layout_id, $2, type, factor, width_px, viewbox, template_id, blocks FROM layout_pages WHERE layout_id = $1 AND num = $3`,
    [layoutId, num, ((num - 1) % existing.length) + 1]);
  }
  await sql('UPDATE layouts SET num_pages = $2, photo_ids = $3 WHERE id = $1', [layoutId, interiorPages, JSON.stringify(photoIds)]);
  const [format] = await sql<{ width_cm: number; height_cm: number }>('SELECT f.width_cm, f.height_cm FROM layouts l JOIN formats f ON f.id = l.format_id WHERE l.id = $1', [layoutId]);
  const pages = await sql<{ id: string; num: number; blocks: Block[] }>("SELECT id, num, blocks FROM layout_pages WHERE layout_id = $1 AND type = 'PAGE'", [layoutId]);
  let placed = 0;
  for (const page of pages) {
    const blocks = page.blocks.map((block): Block => {
      if (block.type === 'PHOTO') {
        const rotation = ([0, 0, 90, 0, 180, 270] as PlacementRotation[])[placed % 6];
        const size = { width: block.width * format.width_cm / 10, height: block.height * format.height_cm / 10 };
        const photo = { photo_id: photoIds[placed % PHOTOS], crop: coveringCrop(PHOTO_SIZE, rotation, size), rotation, mirror: placed % 5 === 0 };
        placed += 1;
        return { ...block, content: { ...block.content, image: null, photo } };
      }
      if (block.type === 'TEXT') return { ...block, content: { ...block.content, text: `Страница ${page.num}: лето на даче` } };
      return block;
    });
    await sql('UPDATE layout_pages SET blocks = $2 WHERE id = $1', [page.id, JSON.stringify(blocks)]);
  }
  console.log(`book: format ${format.width_cm}x${format.height_cm} cm, ${interiorPages} interior pages + cover, ${placed} placed photos of ${PHOTO_SIZE.width}x${PHOTO_SIZE.height} (${PHOTOS} distinct masters)`);
  return layoutId;
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'photobook-bench-print-'));
  const runtime = await openRuntime(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), pino({ level: 'silent' }));
  const sql = async <T extends object>(text: string, params: unknown[] = []) => (await runtime.db.sql.query<T>(text, params)).rows;
  try {
    await seedDemoCatalog(runtime, 1);
    // The shopper's photos as processing leaves them: a print master each in the private file area.
    const owner = await runtime.users.create({ email: 'bench@example.com', role: 'user' });
    const photoIds: number[] = [];
    for (let index = 0; index < PHOTOS; index += 1) {
      const key = `photos/bench-${index}/master.jpg`;
      await runtime.privateFiles.put(key, await master(index));
      const [row] = await sql<{ id: number }>(
        `INSERT INTO photos (owner_id, content_hash, original_key, master_key, format, bytes, width, height, status)
         VALUES ($1, $2, $3, $4, 'jpeg', 1, $5, $6, 'ready') RETURNING id`,
        [owner.id, `bench-${index}`, `photos/bench-${index}/original.jpg`, key, PHOTO_SIZE.width, PHOTO_SIZE.height]);
      photoIds.push(row.id);
    }
    const books = [];
    for (const pages of [SMALL_BOOK, LARGE_BOOK]) books.push({ pages, layoutId: await makeBook(runtime, owner, photoIds, pages) });
    await runtime.close();
    const peaks: number[] = [];
    for (const book of books) {
      const output = execFileSync(process.execPath, [...process.execArgv, __filename, 'render', dataDir, book.layoutId], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
      const lines = output.trim().split('\n');
      const result = JSON.parse(lines.pop()!) as { peakBytes: number };
      console.log(`\n${book.pages} interior pages\n${lines.join('\n')}`);
      peaks.push(result.peakBytes);
    }
    const ratio = peaks[1] / peaks[0];
    console.log(`\npeak memory of the ${LARGE_BOOK}-page book over the ${SMALL_BOOK}-page one's: ${ratio.toFixed(2)}x (ceiling ${PEAK_RATIO_CEILING}x): ${ratio <= PEAK_RATIO_CEILING ? 'within' : 'OVER'}`);
    if (ratio > PEAK_RATIO_CEILING) process.exitCode = 1;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The print job's rendering of the book, in a process of its own; its last line is a JSON of the peak above baseline. */
async function render(dataDir: string, layoutId: string): Promise<void> {
  const runtime = await openRuntime(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), pino({ level: 'silent' }));
  try {
    const layouts = createLayoutsRepository(runtime.db.sql);
    const drawable = (await loadDrawableLayout(runtime.db.sql, (await layouts.find(layoutId))!))!;
    global.gc?.();
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 20);
    const started = performance.now();
    const print = await renderLayoutForPrint(drawable, drawingSources(runtime.media, runtime.privateFiles), DPI);
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    const pageCount = print.parts.reduce((sum, part) => sum + part.pageCount, 0);
    const mib = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
    console.log(`load average ${os.loadavg().map((load) => load.toFixed(1)).join(' ')} on ${os.cpus().length} CPUs`);
    console.log(`render at ${DPI} dpi: ${seconds.toFixed(1)} s for ${pageCount} PDF pages, ${(seconds / pageCount).toFixed(2)} s per page`);
    console.log(`memory: resident ${mib(baseline)} MiB before, peak ${mib(peak)} MiB while rendering (+${mib(peak - baseline)} MiB)`);
    for (const part of print.parts) {
      const kept = path.join(os.tmpdir(), `photobook-bench-print-${drawable.interiorPages}-${part.part}.pdf`);
      copyFileSync(part.file, kept);
      console.log(`${part.part}: ${part.pageCount} pages of ${part.widthMm.toFixed(1)} x ${part.heightMm.toFixed(1)} mm, ${(part.sizeBytes / 1024 / 1024).toFixed(1)} MiB (${kept})`);
    }
    console.log(`warnings: ${print.warnings.length}`);
    await print.release();
    console.log(JSON.stringify({ peakBytes: peak - baseline }));
  } finally {
    await runtime.close();
  }
}

(process.argv[2] === 'render' ? render(process.argv[3], process.argv[4]) : main()).catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
