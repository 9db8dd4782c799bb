// Gallery load benchmark: autocannon, 32 connections, 10 s per route, against 1,000,000 products on the PostgreSQL
// server, plus the same routes' p50 at 10,000 products. Prints figures, ratios and the query plans.
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { openPostgres } from '../src/db/postgres';
import { type GalleryFilterParams, resolveFilters } from '../src/gallery/filters';
import { createGalleryRepository } from '../src/gallery/repository';
import { loadSnapshot } from '../src/gallery/snapshot';
import { databaseUrl, seededDatabase } from './database';

interface BenchRoute { name: string; path: string; filter?: GalleryFilterParams; page?: 'first' | 'last' }

const ROUTES: BenchRoute[] = [
  { name: 'v2 page 1, fmt + theme_cat', path: '/api/gallery2/product/?fmt=2&theme_cat=2', filter: { fmt: [2], theme_cat: [2] }, page: 'first' },
  { name: 'v2 page=last, same filter', path: '/api/gallery2/product/?fmt=2&theme_cat=2&page=last', filter: { fmt: [2], theme_cat: [2] }, page: 'last' },
  { name: 'v2 search', path: '/api/gallery2/product/?search=%D0%BC%D0%BE%D1%80%D1%81%D0%BA%D0%BE%D0%B5', filter: { search: 'морское' }, page: 'first' },
  { name: 'v1 3 repeated filters, sort=top', path: '/api/gallery/product/?fmt=1&fmt=2&theme_color=1&theme_color=2&type=1&type=2&sort=top',
    filter: { fmt: [1, 2], theme_color: [1, 2], type: [1, 2], sort: 'top' }, page: 'first' },
  { name: 'meta', path: '/api/gallery/meta/' },
  { name: 'ceiling (v2 page 1 bytes from memory)', path: '/bench/ceiling/' },
];

interface Figures { rps: number; p50: number; p99: number; errors: number }

async function productCount(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    const { rows } = await client.query('SELECT count(*)::int AS n FROM products');
    return rows[0].n;
  } catch {
    return 0;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function databaseWith(name: string, products: number): Promise<string> {
  const url = databaseUrl(name);
  if ((await productCount(url)) >= products) return url;
  console.log(`seeding ${name} with ${products} products ...`);
  const { seconds } = await seededDatabase(name, products);
  console.log(`seeded in ${seconds.toFixed(1)} s`);
  return url;
}

function startService(url: string): Promise<{ child: ChildProcess; base: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, 'gallery-server.ts')], {
    env: { ...process.env, DATABASE_URL: url, PORT: '0', HOST: '127.0.0.1', WORKER: '0', LOG_LEVEL: 'info', DATA_DIR: '/tmp/photobook-bench-data' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /READY (\d+)/.exec(output);
      if (match) resolve({ child, base: `http://127.0.0.1:${match[1]}` });
    });
    child.once('exit', (code) => reject(new Error(`service exited ${code}: ${output}`)));
  });
}

async function measure(url: string, seconds: number): Promise<Figures> {
  await autocannon({ url, connections: 8, duration: 2 });
  const result = await autocannon({ url, connections: 32, duration: seconds });
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.non2xx + result.errors };
}

async function printPlans(url: string): Promise<void> {
  const db = openPostgres(url, 2);
  const snapshot = await loadSnapshot(db);
  const repository = createGalleryRepository(db.sql);
  for (const route of ROUTES) {
    if (!route.filter) continue;
    const resolved = resolveFilters(route.filter, snapshot);
    if (resolved.errors) throw new Error(JSON.stringify(resolved.errors));
    const total = await repository.count(resolved.query);
    const offset = route.page === 'last' ? Math.floor((total - 1) / 20) * 20 : 0;
    console.log(`\n--- plan: ${route.name} (${total} matching)\n${await repository.explainPage(resolved.query, offset, 20, total)}`);
  }
  await db.close();
}

async function run(url: string, seconds: number): Promise<Map<string, Figures>> {
  const { child, base } = await startService(url);
  const figures = new Map<string, Figures>();
  try {
    for (const route of ROUTES) figures.set(route.name, await measure(base + route.path, seconds));
  } finally {
    child.kill('SIGTERM');
  }
  return figures;
}

async function main(): Promise<void> {
  const seconds = Number(process.env.BENCH_SECONDS ?? 10);
  const large = await databaseWith('photobook_bench_seed', 1_000_000);
  const small = await databaseWith('photobook_bench_10k', 10_000);
  const atMillion = await run(large, seconds);
  const atTenThousand = await run(small, seconds);
  const ceiling = atMillion.get(ROUTES[ROUTES.length - 1].name)!;
  console.log(`\nGallery at 1,000,000 products, autocannon 32 connections x ${seconds} s (p50 at 10,000 products for growth)\n`);
  console.log('| route | req/s | p50 ms | p99 ms | non-2xx | req/s / ceiling | p50 at 10k | p50 growth |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const route of ROUTES) {
    const figures = atMillion.get(route.name)!;
    const small10k = atTenThousand.get(route.name)!;
    console.log(`| ${route.name} | ${figures.rps.toFixed(0)} | ${figures.p50} | ${figures.p99} | ${figures.errors} | ${(figures.rps / ceiling.rps).toFixed(2)} | ${small10k.p50} | ${(figures.p50 / Math.max(small10k.p50, 1)).toFixed(2)}x |`);
  }
  const first = atMillion.get(ROUTES[0].name)!;
  const last = atMillion.get(ROUTES[1].name)!;
  console.log(`\npage=last p50 / page 1 p50: ${(last.p50 / Math.max(first.p50, 1)).toFixed(2)} (target <= 1.5); p99 ratio ${(last.p99 / Math.max(first.p99, 1)).toFixed(2)}`);
  await printPlans(large);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
