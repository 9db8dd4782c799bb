// Time from a product's creation (POST /api/product/ answered) to its preview being there (preview_cover set),
// on an idle `photobook serve` with its worker: PostgreSQL server, then PGlite. Ten products, one at a time.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { adminQuery, databaseUrl } from './database';

const BINARY = path.join(__dirname, '..', 'bin', 'photobook');
const PRODUCTS = 10;

function photobook(args: string[], env: Record<string, string>): string {
  const result = spawnSync(process.execPath, [BINARY, ...args], { env: { ...process.env, ...env, LOG_LEVEL: 'warn' }, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`photobook ${args.join(' ')}: ${result.stderr}`);
  return result.stdout.trim();
}

function serve(env: Record<string, string>): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [BINARY, 'serve'], { env: { ...process.env, ...env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info' }, stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /"port":(\d+).*"msg":"listening"/.exec(output);
      if (match) resolve({ child, url: `http://127.0.0.1:${match[1]}` });
    });
    child.once('exit', (code) => reject(new Error(`serve exited ${code}: ${output}`)));
  });
}

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
