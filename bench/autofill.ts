// Autofill benchmark: a 40-page book filled from 200 photos by one layout/autofill, through the editing service
// in this process, on PGlite and on the PostgreSQL server. Prints the time to acknowledgement (target: under 1 s),
// beside a page/set acknowledgement of the same book in the same run (the ceiling it is compared with: the cost of
// one ordinary edit), and the undo that puts the book back.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { loadConfig } from '../src/config';
import { createValidator } from '../src/http/validation';
import { createLayoutEditor, type EditingUser } from '../src/layouts/editing/editor';
import { isAck, parseMessage } from '../src/layouts/editing/messages';
import { OPERATIONS } from '../src/layouts/editing/operations';
import { openRuntime } from '../src/runtime';
import { seedDemoCatalog } from '../src/seed/demo';
import { createBenchDatabase } from './database';

const PHOTOS = 200;
const INTERIOR_PAGES = 40;
const RUNS = 5;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function measure(kind: 'pglite' | 'postgres') {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'photobook-bench-autofill-'));
  const env: Record<string, string> = { DATA_DIR: dataDir, LOG_LEVEL: 'silent', PUBLIC_BASE_URL: 'http://bench.test' };
  if (kind === 'postgres') {
    env.DATABASE_URL = (await createBenchDatabase('photobook_bench_autofill')).url;
  }
  const config = loadConfig(env);
  const runtime = await openRuntime(config, pino({ level: 'silent' }));
  try {
    await seedDemoCatalog(runtime, 1);
    const account = await runtime.users.create({ email: 'filler@bench.test', role: 'user' });
    const user: EditingUser = { id: account.id, role: 'user', tokenVersion: 0 };
    const editor = createLayoutEditor({
      db: runtime.db, media: runtime.media, log: pino({ level: 'silent' }), limits: config.editing,
      photoLinks: runtime.services.photoLinks, printDpi: config.printDpi,
    });
    const validator = createValidator(runtime.schemas);
    const send = async (object: string, action: string, params: object, payload: object = {}) => {
      const parsed = parseMessage({ transaction_id: randomUUID(), object, action, params, payload }, validator, OPERATIONS);
      if (isAck(parsed)) throw new Error(JSON.stringify(parsed));
      const started = performance.now();
      const { ack } = await editor.submit(user, parsed);
      const ms = performance.now() - started;
      if ('error' in ack) throw new Error(`${object}/${action}: ${ack.error.message}`);
      return { ack, ms };
    };
    const { rows: [product] } = await runtime.db.sql.query<{ id: number }>('SELECT id FROM products WHERE format_id = 2 ORDER BY id LIMIT 1');
    const copy = { layout: await runtime.services.layouts.copyProduct({ id: user.id, role: 'user' }, product.id) };
    const layoutId = copy.layout.id;
    for (let pages = copy.layout.pages.length - 1; pages < INTERIOR_PAGES; pages += 2) {
      await send('page', 'add', { layout_id: layoutId, id: copy.layout.pages[1].id });
    }
    // 200 processed photos (rows as the process-photo job leaves them: autofill reads rows, not files): a trip of 5
    // days, 40 photos a day over 10 hours, a third of them portrait, every tenth a near-duplicate of the one before.
    const start = Date.UTC(2024, 5, 1, 6);
    const { rows } = await runtime.db.sql.query<{ id: number }>(
      `INSERT INTO photos (owner_id, content_hash, original_key, master_key, format, bytes, width, height, status, captured_at,
                           capture_offset_minutes, capture_source, duplicate_group, focus_x, focus_y)
       SELECT $1, md5(i::text), 'photos/bench/' || i, 'photos/bench/m' || i, 'jpeg', 4000000,
              CASE WHEN i % 3 = 0 THEN 3000 ELSE 4000 END, CASE WHEN i % 3 = 0 THEN 4000 ELSE 3000 END, 'ready',
              to_timestamp($2 / 1000.0 + (i / 40) * 86400 + (i % 40) * 900), 180, 'exif', NULL, 0.5, 0.4
       FROM generate_series(0, $3 - 1) AS i RETURNING id`, [user.id, start, PHOTOS]);
    await runtime.db.sql.query('UPDATE photos SET duplicate_group = id WHERE owner_id = $1', [user.id]);
    await runtime.db.sql.query(
      'UPDATE photos p SET duplicate_group = p.id - 1 WHERE owner_id = $1 AND p.id % 10 = 0', [user.id]);
    // Each with its analysis (issue 51): two faces, one camera, hashes and colours close for a burst of 3 every 20 photos.
    const { rows: [device] } = await runtime.db.sql.query<{ id: number }>(
      "INSERT INTO photo_devices (owner_id, make, model) VALUES ($1, 'Bench', 'Cam') RETURNING id", [user.id]);
    await runtime.db.sql.query(
      `UPDATE photos SET perceptual_hash = lpad(to_hex(CASE WHEN id % 20 < 3 THEN 7 ELSE id * 7919 END), 16, '0') WHERE owner_id = $1`, [user.id]);
    await runtime.db.sql.query(
      `INSERT INTO photo_analyses (photo_id, faces, sharpness, exposure, brightness, eyes_open, colour_signature, device_id)
       SELECT id, '[{"box": {"x": 0.2, "y": 0.2, "width": 0.1, "height": 0.15}}, {"box": {"x": 0.7, "y": 0.3, "width": 0.08, "height": 0.1}}]',
              0.5 + (id % 5) / 10.0, 0.8, 0.5, 0.9, repeat(lpad(to_hex(id % 200), 2, '0') || '8080', 16), $2
       FROM photos WHERE owner_id = $1`, [user.id, device.id]);
    await send('layout', 'add_photos', { layout_id: layoutId }, { photo_ids: rows.map((row) => row.id) });

    const autofill: number[] = [];
    const undo: number[] = [];
    const pageSet: number[] = [];
    const schemes = ((await runtime.services.layouts.schemes(2, [])) ?? []).map((scheme) => scheme.id);
    let report: unknown;
    for (let run = 0; run < RUNS; run += 1) {
      const filled = await send('layout', 'autofill', { layout_id: layoutId });
      autofill.push(filled.ms);
      report = (filled.ack as { response_data: { autofill: unknown } }).response_data.autofill;
      undo.push((await send('layout', 'undo', { layout_id: layoutId })).ms);
      pageSet.push((await send('page', 'set', { layout_id: layoutId, id: copy.layout.pages[2].id }, { id: schemes[run % schemes.length] })).ms);
    }
    const { photos_placed: placed, photos_left_out: left, pages_after: pages } = report as { photos_placed: number; photos_left_out: unknown[]; pages_after: number };
    return { kind, autofill: median(autofill), autofillMax: Math.max(...autofill), undo: median(undo), pageSet: median(pageSet), placed, left: left.length, pages };
  } finally {
    await runtime.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  console.log(`${PHOTOS} photos into a book of ${INTERIOR_PAGES} interior pages, median of ${RUNS} runs (each undone)`);
  console.log('| database | autofill ack ms (median) | max | / page/set ack | undo ack ms | page/set ack ms | photos placed | left out | pages |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const kind of ['pglite', 'postgres'] as const) {
    const figures = await measure(kind);
    console.log(`| ${kind} | ${figures.autofill.toFixed(0)} | ${figures.autofillMax.toFixed(0)} | ${(figures.autofill / figures.pageSet).toFixed(1)} | `
      + `${figures.undo.toFixed(0)} | ${figures.pageSet.toFixed(1)} | ${figures.placed} | ${figures.left} | ${figures.pages} |`);
  }
}

main().then(() => process.exit(0), (error) => {
  console.error(error);
  process.exit(1);
});
