// The gallery benchmark's routes and one autocannon run of a route: figures plus the share of X-Cache answers.
import autocannon from 'autocannon';
import type { GalleryFilterParams } from '../src/gallery/filters';

export interface BenchRoute {
  name: string;
  path: string;
  /** For printPlans: the filter and page whose page query is explained. */
  filter?: GalleryFilterParams;
  page?: 'first' | 'last';
  /** A new path for each request (rotating pages, distinct searches); path is then only the first one. */
  nextPath?: () => string;
  ceiling?: boolean;
}

export interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** Responses by X-Cache value (HIT, MISS, BYPASS); empty when the service sends no such header. */
  cache: Map<string, number>;
  /** Responses whose count was above 0 (distinct searches only: how many strings matched some product). */
  matched: number;
  responses: number;
}

export const ROUTE_NAMES = {
  first: 'v2 page 1, fmt + theme_cat',
  last: 'v2 page=last, same filter',
  repeated: 'repeated queries (20 pages round-robin)',
  misses: 'misses (distinct search strings)',
  ceilingBefore: 'ceiling before (v2 page 1 bytes from memory)',
  ceilingAfter: 'ceiling after',
} as const;

const REPEATED_PAGES = 20;

/** Pages 1..20 of one list in turn, shared by every connection, so each of the 20 is asked as often. */
function roundRobin(): () => string {
  let next = 0;
  return () => `/api/gallery2/product/?fmt=2&page=${(next++ % REPEATED_PAGES) + 1}`;
}

// Lower-case Cyrillic а..я (32 letters, no ё): five of them, scrambled from a counter, make a search nobody asked
// before and that, like most long-tail searches, matches few products or none. (Consecutive counter values written
// out directly would share their last letters: every 32nd string would contain a trigram of a common word and count
// a good part of the catalog, which measures the database's text search rather than the cache.)
const LETTERS = Array.from({ length: 32 }, (_, index) => String.fromCharCode(0x430 + index));
const SEARCH_SPACE = 32 ** 5;
let searchCounter = 0;

/** The counter times an odd constant modulo 32^5 (a permutation, so never a repeat), in five letters. */
export function distinctSearch(): string {
  let value = (searchCounter++ * 1_103_515_245) % SEARCH_SPACE;
  let text = '';
  for (let letter = 0; letter < 5; letter += 1) {
    text += LETTERS[value % 32];
    value = Math.floor(value / 32);
  }
  return text;
}

// Module-wide, so warm-ups, tables and service runs never repeat a string within one bench process.
const distinctSearchPath = () => `/api/gallery2/product/?search=${encodeURIComponent(distinctSearch())}`;

export function benchRoutes(): BenchRoute[] {
  return [
    { name: ROUTE_NAMES.ceilingBefore, path: '/bench/ceiling/', ceiling: true },
    { name: ROUTE_NAMES.first, path: '/api/gallery2/product/?fmt=2&theme_cat=2', filter: { fmt: [2], theme_cat: [2] }, page: 'first' },
    { name: ROUTE_NAMES.last, path: '/api/gallery2/product/?fmt=2&theme_cat=2&page=last', filter: { fmt: [2], theme_cat: [2] }, page: 'last' },
    { name: 'v2 search', path: '/api/gallery2/product/?search=%D0%BC%D0%BE%D1%80%D1%81%D0%BA%D0%BE%D0%B5', filter: { search: 'морское' }, page: 'first' },
    { name: 'v1 3 repeated filters, sort=top', path: '/api/gallery/product/?fmt=1&fmt=2&theme_color=1&theme_color=2&type=1&type=2&sort=top',
      filter: { fmt: [1, 2], theme_color: [1, 2], type: [1, 2], sort: 'top' }, page: 'first' },
    { name: 'meta', path: '/api/gallery/meta/' },
    { name: ROUTE_NAMES.repeated, path: '/api/gallery2/product/?fmt=2&page=1', nextPath: roundRobin() },
    { name: ROUTE_NAMES.misses, path: distinctSearchPath(), nextPath: distinctSearchPath },
    { name: ROUTE_NAMES.ceilingAfter, path: '/bench/ceiling/', ceiling: true },
  ];
}

/** BENCH_ONLY_ROUTE=<substring>: only the routes whose name contains it, and the two ceilings. */
export function selectedRoutes(): BenchRoute[] {
  const only = process.env.BENCH_ONLY_ROUTE;
  return benchRoutes().filter((route) => !only || route.ceiling || route.name.includes(only));
}

/** A response header by name in any letter case (autocannon keeps the case the server sent). */
function headerValue(headers: Record<string, unknown> | undefined, name: string): string | undefined {
  if (!headers) return undefined;
  const lower = name.toLowerCase();
  const key = Object.keys(headers).find((candidate) => candidate.toLowerCase() === lower);
  const value = key === undefined ? undefined : headers[key];
  return typeof value === 'string' ? value : undefined;
}

function cannon(base: string, route: BenchRoute, connections: number, duration: number, figures?: Figures) {
  // The same onResponse on every route (the ceiling too), so the client's own cost is the same for all.
  const request: autocannon.Request = {
    method: 'GET',
    path: route.path,
    // Only when the path changes: autocannon then rebuilds each request, and would call an undefined one.
    ...(route.nextPath ? { setupRequest: (previous: autocannon.Request) => ({ ...previous, path: route.nextPath!() }) } : {}),
    onResponse: (_status, body, _context, headers) => {
      if (!figures) return;
      figures.responses += 1;
      const cache = headerValue(headers as Record<string, unknown>, 'X-Cache');
      if (cache) figures.cache.set(cache, (figures.cache.get(cache) ?? 0) + 1);
      if (!route.nextPath) return;
      const count = /"count":(\d+)/.exec(body.slice(0, 64));
      if (count && Number(count[1]) > 0) figures.matched += 1;
    },
  };
  return autocannon({ url: base, connections, duration, requests: [request] });
}

/** A 2 s warm-up at 8 connections, then 32 connections for `seconds`. */
export async function measure(base: string, route: BenchRoute, seconds: number): Promise<Figures> {
  await cannon(base, route, 8, 2);
  const figures: Figures = { rps: 0, p50: 0, p99: 0, errors: 0, cache: new Map(), matched: 0, responses: 0 };
  const result = await cannon(base, route, 32, seconds, figures);
  return { ...figures, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.non2xx + result.errors };
}

/** "HIT 93%" style, or "n/a" when the service sent no X-Cache header. */
export function cacheShare(figures: Figures): string {
  const total = [...figures.cache.values()].reduce((sum, count) => sum + count, 0);
  if (total === 0) return 'n/a';
  return [...figures.cache.entries()].map(([value, count]) => `${value} ${((100 * count) / total).toFixed(0)}%`).join(', ');
}
