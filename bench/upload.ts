// Theme element upload: time to 201 for a 12-megapixel JPEG beside sharp alone doing the same image work in this
// process (the ceiling), the server's peak memory during ten concurrent uploads of it, and GET /media serving times
// of the upload. The server is `photobook serve` in a child process on a fresh database of the PostgreSQL server,
// with its media on the disk, or with MEDIA_STORAGE=s3 in an S3 store (S3_* settings, or a local test server when
// S3_ENDPOINT is unset).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { startS3Server } from '../test/helpers/s3-server';
import { createBenchDatabase } from './database';
import { profileFlags } from './gallery-service';

const BINARY = path.join(__dirname, '..', 'bin', 'photobook');

function photobook(args: string[], env: NodeJS.ProcessEnv): string {
  const result = spawnSync(process.execPath, [BINARY, ...args], { env, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`photobook ${args.join(' ')}: ${result.stderr}`);
  return result.stdout.trim();
}

/** A photo-like 4000 x 3000 JPEG: smooth shapes with fine grain, so it compresses like a photograph. */
async function twelveMegapixelJpeg(): Promise<Buffer> {
  const small = Buffer.alloc(500 * 375 * 3);
  for (let index = 0; index < small.length; index += 1) small[index] = (index * 7919) % 251;
  return sharp(small, { raw: { width: 500, height: 375, channels: 3 } })
    .resize(4000, 3000, { kernel: 'cubic' })
    .blur(2)
    .jpeg({ quality: 92 })
    .toBuffer();
}

function residentKilobytes(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) : 0;
}

/**
 * The ceiling: sharp alone on the same bytes, doing the least work that makes the same two derivatives: one decode
 * straight to 1200 px (shrink-on-load), the 300 px one scaled from those pixels; then the three files written, the
 * original as it came. No HTTP, no temporary file, no database, no metadata work.
 */
async function sharpAlone(image: Buffer, folder: string): Promise<number> {
  const started = process.hrtime.bigint();
  const fit = (longSide: number) => ({ width: longSide, height: longSide, fit: 'inside', withoutEnlargement: true }) as const;
  const { data, info } = await sharp(image, { failOn: 'truncated' }).rotate().resize(fit(1200)).flatten({ background: '#ffffff' })
    .raw().toBuffer({ resolveWithObject: true });
  const derived = await Promise.all([300, 1200].map((longSide) => sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
    .resize(fit(longSide)).jpeg({ quality: 82 }).toBuffer()));
  await Promise.all([image, ...derived].map((content, index) => writeFile(path.join(folder, `ceiling-${index}.jpg`), content)));
  return Number(process.hrtime.bigint() - started) / 1e6;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const summary = (values: number[]) => `median ${median(values).toFixed(0)} ms (min ${Math.min(...values).toFixed(0)}, max ${Math.max(...values).toFixed(0)})`;

/** CPU time the process has used, user and system, in ms (clock ticks of 10 ms: sum several calls before comparing). */
function cpuMilliseconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function uploadOnce(base: string, token: string, image: Buffer): Promise<number> {
  return (await upload(base, token, image)).milliseconds;
}

/**
 * The same request with a form field the validation refuses: the body is received, parsed and written to the temporary
 * file, the token checked, and the answer is 400 before any image work. What an upload costs that sharp alone does not.
 */
async function refusedOnce(base: string, token: string, image: Buffer): Promise<number> {
  const started = process.hrtime.bigint();
  const response = await fetch(`${base}/api/theme/1/up-element/`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: uploadForm(image, 'nonsense') });
  await response.arrayBuffer();
  if (response.status !== 400) throw new Error(`the refused upload answered ${response.status}`);
  return Number(process.hrtime.bigint() - started) / 1e6;
}

function uploadForm(image: Buffer, type = 'cover'): FormData {
  const form = new FormData();
  form.append('type', type);
  form.append('cover_type', 'FRONT_COVER_BACKGROUND');
  form.append('file', new Blob([image], { type: 'image/jpeg' }), 'photo.jpg');
  return form;
}

async function upload(base: string, token: string, image: Buffer): Promise<{ milliseconds: number; path: string }> {
  const form = uploadForm(image);
  const started = process.hrtime.bigint();
  const response = await fetch(`${base}/api/theme/1/up-element/`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form });
  const body = await response.json() as { image: string };
  if (response.status !== 201) throw new Error(`upload answered ${response.status}`);
  return { milliseconds: Number(process.hrtime.bigint() - started) / 1e6, path: new URL(body.image).pathname };
}

/** Sequential GETs of one media URL, each read to its last byte: the median time and the size. */
async function servingTimes(url: string, runs: number): Promise<string> {
  const times: number[] = [];
  let bytes = 0;
  for (let run = 0; run < runs; run += 1) {
    const started = process.hrtime.bigint();
    const response = await fetch(url);
    bytes = (await response.arrayBuffer()).byteLength;
    if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}`);
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  return `${(bytes / 1024).toFixed(0)} KB, ${summary(times)} over ${runs} GETs`;
}

/** MEDIA_STORAGE=s3 without S3_ENDPOINT: the local test server, started here (and stopped by the returned function). */
async function mediaStorageEnv(): Promise<{ env: Record<string, string>; stop(): Promise<void> }> {
  if (process.env.MEDIA_STORAGE !== 's3' || process.env.S3_ENDPOINT) return { env: {}, stop: async () => undefined };
  const server = await startS3Server();
  return { env: server.env(), stop: () => server.close() };
}

async function main(): Promise<void> {
  const name = 'photobook_bench_upload';
  const database = await createBenchDatabase(name);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'photobook-upload-'));
  const storage = await mediaStorageEnv();
  const env: NodeJS.ProcessEnv = { ...process.env, ...storage.env, DATABASE_URL: database.url, DATA_DIR: dataDir, LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: '0', WORKER: '0' };
  const fixture = path.join(dataDir, 'theme.json');
  writeFileSync(fixture, JSON.stringify({ themes: [{ id: 1, name: 'Benchmark', approved: true }] }));
  photobook(['seed', '--file', fixture], env);
  photobook(['create-admin', '--email', 'bench@example.com'], env);
  const token = photobook(['issue-token', '--email', 'bench@example.com'], env);

  const child = spawn(process.execPath, [...profileFlags(), BINARY, 'serve'], { env: { ...env, LOG_LEVEL: 'info' }, stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /"port":(\d+).*"msg":"listening"/.exec(output);
      if (match) resolve(Number(match[1]));
    });
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    const image = await twelveMegapixelJpeg();
    const metadata = await sharp(image).metadata();
    console.log(`image: ${metadata.width}x${metadata.height} JPEG, ${(image.length / 1024 / 1024).toFixed(1)} MB`);
    console.log(`media storage: ${env.MEDIA_STORAGE === 's3' ? `s3 at ${env.S3_ENDPOINT ?? 'AWS'}` : 'disk'}`);
    console.log(`load average: ${os.loadavg().map((load) => load.toFixed(2)).join(' ')}`);
    const served = await upload(base, token, image);
    await sharpAlone(image, dataDir);
    // Interleaved, so that both see the same moments of a shared machine.
    // CPU time as well as wall time: on a shared machine the wall clock waits for other people's work, CPU time does not.
    const times: number[] = [];
    const ceiling: number[] = [];
    let serverCpu = 0;
    let ceilingCpu = 0;
    for (let run = 0; run < 5; run += 1) {
      const ownCpu = process.cpuUsage();
      ceiling.push(await sharpAlone(image, dataDir));
      const used = process.cpuUsage(ownCpu);
      ceilingCpu += (used.user + used.system) / 1000;
      const serverCpuBefore = cpuMilliseconds(child.pid!);
      times.push(await uploadOnce(base, token, image));
      serverCpu += cpuMilliseconds(child.pid!) - serverCpuBefore;
    }
    console.log(`one upload, time to 201: ${summary(times)} over 5 runs`);
    console.log(`sharp alone (ceiling):   ${summary(ceiling)} over 5 runs, interleaved with the uploads`);
    console.log(`upload / ceiling: ${(median(times) / median(ceiling)).toFixed(2)}x (target at most 1.2x)`);
    console.log(`CPU per upload: server ${(serverCpu / 5).toFixed(0)} ms, sharp alone ${(ceilingCpu / 5).toFixed(0)} ms: ${(serverCpu / ceilingCpu).toFixed(2)}x`);
    const refused: number[] = [];
    const refusedCpuBefore = cpuMilliseconds(child.pid!);
    for (let run = 0; run < 5; run += 1) refused.push(await refusedOnce(base, token, image));
    const refusedCpu = (cpuMilliseconds(child.pid!) - refusedCpuBefore) / 5;
    console.log(`the request alone (same body refused by validation once received, no image work): ${summary(refused)}, server CPU ${refusedCpu.toFixed(0)} ms`);
    console.log(`upload / (ceiling + the request alone): ${(median(times) / (median(ceiling) + median(refused))).toFixed(2)}x wall, `
      + `${(serverCpu / 5 / (ceilingCpu / 5 + refusedCpu)).toFixed(2)}x CPU`);

    const ceilingStarted = Date.now();
    await Promise.all(Array.from({ length: 10 }, () => sharpAlone(image, dataDir)));
    const ceilingConcurrent = Date.now() - ceilingStarted;
    const idle = residentKilobytes(child.pid!, 'VmRSS');
    let peak = idle;
    const sampler = setInterval(() => {
      peak = Math.max(peak, residentKilobytes(child.pid!, 'VmRSS'));
    }, 10);
    const started = Date.now();
    const concurrent = await Promise.all(Array.from({ length: 10 }, () => uploadOnce(base, token, image)));
    clearInterval(sampler);
    console.log(`ten concurrent uploads: all 201 in ${Date.now() - started} ms (slowest ${Math.max(...concurrent).toFixed(0)} ms); sharp alone, ten at once: ${ceilingConcurrent} ms`);
    console.log(`load average: ${os.loadavg().map((load) => load.toFixed(2)).join(' ')}`);
    console.log(`GET /media, the 1200 px derivative: ${await servingTimes(`${base}${served.path}_md.jpg`, 30)}`);
    console.log(`GET /media, the original:           ${await servingTimes(`${base}${served.path}`, 30)}`);
    console.log(`server resident memory: ${(idle / 1024).toFixed(0)} MB before, peak ${(peak / 1024).toFixed(0)} MB during (sampled every 10 ms); process high-water mark ${(residentKilobytes(child.pid!, 'VmHWM') / 1024).toFixed(0)} MB`);
  } finally {
    // Waited for: a CPU profile (BENCH_CPU_PROF) is written as the server exits.
    await new Promise((resolve) => {
      child.once('exit', resolve);
      child.kill('SIGTERM');
    });
    await storage.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
