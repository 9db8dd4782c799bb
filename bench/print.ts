// Print files of a 40-page (or `npm run bench:print -- <pages>`) book of placed 12-megapixel photos: render time per page at 300 dpi, peak memory, and the
// PDFs' sizes. One demo theme on PGlite in a temporary folder; a shopper's copy of its first product grown to 40
// interior pages, every photo frame holding a placed photo (crops covering the frame, some turned or mirrored) and a
// caption on every page, rendered as the print job renders it (interior and cover), one page's photos at a time. The
// book is made in this process; the rendering runs in a fresh one, so that its memory is the print job's alone.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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
import { openRuntime } from '../src/runtime';

const DPI = 300;
const PHOTOS = 12;
/** `npm run bench:print -- 200`: the interior's page count (40 by default). */
const INTERIOR_PAGES = process.argv[2] && /^\d+$/.test(process.argv[2]) ? Number(process.argv[2]) : 40;
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

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'photobook-bench-print-'));
  const runtime = await openRuntime(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), pino({ level: 'silent' }));
  const sql = async <T extends object>(text: string, params: unknown[] = []) => (await runtime.db.sql.query<T>(text, params)).rows;
  try {
    await seedDemoCatalog(runtime, 1);
    const user = await runtime.users.create({ email: 'bench@example.com', role: 'user' });
    const [product] = await sql<{ id: number }>('SELECT id FROM products ORDER BY id LIMIT 1');
    const copy = { layout: await runtime.services.layouts.copyProduct(user, product.id) };
    const layoutId = copy.layout.id;
    // The shopper's photos as processing leaves them: a print master each in the private file area.
    const photoIds: number[] = [];
    for (let index = 0; index < PHOTOS; index += 1) {
      const key = `photos/bench-${index}/master.jpg`;
      await runtime.privateFiles.put(key, await master(index));
      const [row] = await sql<{ id: number }>(
        `INSERT INTO photos (owner_id, content_hash, original_key, master_key, format, bytes, width, height, status)
         VALUES ($1, $2, $3, $4, 'jpeg', 1, $5, $6, 'ready') RETURNING id`,
        [user.id, `bench-${index}`, `photos/bench-${index}/original.jpg`, key, PHOTO_SIZE.width, PHOTO_SIZE.height]);
      photoIds.push(row.id);
    }
    // Grown to INTERIOR_PAGES interior pages by repeating its pages' schemes.
    const existing = await sql<{ num: number }>("SELECT num FROM layout_pages WHERE layout_id = $1 AND type = 'PAGE' ORDER BY num", [layoutId]);
    for (let num = existing.length + 1; num <= INTERIOR_PAGES; num += 1) {
      await sql(`INSERT INTO layout_pages (layout_id, num, type, factor, width_px, viewbox, template_id, blocks)
        SELECT layout_id, $2, type, factor, width_px, viewbox, template_id, blocks FROM layout_pages WHERE layout_id = $1 AND num = $3`,
      [layoutId, num, ((num - 1) % existing.length) + 1]);
    }
    await sql('UPDATE layouts SET num_pages = $2, photo_ids = $3 WHERE id = $1', [layoutId, INTERIOR_PAGES, JSON.stringify(photoIds)]);
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
    console.log(`book: format ${format.width_cm}x${format.height_cm} cm, ${INTERIOR_PAGES} interior pages + cover, ${placed} placed photos of ${PHOTO_SIZE.width}x${PHOTO_SIZE.height} (${PHOTOS} distinct masters)`);
    await runtime.close();
    execFileSync(process.execPath, [...process.execArgv, __filename, 'render', dataDir, layoutId], { stdio: 'inherit' });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The print job's rendering of the book, in a process of its own. */
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
    console.log(`memory: resident ${mib(baseline)} MiB before, peak ${mib(peak)} MiB while rendering (+${mib(peak - baseline)} MiB, ${mib((peak - baseline) / pageCount)} MiB a page)`);
    for (const part of print.parts) {
      const file = path.join(os.tmpdir(), `photobook-bench-print-${part.part}.pdf`);
      writeFileSync(file, part.pdf);
      console.log(`${part.part}: ${part.pageCount} pages of ${part.widthMm.toFixed(1)} x ${part.heightMm.toFixed(1)} mm, ${(part.pdf.length / 1024 / 1024).toFixed(1)} MiB (${file})`);
    }
    console.log(`warnings: ${print.warnings.length}`);
  } finally {
    await runtime.close();
  }
}

(process.argv[2] === 'render' ? render(process.argv[3], process.argv[4]) : main()).catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
