// Gallery load benchmark: autocannon, 32 connections, BENCH_SECONDS (10) s per route, against 1,000,000 products on
// the PostgreSQL server, with and without a writer inserting 50 products a second; cross-process visibility of a new
// product; the same routes' p50 at 10,000 products; the same routes on PGlite. Ratios are to the mean of a ceiling
// route run first and last (the machine drifts during a run). Prints the figures, the targets and the query plans.
import pg from 'pg';
import { openPostgres } from '../src/db/postgres';
import { resolveFilters } from '../src/gallery/filters';
import { createGalleryRepository } from '../src/gallery/repository';
import { loadSnapshot } from '../src/gallery/snapshot';
import { databaseUrl, madeByBenchmarks, seededDatabase } from './database';
import { type BenchRoute, benchRoutes, cacheShare, type Figures, measure, ROUTE_NAMES, selectedRoutes } from './gallery-routes';
import { type ServiceDatabase, startService, stopService } from './gallery-service';
import { seededPGliteFolder } from './pglite-folder';
import { measureVisibility, printVisibility } from './visibility';
import { whileWriting, type WriterRun } from './writer';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WRITES_PER_SECOND = 50;
const MILLION = 1_000_000;

interface Table { routes: BenchRoute[]; figures: Map<string, Figures>; ceilingMean: number; writer?: WriterRun }

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
  // Reused only when the benchmarks made it (bench/database.ts): someone else's database of that name is never read as ours.
  if ((await madeByBenchmarks(name)) && (await productCount(url)) >= products) return url;
  console.log(`seeding ${name} with ${products} products ...`);
  const { seconds } = await seededDatabase(name, products);
  console.log(`seeded in ${seconds.toFixed(1)} s`);
  return url;
}

async function measureRoutes(base: string): Promise<Map<string, Figures>> {
  const figures = new Map<string, Figures>();
  for (const route of selectedRoutes()) figures.set(route.name, await measure(base, route, SECONDS));
  return figures;
}

/** Every route against a fresh service process; with writerUrl, while a writer inserts 50 products a second there. */
async function runTable(database: ServiceDatabase, writerUrl?: string): Promise<Table> {
  const service = await startService(database);
  try {
    if (!writerUrl) return tableOf(await measureRoutes(service.base));
    const { result, run } = await whileWriting(writerUrl, WRITES_PER_SECOND, () => measureRoutes(service.base));
    return { ...tableOf(result), writer: run };
  } finally {
    await stopService(service);
  }
}

function tableOf(figures: Map<string, Figures>): Table {
  const before = figures.get(ROUTE_NAMES.ceilingBefore)!.rps;
  const after = figures.get(ROUTE_NAMES.ceilingAfter)!.rps;
  return { routes: selectedRoutes(), figures, ceilingMean: (before + after) / 2 };
}

const ratio = (table: Table, name: string) => table.figures.get(name)!.rps / table.ceilingMean;

function printTable(title: string, table: Table): void {
  console.log(`\n${title}, autocannon 32 connections x ${SECONDS} s\n`);
  console.log('| route | req/s | p50 ms | p99 ms | non-2xx | req/s / ceiling mean | X-Cache |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | --- |');
  for (const route of table.routes) {
    const figures = table.figures.get(route.name)!;
    console.log(`| ${route.name} | ${figures.rps.toFixed(0)} | ${figures.p50} | ${figures.p99} | ${figures.errors} | ${ratio(table, route.name).toFixed(2)} | ${cacheShare(figures)} |`);
  }
  const before = table.figures.get(ROUTE_NAMES.ceilingBefore)!.rps;
  const after = table.figures.get(ROUTE_NAMES.ceilingAfter)!.rps;
  console.log(`\nceiling before ${before.toFixed(0)} req/s, after ${after.toFixed(0)} req/s, mean ${table.ceilingMean.toFixed(0)} (drift ${((100 * (after - before)) / before).toFixed(0)}%)`);
  const misses = table.figures.get(ROUTE_NAMES.misses);
  if (misses) console.log(`misses: ${misses.responses} distinct search strings, ${misses.matched} of them matched some product`);
  if (table.writer) {
    const { inserted, seconds, perSecond } = table.writer;
    console.log(`writer: ${inserted} products inserted in ${seconds.toFixed(1)} s = ${perSecond.toFixed(1)} per second (target ${WRITES_PER_SECOND})`);
  }
}

function printTargets(table: Table): void {
  const get = (name: string) => table.figures.get(name);
  const verdict = (pass: boolean) => (pass ? 'PASS' : 'FAIL');
  const lines: string[] = [];
  const repeated = get(ROUTE_NAMES.repeated);
  if (repeated) lines.push(`repeated queries >= 0.70 of ceiling: ${ratio(table, ROUTE_NAMES.repeated).toFixed(2)} ${verdict(ratio(table, ROUTE_NAMES.repeated) >= 0.7)}`);
  const misses = get(ROUTE_NAMES.misses);
  if (misses) {
    const share = ratio(table, ROUTE_NAMES.misses);
    lines.push(`misses >= 0.25 of ceiling and p99 < 50 ms: ${share.toFixed(2)}, p99 ${misses.p99} ms ${verdict(share >= 0.25 && misses.p99 < 50)}`);
  }
  const first = get(ROUTE_NAMES.first);
  const last = get(ROUTE_NAMES.last);
  if (first) lines.push(`page 1 p99 < 10 ms: ${first.p99} ms ${verdict(first.p99 < 10)}`);
  if (first && last) {
    const p99 = last.p99 / Math.max(first.p99, 0.001);
    const p50 = last.p50 / Math.max(first.p50, 0.001);
    lines.push(`page=last p99 / page 1 p99 <= 1.5: ${p99.toFixed(2)} ${verdict(p99 <= 1.5)}`);
    lines.push(`page=last p50 / page 1 p50 <= 1.5: ${p50.toFixed(2)} ${verdict(p50 <= 1.5)}`);
  }
  console.log(`\nTargets:\n${lines.map((line) => `- ${line}`).join('\n')}`);
}

function printWriterComparison(without: Table, withWriter: Table): void {
  console.log(`\nWith and without the writer (${WRITES_PER_SECOND} inserts/s target), ratio to each run's own ceiling mean\n`);
  console.log('| route | ratio without | ratio with | change | p99 ms without | p99 ms with |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
  for (const route of without.routes) {
    const a = ratio(without, route.name);
    const b = ratio(withWriter, route.name);
    console.log(`| ${route.name} | ${a.toFixed(2)} | ${b.toFixed(2)} | ${((100 * (b - a)) / a).toFixed(0)}% | ${without.figures.get(route.name)!.p99} | ${withWriter.figures.get(route.name)!.p99} |`);
  }
}

function printGrowth(atMillion: Table, atTenThousand: Table): void {
  console.log('\np50 growth from 10,000 to 1,000,000 products\n');
  console.log('| route | p50 ms at 10k | p50 ms at 1M | growth |');
  console.log('| --- | ---: | ---: | ---: |');
  for (const route of atMillion.routes) {
    const small = atTenThousand.figures.get(route.name)!.p50;
    const large = atMillion.figures.get(route.name)!.p50;
    console.log(`| ${route.name} | ${small} | ${large} | ${(large / Math.max(small, 1)).toFixed(2)}x |`);
  }
}

async function printPlans(url: string): Promise<void> {
  const db = openPostgres(url, 2);
  const snapshot = await loadSnapshot(db);
  const repository = createGalleryRepository(db.sql);
  for (const route of benchRoutes()) {
    if (!route.filter) continue;
    const resolved = resolveFilters(route.filter, snapshot);
    if (resolved.errors) throw new Error(JSON.stringify(resolved.errors));
    const { total } = await repository.count(resolved.query);
    const offset = route.page === 'last' ? Math.floor((total - 1) / 20) * 20 : 0;
    console.log(`\n--- plan: ${route.name} (${total} matching)\n${await repository.explainPage(resolved.query, offset, 20, total)}`);
  }
  await db.close();
}

async function benchPostgres(): Promise<string> {
  const large = await databaseWith('photobook_bench_seed', MILLION);
  const plain = await runTable({ kind: 'postgres', url: large });
  printTable('Gallery on PostgreSQL, 1,000,000 products', plain);
  printTargets(plain);
  if (process.env.BENCH_WRITER !== '0') {
    const written = await runTable({ kind: 'postgres', url: large }, large);
    printTable(`Gallery on PostgreSQL, 1,000,000 products, writer inserting ${WRITES_PER_SECOND} products/s`, written);
    printTargets(written);
    printWriterComparison(plain, written);
  }
  if (process.env.BENCH_VISIBILITY !== '0') printVisibility(await measureVisibility(large));
  if (process.env.BENCH_SKIP_10K !== '1') {
    const small = await databaseWith('photobook_bench_10k', 10_000);
    printGrowth(plain, await runTable({ kind: 'postgres', url: small }));
  }
  return large;
}

async function benchPGlite(): Promise<void> {
  const products = Number(process.env.BENCH_PGLITE_PRODUCTS ?? MILLION);
  const dataDir = await seededPGliteFolder(products);
  const table = await runTable({ kind: 'pglite', dataDir });
  printTable(`Gallery on PGlite, ${products.toLocaleString('en')} products (${dataDir})`, table);
  printTargets(table);
}

async function main(): Promise<void> {
  const only = process.env.BENCH_ONLY;
  const large = only === 'pglite' ? undefined : await benchPostgres();
  if (only !== 'postgres') await benchPGlite();
  if (large) await printPlans(large);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
