// How soon a product inserted through one connection shows in the gallery of every process: two service processes
// on one PostgreSQL database, a product committed by the bench, both processes polled until their count grows.
import http from 'node:http';
import { type Service, startService, stopService } from './gallery-service';
import { openWriter } from './writer';

const LIST = '/api/gallery2/product/?fmt=2&theme_cat=2';
const ROUNDS = 20;
const GIVE_UP_MS = 5000;

/** GET path on one keep-alive connection; the body's count. */
function countOf(agent: http.Agent, base: string, path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http.get(base + path, { agent }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => { body += chunk; });
      response.on('end', () => {
        if (response.statusCode !== 200) return reject(new Error(`${path}: ${response.statusCode} ${body.slice(0, 200)}`));
        resolve((JSON.parse(body) as { count: number }).count);
      });
    }).on('error', reject);
  });
}

/** Requests back to back until the count passes `before`; milliseconds from `committedAt`, or Infinity. */
async function waitForCount(agent: http.Agent, base: string, before: number, committedAt: number): Promise<number> {
  while (performance.now() - committedAt < GIVE_UP_MS) {
    if ((await countOf(agent, base, LIST)) > before) return performance.now() - committedAt;
  }
  return Infinity;
}

/** A theme that puts a format 2 product into LIST: approved, in category 2. */
async function listThemeAndSource(client: import('pg').Client): Promise<{ themeId: number; sourceId: number }> {
  const { rows: [theme] } = await client.query<{ id: number }>(
    'SELECT t.id FROM themes t JOIN theme_category_links l ON l.theme_id = t.id WHERE t.approved AND l.category_id = 2 ORDER BY t.id LIMIT 1');
  const { rows: [source] } = await client.query<{ id: number }>('SELECT id FROM products WHERE format_id = 2 ORDER BY id LIMIT 1');
  if (!theme || !source) throw new Error('no approved theme in category 2, or no format 2 product');
  return { themeId: theme.id, sourceId: source.id };
}

export interface VisibilityFigures { viaA: number[]; viaB: number[] }

async function rounds(url: string, a: Service, b: Service): Promise<VisibilityFigures> {
  const agents = [new http.Agent({ keepAlive: true, maxSockets: 1 }), new http.Agent({ keepAlive: true, maxSockets: 1 })];
  const writer = await openWriter(url);
  const figures: VisibilityFigures = { viaA: [], viaB: [] };
  try {
    const { themeId, sourceId } = await listThemeAndSource(writer.client);
    // Warm: B is the process under watch; A answers the same list so that its cache holds it too.
    for (let index = 0; index < 50; index += 1) await Promise.all([countOf(agents[0], a.base, LIST), countOf(agents[1], b.base, LIST)]);
    for (let round = 0; round < ROUNDS; round += 1) {
      const [beforeA, beforeB] = await Promise.all([countOf(agents[0], a.base, LIST), countOf(agents[1], b.base, LIST)]);
      await writer.insert(sourceId, themeId);
      // insert() returns when COMMIT (autocommit) has returned.
      const committedAt = performance.now();
      const [delayA, delayB] = await Promise.all([
        waitForCount(agents[0], a.base, beforeA, committedAt), waitForCount(agents[1], b.base, beforeB, committedAt)]);
      figures.viaA.push(delayA);
      figures.viaB.push(delayB);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    await writer.cleanUp();
    for (const agent of agents) agent.destroy();
  }
  return figures;
}

export async function measureVisibility(url: string): Promise<VisibilityFigures> {
  const a = await startService({ kind: 'postgres', url }, 'warn');
  try {
    const b = await startService({ kind: 'postgres', url }, 'warn');
    try {
      return await rounds(url, a, b);
    } finally {
      await stopService(b);
    }
  } finally {
    await stopService(a);
  }
}

const percentile = (sorted: number[], fraction: number) => sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * fraction) - 1)];

export function printVisibility(figures: VisibilityFigures): void {
  console.log(`\nCross-process visibility: ${ROUNDS} products inserted on a pg connection, time from COMMIT to the first response`);
  console.log(`of ${LIST} whose count shows it (two service processes on one database, both polled back to back)\n`);
  console.log('| process | median ms | p95 ms | max ms |');
  console.log('| --- | ---: | ---: | ---: |');
  for (const [name, delays] of [['B', figures.viaB], ['A', figures.viaA]] as const) {
    const sorted = [...delays].sort((x, y) => x - y);
    const show = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : `> ${GIVE_UP_MS}`);
    console.log(`| ${name} | ${show(percentile(sorted, 0.5))} | ${show(percentile(sorted, 0.95))} | ${show(sorted[sorted.length - 1])} |`);
  }
}
