// Time from a product's creation (POST /api/product/ answered) to its preview being there (preview_cover set),
// on an idle `photobook serve` with its worker: PostgreSQL server, then PGlite. Ten products, one at a time.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { adminQuery, databaseUrl } from './database';
import { photobook, serve } from './photobook-process';

const PRODUCTS = 10;

async function measure(kind: 'postgres' | 'pglite'): Promise<number[]> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `photobook-preview-${kind}-`));
  const env: Record<string, string> = { DATA_DIR: dataDir };
  if (kind === 'postgres') {
    await adminQuery('DROP DATABASE IF EXISTS photobook_bench_preview WITH (FORCE)');
    await adminQuery('CREATE DATABASE photobook_bench_preview');
    env.DATABASE_URL = databaseUrl('photobook_bench_preview');
  }
  try {
    photobook(['seed', '--demo', '--themes', '1'], env);
    photobook(['create-admin', '--email', 'bench@example.com'], env);
    const token = photobook(['issue-token', '--email', 'bench@example.com'], env);
    const { child, url } = await serve(env);
    const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
    const seconds: number[] = [];
    try {
      // Let the demo's own previews finish first: the service is idle when each product is made.
      await new Promise((resolve) => setTimeout(resolve, 5000));
      for (let index = 0; index < PRODUCTS; index += 1) {
        const created = await fetch(`${url}/api/product/`, {
          method: 'POST', headers, body: JSON.stringify({ theme_id: 1, format_id: 1 + (index % 5), product_type_id: 1, name: `Bench ${index}` }),
        });
        const started = performance.now();
        const { id } = (await created.json()) as { id: number };
        for (;;) {
          const product = (await (await fetch(`${url}/api/product/${id}/`, { headers })).json()) as { preview_cover: string | null };
          if (product.preview_cover) break;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        seconds.push((performance.now() - started) / 1000);
      }
    } finally {
      await new Promise<void>((resolve) => { child.once('exit', () => resolve()); child.kill('SIGTERM'); });
    }
    return seconds;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  console.log('| database | median s | max s | under 3 s |');
  console.log('| --- | ---: | ---: | ---: |');
  for (const kind of ['postgres', 'pglite'] as const) {
    const seconds = (await measure(kind)).sort((a, b) => a - b);
    console.log(`| ${kind} | ${seconds[Math.floor(seconds.length / 2)].toFixed(2)} | ${seconds[seconds.length - 1].toFixed(2)} | ${seconds.filter((value) => value < 3).length}/${seconds.length} |`);
  }
}

main().then(() => process.exit(0), (error) => {
  console.error(error);
  process.exit(1);
});
