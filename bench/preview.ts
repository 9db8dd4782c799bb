// Previews (issue 34): `photobook serve` (worker on) on a fresh database with one demo theme and BENCH_BULK (1,000)
// bulk copies of its products; PostgreSQL server, then PGlite. Prints, per database:
// - idle: ten products created one at a time through POST /api/product/, each timed from the answer to the moment
//   GET /api/product/<id>/ shows its preview;
// - backlog: a new front cover uploaded for the theme queues a preview for each of its products (the bulk), then ten
//   products are created a second apart, each timed the same way;
// - throughput: once the ten have their previews, the rest of the bulk timed to the last preview rendered, with the
//   service's CPU per preview (/proc), beside sharp alone rendering the same previews in this process
//   (bench/preview-ceiling.ts), run before and after the service: the ratio of previews per second to their mean;
// then the demo (`photobook demo` on a fresh PGlite folder): seconds to /readyz 200, the gallery's products without a
// preview at that moment, and seconds until none is.
// BENCH_ONLY=postgres|pglite|demo runs one part; BENCH_CPU_PROF=<dir> profiles the service (bench:profile-top).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { createBenchDatabase } from './database';
import { cpuMs } from './editing-service';
import { PREVIEWS_DRAWN_AT_ONCE } from '../src/products/preview-service';
import { photobook, serve } from './photobook-process';
import { type CeilingPreview, sharpAlone } from './preview-ceiling';

const PRODUCTS = 10;
const BULK = Number(process.env.BENCH_BULK ?? 1000);
const ONLY = process.env.BENCH_ONLY;
/** The theme whose products the demo seed makes (and copies in bulk), and one without products for the new ones. */
const BULK_THEME = 1;
const OTHER_THEME = 2;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const max = (values: number[]) => Math.max(...values);

interface Client { url: string; headers: Record<string, string> }

async function json<T>(client: Client, route: string, init: RequestInit = {}): Promise<T> {
  const answer = await fetch(`${client.url}${route}`, { ...init, headers: { ...client.headers, ...init.headers } });
  if (!answer.ok) throw new Error(`${init.method ?? 'GET'} ${route}: ${answer.status} ${await answer.text()}`);
  return (await answer.json()) as T;
}

async function createProduct(client: Client, index: number): Promise<{ id: number; created: number }> {
  const { id } = await json<{ id: number }>(client, '/api/product/', {
    method: 'POST', headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ theme_id: OTHER_THEME, format_id: 1 + (index % 5), product_type_id: 1, name: `Bench ${index}` }),
  });
  return { id, created: performance.now() };
}

/** Seconds from the product's creation to its preview. */
async function previewSeconds(client: Client, product: { id: number; created: number }): Promise<number> {
  for (;;) {
    const { preview_cover: preview } = await json<{ preview_cover: string | null }>(client, `/api/product/${product.id}/`);
    if (preview) return (performance.now() - product.created) / 1000;
    // Often enough for the 3 s target, seldom enough to leave the worker its CPU.
    await sleep(100);
  }
}

/** Render-previews jobs not yet done (waiting, retrying or running). */
async function previewsPending(client: Client): Promise<number> {
  const overview = await json<{ name: string; counts: Record<string, number> }[]>(client, '/api/admin/jobs/');
  const { counts } = overview.find((job) => job.name === 'render-previews')!;
  return counts.created + counts.retry + counts.active;
}

async function uploadFrontCover(client: Client, image: Buffer): Promise<void> {
  const form = new FormData();
  form.append('type', 'cover');
  form.append('cover_type', 'FRONT_COVER_BACKGROUND');
  form.append('file', new Blob([image], { type: 'image/jpeg' }), 'cover.jpg');
  await json(client, `/api/theme/${BULK_THEME}/up-element/`, { method: 'POST', body: form });
}

interface Run {
  idle: number[];
  backlog: number[];
  /** Previews sharp alone renders (the bulk and the ten products), and those left once the ten were timed. */
  previews: number;
  timed: number;
  serviceSeconds: number;
  serviceCpuMs: number;
  ceilingSeconds: number;
  ceilingCpuMs: number;
}

async function measure(kind: 'postgres' | 'pglite', cover: Buffer): Promise<Run> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `photobook-preview-${kind}-`));
  const ceilingDir = mkdtempSync(path.join(os.tmpdir(), 'photobook-preview-ceiling-'));
  const env: Record<string, string> = { DATA_DIR: dataDir };
  if (kind === 'postgres') {
    env.DATABASE_URL = (await createBenchDatabase('photobook_bench_preview')).url;
  }
  try {
    photobook(['seed', '--demo', '--themes', '1', '--products', String(5 + BULK)], env);
    photobook(['create-admin', '--email', 'bench@example.com'], env);
    const token = photobook(['issue-token', '--email', 'bench@example.com'], env);
    const { child, url } = await serve(env);
    const client = { url, headers: { Authorization: `Bearer ${token}` } };
    try {
      const { results } = await json<{ results: { format: string }[] }>(client, '/api/gallery/product/?page_size=30');
      const formats = [...new Set(results.map((product) => product.format))].map((format) => format.split('x').map(Number));
      const idle: number[] = [];
      for (let index = 0; index < PRODUCTS; index += 1) idle.push(await previewSeconds(client, await createProduct(client, index)));

      const themeProducts = (await json<{ count: number }>(client, `/api/product/?theme_id=${BULK_THEME}`)).count;
      const previews = themeProducts + PRODUCTS;
      const ceilingPreviews: CeilingPreview[] = Array.from({ length: previews }, (_, index) => {
        const [widthCm, heightCm] = formats[index % formats.length];
        return { widthCm, heightCm, title: `Фотокнига «Bench» ${widthCm}x${heightCm} №${index}` };
      });
      const before = await sharpAlone(cover, ceilingPreviews, PREVIEWS_DRAWN_AT_ONCE, ceilingDir);

      await uploadFrontCover(client, cover);
      // Each product watched from its creation on, while the next ones are made.
      const watched: Promise<number>[] = [];
      for (let index = 0; index < PRODUCTS; index += 1) {
        watched.push(previewSeconds(client, await createProduct(client, PRODUCTS + index)));
        await sleep(1000);
      }
      const backlog = await Promise.all(watched);
      // The rest of the bulk times the worker, with nothing else asked of the service.
      const timed = await previewsPending(client);
      const cpuBefore = cpuMs(child.pid!);
      const started = performance.now();
      while ((await previewsPending(client)) > 0) await sleep(500);
      const serviceSeconds = (performance.now() - started) / 1000;
      const serviceCpuMs = cpuMs(child.pid!) - cpuBefore;

      const after = await sharpAlone(cover, ceilingPreviews, PREVIEWS_DRAWN_AT_ONCE, ceilingDir);
      return {
        idle, backlog, previews, timed, serviceSeconds, serviceCpuMs,
        ceilingSeconds: (before.seconds + after.seconds) / 2, ceilingCpuMs: ((before.cpuSeconds + after.cpuSeconds) / 2) * 1000,
      };
    } finally {
      await new Promise<void>((resolve) => { child.once('exit', () => resolve()); child.kill('SIGTERM'); });
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(ceilingDir, { recursive: true, force: true });
  }
}

/** `photobook demo` on a fresh folder: seconds to /readyz 200, gallery products without a preview then, seconds until none. */
async function demo(): Promise<{ readySeconds: number; readyCpuSeconds: number; withoutPreview: number; listed: number; allSeconds: number }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'photobook-preview-demo-'));
  const started = performance.now();
  const { child, url } = await serve({ DATA_DIR: dataDir }, 'demo');
  const client = { url, headers: {} };
  const missing = async () => {
    let without = 0;
    let listed = 0;
    for (let page = 1; ; page += 1) {
      const { results, next } = await json<{ results: { preview_cover: string | null }[]; next: number | null }>(client, `/api/gallery/product/?page_size=30&page=${page}`);
      listed += results.length;
      without += results.filter((product) => !product.preview_cover).length;
      if (next === null) return { without, listed };
    }
  };
  try {
    while ((await fetch(`${url}/readyz/`)).status !== 200) await sleep(50);
    const readySeconds = (performance.now() - started) / 1000;
    const readyCpuSeconds = cpuMs(child.pid!) / 1000;
    const first = await missing();
    while ((await missing()).without > 0) await sleep(200);
    return { readySeconds, readyCpuSeconds, withoutPreview: first.without, listed: first.listed, allSeconds: (performance.now() - started) / 1000 };
  } finally {
    await new Promise<void>((resolve) => { child.once('exit', () => resolve()); child.kill('SIGTERM'); });
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  console.log(`load average ${os.loadavg().map((load) => load.toFixed(1)).join(' ')}, ${os.cpus().length} cores; ${BULK} bulk copies, previews drawn ${PREVIEWS_DRAWN_AT_ONCE} at once by the worker and by sharp alone`);
  const cover = await sharp({ create: { width: 1000, height: 1000, channels: 3, background: '#7a9cc6' } })
    .composite([{ input: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="1000"><circle cx="300" cy="400" r="250" fill="#e8c07a" fill-opacity="0.6"/><circle cx="700" cy="650" r="200" fill="#c67a9c" fill-opacity="0.5"/></svg>') }])
    .jpeg({ quality: 85 }).toBuffer();
  if (!ONLY || ONLY === 'postgres' || ONLY === 'pglite') {
    console.log('| database | idle median s | idle max s | with the bulk queued: median s | max s | under 3 s | previews timed | service s | per s | CPU ms per preview | sharp alone previews | s | per s | CPU ms per preview | service / sharp alone (per s) |');
    console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
    for (const kind of ['postgres', 'pglite'] as const) {
      if (ONLY && ONLY !== kind) continue;
      const run = await measure(kind, cover);
      console.log(`| ${kind} | ${median(run.idle).toFixed(2)} | ${max(run.idle).toFixed(2)} | ${median(run.backlog).toFixed(2)} | ${max(run.backlog).toFixed(2)} | ${run.backlog.filter((value) => value < 3).length}/${run.backlog.length} | ${run.timed} | ${run.serviceSeconds.toFixed(1)} | ${(run.timed / run.serviceSeconds).toFixed(1)} | ${(run.serviceCpuMs / run.timed).toFixed(1)} | ${run.previews} | ${run.ceilingSeconds.toFixed(1)} | ${(run.previews / run.ceilingSeconds).toFixed(1)} | ${(run.ceilingCpuMs / run.previews).toFixed(1)} | ${((run.timed / run.serviceSeconds) / (run.previews / run.ceilingSeconds)).toFixed(2)} |`);
    }
  }
  if (!ONLY || ONLY === 'demo') {
    const run = await demo();
    console.log(`demo (PGlite): /readyz 200 after ${run.readySeconds.toFixed(1)} s (${run.readyCpuSeconds.toFixed(1)} CPU s); then ${run.withoutPreview} of ${run.listed} gallery products without a preview; all with one after ${run.allSeconds.toFixed(1)} s`);
  }
  console.log(`load average after ${os.loadavg().map((load) => load.toFixed(1)).join(' ')}`);
}

main().then(() => process.exit(0), (error) => {
  console.error(error);
  process.exit(1);
});
