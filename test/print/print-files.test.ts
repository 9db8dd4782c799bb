import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { Writable } from 'node:stream';
import pino from 'pino';
import path from 'node:path';
import { expect } from 'chai';
import sharp from 'sharp';
import request from 'supertest';
import { renderPrintFiles } from '../../src/worker/render-print-files';
import { buildApp } from '../../src/app';
import { seedDemoCatalog } from '../../src/seed/demo';
import type { Block } from '../../src/shared/layout-document';
import { createUrlSigner } from '../../src/http/signed-url';
import { createValidator } from '../../src/http/validation';
import { createLayoutsService } from '../../src/layouts/service';
import { spineWidthMm } from '../../src/render/book-geometry';
import { DATABASE_KIND } from '../helpers/database';
import { jobsSettled } from '../helpers/jobs';
import { mediaFolder } from '../helpers/media';
import { TEST_JWT_SECRET, type TestRuntime, testRuntime } from '../helpers/runtime';
import { layoutTestUsers, type LayoutTestUsers } from '../layouts/catalog';
import { readPdf } from './pdf-reader';

const TEXT = 'Лето на даче, 2026';
const BLEED_MM = 3;

describe(`print files of a paid order set (${DATABASE_KIND})`, () => {
  let runtime: TestRuntime;
  let client: ReturnType<typeof request>;
  let users: LayoutTestUsers;
  let orderSetId: number;
  let layoutId: string;
  let format: { width_cm: number; height_cm: number };
  let interiorPages: number;
  let firstResult: { warnings: { page: number; kind: string }[] };
  const logLines: { msg: string; job?: string; err?: { message: string } }[] = [];

  const sql = async <T extends object>(text: string, params: unknown[] = []) => (await runtime.db.sql.query<T>(text, params)).rows;
  const list = (auth?: string, set = orderSetId) => {
    const call = client.get(`/api/admin/orderset/${set}/print/`);
    return auth ? call.set('Authorization', auth) : call;
  };
  const fileOf = async (part: 'interior' | 'cover') => {
    const response = await list(users.admin.auth);
    const file = response.body.files.find((candidate: { part: string }) => candidate.part === part);
    const download = await client.get(new URL(file.download_url).pathname).set('Authorization', users.admin.auth).buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
    return { file, pdf: download.body as Buffer, download };
  };

  /** A paid order set of one copy of the owner's layout, made by the database as checkout would leave it. */
  const paidSet = async (layout: string, owner: number) => {
    const [set] = await sql<{ id: number }>("INSERT INTO order_sets (user_id, status) VALUES ($1, 'PAID') RETURNING id", [owner]);
    await sql('INSERT INTO orders (order_set_id, layout_id, quantity, price_kopecks) VALUES ($1, $2, 1, 100000)', [set.id, layout]);
    return set.id;
  };

  before(async () => {
    // Low resolution: these tests check the files' geometry and contents; 300 dpi is measured in bench/print.ts.
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        logLines.push(JSON.parse(String(chunk)));
        done();
      },
    });
    // No partner: these tests check the shop's own rules (3 mm bleed, its spine); a partner's are in test/print-partner.
    runtime = await testRuntime({ PRINT_DPI: '72', JOB_RETRY_LIMIT: '0', PRINT_PARTNER: 'none' }, pino({ level: 'warn' }, logStream));
    await seedDemoCatalog(runtime, 1);
    users = await layoutTestUsers(runtime);
    client = request(buildApp(runtime).callback());
    const [product] = await sql<{ id: number }>('SELECT id FROM products ORDER BY id LIMIT 1');
    const copy = await createLayoutsService(runtime)
      .copyProduct({ id: users.owner.id, role: 'user' } as never, product.id);
    layoutId = copy.id;
    [format] = await sql('SELECT f.width_cm, f.height_cm FROM layouts l JOIN formats f ON f.id = l.format_id WHERE l.id = $1', [layoutId]);
    [{ pages: interiorPages }] = await sql<{ pages: number }>("SELECT count(*)::int AS pages FROM layout_pages WHERE layout_id = $1 AND type = 'PAGE'", [layoutId]);
    // The shopper's photo (small: 120 x 80 pixels prints far below 72 dpi) and a caption, on page 1.
    await runtime.media.put('uploads/test/photo.jpg', await sharp({ create: { width: 120, height: 80, channels: 3, background: '#3366aa' } }).jpeg().toBuffer());
    const [page] = await sql<{ id: string; blocks: Block[] }>('SELECT id, blocks FROM layout_pages WHERE layout_id = $1 AND num = 1', [layoutId]);
    const photo = page.blocks.find((block) => block.type === 'PHOTO')!;
    photo.content.image = 'uploads/test/photo.jpg';
    page.blocks.push({ ...photo, id: 'caption', type: 'TEXT', x: 10, y: 85, width: 80, height: 10, content: { image: null, text: TEXT, link: null } });
    await sql('UPDATE layout_pages SET blocks = $2 WHERE id = $1', [page.id, JSON.stringify(page.blocks)]);
    orderSetId = await paidSet(layoutId, users.owner.id);
    firstResult = await renderPrintFiles.handle({ orderSetId }, runtime.jobContext) as typeof firstResult;
  });
  after(() => runtime?.dispose());

  it('renders the interior at trim size plus 3 mm bleed, one PDF page per page, text as text, images painted', async () => {
    const { pdf, file } = await fileOf('interior');
    const reader = await readPdf(pdf);
    try {
      expect(reader.numPages).to.equal(interiorPages).and.equal(file.page_count);
      const page = await reader.page(1);
      expect(page.widthMm).to.be.closeTo(format.width_cm * 10 + 2 * BLEED_MM, 0.05);
      expect(page.heightMm).to.be.closeTo(format.height_cm * 10 + 2 * BLEED_MM, 0.05);
      expect(page.text).to.include(TEXT);
      expect(page.paintsImage).to.equal(true);
      // Drawn by pdf.js: not a blank page (its pixels vary, and the photo's blue is there).
      const { grey } = await page.pixels(1);
      const values = new Set(grey);
      expect(values.size).to.be.greaterThan(10);
      expect(Math.min(...grey)).to.be.lessThan(120);
    } finally {
      await reader.close();
    }
  });

  it('renders the cover spread as a separate PDF, wider than two pages by the spine the page count gives', async () => {
    const { pdf, file } = await fileOf('cover');
    const reader = await readPdf(pdf);
    try {
      expect(reader.numPages).to.equal(1);
      const cover = await reader.page(1);
      const spine = spineWidthMm(interiorPages);
      expect(file.spine_mm).to.equal(spine);
      expect(cover.widthMm).to.be.closeTo(2 * format.width_cm * 10 + spine + 2 * BLEED_MM, 0.05);
      expect(cover.heightMm).to.be.closeTo(format.height_cm * 10 + 2 * BLEED_MM, 0.05);
      expect(cover.paintsImage).to.equal(true);
    } finally {
      await reader.close();
    }
  });

  it('follows the spine rule docs/api.md states: 0.1 mm a page plus 4 mm, rounded up to a tenth', () => {
    // Literal figures, not the function's own formula: a change of either constant is a change of the printed book.
    expect([10, 24, 100, 101].map(spineWidthMm)).to.deep.equal([5, 6.4, 14, 14.1]);
  });

  it('warns in the job\'s result and the list when a photo prints below the print DPI (PRINT_DPI, 72 here)', async () => {
    expect(firstResult.warnings.filter((warning) => warning.kind === 'low-resolution').map((warning) => warning.page)).to.deep.equal([1]);
    const { file } = await fileOf('interior');
    expect(file.warnings.join()).to.match(/page 1: a photo prints at \d+ dpi \(below 72\)/);
  });

  it('lists the files to administrators only, in the documented shape', async () => {
    const response = await list(users.admin.auth);
    expect(response.status).to.equal(200);
    expect(createValidator(runtime.schemas).errorsOf('print-file-list.json', response.body)).to.equal(null);
    expect(response.body.files.map((file: { part: string }) => file.part)).to.deep.equal(['interior', 'cover']);
    expect((await list()).status).to.equal(401);
    expect((await list(users.owner.auth)).status).to.equal(403);
    expect((await list(users.moderator.auth)).status).to.equal(403);
    expect((await list(users.admin.auth, 999_999)).status).to.equal(404);
  });

  it('downloads with the admin token or an unexpired signed link, never with a tampered or expired one', async () => {
    const { file, pdf, download } = await fileOf('interior');
    expect(download.status).to.equal(200);
    expect(download.type).to.equal('application/pdf');
    expect(pdf.length).to.equal(file.size);
    const url = new URL(file.download_url);
    const signed = await client.get(url.pathname + url.search);
    expect(signed.status).to.equal(200);
    expect(Number(signed.headers['content-length'])).to.equal(file.size);
    expect((await client.get(url.pathname)).status).to.equal(401);
    expect((await client.get(url.pathname).set('Authorization', users.owner.auth)).status).to.equal(403);
    const sig = url.searchParams.get('sig')!;
    const expires = url.searchParams.get('expires')!;
    const tampered = `${sig.slice(0, -2)}${sig.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await client.get(url.pathname).query({ expires, sig: tampered })).status).to.equal(401);
    expect((await client.get(url.pathname).query({ expires: String(Number(expires) + 3600), sig })).status).to.equal(401);
    const past = createUrlSigner(TEST_JWT_SECRET, 'print file download', () => Date.now() - 3600_000).sign(url.pathname, 15 * 60);
    expect((await client.get(`${url.pathname}?${past}`)).status).to.equal(401);
    // The viewer's links are signed for another purpose: one never opens the other.
    const viewerSigned = createUrlSigner(TEST_JWT_SECRET, 'layout viewer').sign(url.pathname, 600);
    expect((await client.get(`${url.pathname}?${viewerSigned}`)).status).to.equal(401);
    // A link names its file: it opens no other file of the set, and the file only under its own set.
    const cover = (await fileOf('cover')).file;
    const coverPath = new URL(cover.download_url).pathname;
    expect((await client.get(coverPath).query({ expires, sig })).status).to.equal(401);
    const otherSet = (await sql<{ id: number }>("INSERT INTO order_sets (user_id, status) VALUES ($1, 'PAID') RETURNING id", [users.owner.id]))[0].id;
    const underOtherSet = url.pathname.replace(`/orderset/${orderSetId}/`, `/orderset/${otherSet}/`);
    expect((await client.get(underOtherSet).set('Authorization', users.admin.auth)).status).to.equal(404);
    // The files are in the private area, not under /media/.
    expect((await client.get(`/media/${file.id}`)).status).to.equal(404);
    expect(runtime.privateFiles).to.not.equal(runtime.media);
  });

  it('replaces its files on a re-run, never doubling them', async () => {
    const before = await sql<{ id: number; storage_key: string; rendered_at: Date }>(
      'SELECT id, storage_key, rendered_at FROM print_files WHERE order_set_id = $1 ORDER BY id', [orderSetId]);
    await renderPrintFiles.handle({ orderSetId }, runtime.jobContext);
    const after = await sql<{ id: number; storage_key: string; rendered_at: Date }>(
      'SELECT id, storage_key, rendered_at FROM print_files WHERE order_set_id = $1 ORDER BY id', [orderSetId]);
    expect(after.map((row) => [row.id, row.storage_key])).to.deep.equal(before.map((row) => [row.id, row.storage_key]));
    expect(after[0].rendered_at.getTime()).to.be.greaterThan(before[0].rendered_at.getTime());
    expect(await mediaFolder(runtime, `order-sets/${orderSetId}`, 'private')).to.deep.equal([`${layoutId}-cover.pdf`, `${layoutId}-interior.pdf`]);
  });

  let working = false;
  /** A paid set whose print files job failed for good (JOB_RETRY_LIMIT=0) because the storage could not take them. */
  const failedPrintJob = async () => {
    const set = await paidSet(layoutId, users.owner.id);
    const inTheWay = path.join(runtime.config.dataDir, 'private', 'order-sets', String(set));
    if (runtime.s3) {
      // The object store fails every request: reading the photo, storing the PDFs.
      runtime.s3.failNext(1000);
    } else {
      // A file where the set's folder must go: storing the PDFs fails, as a full or read-only disk would.
      mkdirSync(path.dirname(inTheWay), { recursive: true });
      writeFileSync(inTheWay, 'in the way');
    }
    const id = await runtime.db.transaction((tx) => runtime.queue.enqueue(tx, renderPrintFiles, { orderSetId: set }));
    const settled = jobsSettled(runtime.queue, [id]);
    if (!working) await runtime.queue.work(runtime.jobContext);
    working = true;
    expect((await settled).get(id)!.ok).to.equal(false);
    return { set, id, recover: () => (runtime.s3 ? runtime.s3.failNext(0) : rmSync(inTheWay)) };
  };

  it('shows a failed run in /api/admin/jobs/ and the log', async () => {
    const { set, id, recover } = await failedPrintJob();
    recover();
    const jobs = await client.get('/api/admin/jobs/').set('Authorization', users.admin.auth);
    const entry = jobs.body.find((job: { name: string }) => job.name === 'render-print-files');
    expect(entry.counts.failed).to.equal(1);
    expect(entry.recent_failures[0]).to.include({ id, state: 'failed' });
    expect(entry.recent_failures[0].payload).to.deep.equal({ orderSetId: set });
    expect(entry.recent_failures[0].error).to.match(runtime.s3 ? /object storage/ : /ENOTDIR|EEXIST/);
    expect(logLines.some((line) => line.msg === 'job failed for good' && line.job === 'render-print-files')).to.equal(true);
    expect(await sql('SELECT id FROM print_files WHERE order_set_id = $1', [set])).to.deep.equal([]);
  });

  it('runs a failed job again when an administrator asks (POST /api/admin/jobs/<id>/retry/), and it completes', async () => {
    const { set, id, recover } = await failedPrintJob();
    recover();
    const retry = (auth?: string, job = id) => {
      const call = client.post(`/api/admin/jobs/${job}/retry/`);
      return auth ? call.set('Authorization', auth) : call;
    };
    expect((await retry()).status).to.equal(401);
    for (const who of [users.owner, users.moderator]) expect((await retry(who.auth)).status).to.equal(403);
    expect((await retry(users.admin.auth, '00000000-0000-4000-8000-000000000000')).body).to.deep.equal({ detail: 'Not found.' });
    expect((await retry(users.admin.auth, 'not-a-job')).status).to.equal(404);
    expect(await sql('SELECT state::text AS state FROM pgboss.job WHERE id = $1', [id])).to.deep.equal([{ state: 'failed' }]);

    const settled = jobsSettled(runtime.queue, [id]);
    const response = await retry(users.admin.auth);
    expect(response.status, JSON.stringify(response.body)).to.equal(200);
    expect(response.body).to.deep.equal({ id, name: 'render-print-files', state: 'created' });
    expect(createValidator(runtime.schemas).errorsOf('admin-job-retry.json', response.body)).to.equal(null);
    expect((await settled).get(id)!.ok).to.equal(true);
    expect(await sql('SELECT state::text AS state FROM pgboss.job WHERE id = $1', [id])).to.deep.equal([{ state: 'completed' }]);
    expect((await sql<{ part: string }>('SELECT part FROM print_files WHERE order_set_id = $1 ORDER BY part', [set])).map((row) => row.part))
      .to.deep.equal(['cover', 'interior']);
    // Only a job that failed for good: a completed one is left as it is.
    const again = await retry(users.admin.auth);
    expect([again.status, again.body]).to.deep.equal([409, { detail: 'Only a job that failed for good can be run again; this one is completed.' }]);
  });
});
