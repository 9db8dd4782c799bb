// Shoppers' photos (issue 30): N distinct 12-megapixel JPEGs uploaded by 3 concurrent clients (the front end's limit)
// to `photobook serve`, timed until every photo_uploaded arrived over /photos/ws, beside sharp alone doing the same work,
// and processing with its analysis (faces, sharpness, exposure, colours: issue 51) beside it, with the face model's
// memory (loaded once per process).
// `npm run bench:photos [-- --count N --megapixels M --postgres]`
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import WebSocket from 'ws';
import { processPhoto as processPhotoJob } from '../src/jobs/process-photo';
import { analysePhoto } from '../src/photos/analysis/analysis';
import { processFaceDetector } from '../src/photos/analysis/face-detector';
import { processPhoto } from '../src/photos/processing';
import { JOBS_AT_ONCE } from '../src/queue/queue';
import { createBenchDatabase } from './database';
import { photobook, serve } from './photobook-process';

/** The front end uploads at most this many files at once. */
const CLIENTS = 3;
const TARGET_RATIO = 1.3;
/** Processing with the analysis against processing alone (issue 51). */
const ANALYSIS_TARGET_RATIO = 1.5;
/** The worker's image work at once: the process-photo jobs it runs at once, each waiting for one of IMAGE_CONCURRENCY (2). */
const IMAGE_CONCURRENCY = Number(process.env.IMAGE_CONCURRENCY ?? 2);
const WORKER_CONCURRENCY = Math.min(processPhotoJob.atOnce ?? JOBS_AT_ONCE, IMAGE_CONCURRENCY);
const MAX_PIXELS = 150_000_000;
/** The kernel's USER_HZ, in which /proc/<pid>/stat counts CPU time: 100 on Linux. */
const CLOCK_TICKS_PER_SECOND = 100;

const { values: args } = parseArgs({
  options: { count: { type: 'string', default: '100' }, megapixels: { type: 'string', default: '12' }, postgres: { type: 'boolean', default: false } },
});
const COUNT = Number(args.count);
const WIDTH = Math.round(Math.sqrt((Number(args.megapixels) * 1e6 * 4) / 3));
const HEIGHT = Math.round((WIDTH * 3) / 4);

/** Photo-like files: a small random field enlarged (smooth shapes, as a photo's, and every file different), plus grain. */
async function makePhotos(folder: string): Promise<string[]> {
  const files: string[] = [];
  // One grain for every file (made once: it is most of the making's time); the fields make them distinct.
  const grain = await sharp({ create: { width: WIDTH, height: HEIGHT, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 6 } } }).png({ compressionLevel: 0 }).toBuffer();
  for (let index = 0; index < COUNT; index += 1) {
    const field = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } } }).png().toBuffer();
    const file = path.join(folder, `photo-${index}.jpg`);
    await sharp(field).resize(WIDTH, HEIGHT, { kernel: 'cubic' })
      .composite([{ input: grain, blend: 'overlay' }]).jpeg({ quality: 90 }).toFile(file);
    files.push(file);
  }
  return files;
}

/** Runs work(item) over items, `at` at a time. */
async function pool<T>(items: T[], at: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: at }, async () => {
    while (next < items.length) await work(items[next++]);
  }));
}

/** Wall and CPU seconds (user + system, every thread) of a piece of work. */
interface Spent { seconds: number; cpuSeconds: number }

/**
 * Sharp alone in this process: read each file and process it as the process-photo job does, as many at once; with
 * `analysed`, the job's analysis too (faces in the detector's worker thread, sharpness, exposure, colours: issue 51).
 */
async function sharpAlone(files: string[], analysed = false): Promise<Spent> {
  const started = performance.now();
  const cpu = process.cpuUsage();
  await pool(files, WORKER_CONCURRENCY, async (file) => {
    const original = await readFile(file);
    const processed = await processPhoto(original, { maxPixels: MAX_PIXELS, uploadTime: new Date() });
    // As the job does: the analysis reads the copy processing made of the master (small-copy.ts).
    if (analysed) await analysePhoto(processed.picture, original, processFaceDetector());
  });
  const used = process.cpuUsage(cpu);
  return { seconds: (performance.now() - started) / 1000, cpuSeconds: (used.user + used.system) / 1e6 };
}

/**
 * CPU seconds (user + system, every thread) a process has used so far: on a machine shared with other work, what a
 * run costs is steadier than how long it took.
 */
function cpuSecondsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
  // utime and stime are the 14th and 15th fields of the line, the 12th and 13th after the command's name.
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
}

/** Kilobytes of a /proc/<pid>/status field (VmHWM: peak resident memory). */
function statusKb(pid: number, field: string): number {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) : NaN;
}

/** The face model loaded in this process (its worker thread) with one small photo: how long, and the memory it took. */
async function loadedModel(): Promise<{ seconds: number; residentMb: number }> {
  const rss = process.memoryUsage().rss;
  const started = performance.now();
  const warm = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#808080' } }).raw().toBuffer();
  await processFaceDetector().detect(warm, 64, 64);
  return { seconds: (performance.now() - started) / 1000, residentMb: (process.memoryUsage().rss - rss) / 1e6 };
}

interface ServiceRun extends Spent { uploadSeconds: number; peakMb: number; failed: number }

async function service(files: string[]): Promise<ServiceRun> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'photobook-bench-photos-'));
  const env: Record<string, string> = { DATA_DIR: dataDir };
  delete process.env.DATABASE_URL;
  if (args.postgres) {
    env.DATABASE_URL = (await createBenchDatabase('photobook_bench_photos')).url;
  }
  try {
    photobook(['create-user', '--email', 'shopper@example.com'], env);
    const token = photobook(['issue-token', '--email', 'shopper@example.com'], env);
    const { child, url } = await serve(env);
    try {
      const socket = new WebSocket(`${url.replace('http', 'ws')}/photos/ws?jwt=${token}`);
      await new Promise((resolve, reject) => { socket.once('open', resolve); socket.once('error', reject); });
      const uploaded = new Set<number>();
      let failed = 0;
      let started = 0;
      const allArrived = new Promise<number>((resolve) => {
        socket.on('message', (data) => {
          const frame = JSON.parse(data.toString()) as { cmd: string; payload: { photo_id?: number } | number };
          if (frame.cmd === 'fail_upload_photo') failed += 1;
          else if (frame.cmd === 'photo_uploaded' && typeof frame.payload === 'object') uploaded.add(frame.payload.photo_id!);
          if (uploaded.size + failed === files.length) resolve(performance.now());
        });
      });
      started = performance.now();
      const cpuBefore = cpuSecondsOf(child.pid!);
      await pool(files, CLIENTS, async (file) => {
        const form = new FormData();
        form.append('files', new Blob([await readFile(file)], { type: 'image/jpeg' }), path.basename(file));
        const answer = await fetch(`${url}/api/or/photo/`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form });
        if (answer.status !== 200) throw new Error(`upload ${file}: ${answer.status} ${await answer.text()}`);
      });
      const uploadSeconds = (performance.now() - started) / 1000;
      const seconds = ((await allArrived) - started) / 1000;
      const cpuSeconds = cpuSecondsOf(child.pid!) - cpuBefore;
      const peakMb = statusKb(child.pid!, 'VmHWM') / 1024;
      socket.close();
      return { seconds, cpuSeconds, uploadSeconds, peakMb, failed };
    } finally {
      await new Promise<void>((resolve) => { child.once('exit', () => resolve()); child.kill('SIGTERM'); });
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'photobook-bench-photo-files-'));
  try {
    const files = await makePhotos(folder);
    const megabytes = files.reduce((sum, file) => sum + readFileSync(file).length, 0) / files.length / 1e6;
    console.log(`${COUNT} JPEGs of ${WIDTH}x${HEIGHT} (${megabytes.toFixed(1)} MB each), ${CLIENTS} clients, database ${args.postgres ? 'PostgreSQL server' : 'PGlite'}; load average ${os.loadavg()[0].toFixed(1)}`);
    const before = await sharpAlone(files);
    const model = await loadedModel();
    const analysed = await sharpAlone(files, true);
    const run = await service(files);
    const after = await sharpAlone(files);
    const ceiling = (before.seconds + after.seconds) / 2;
    const analysisRatio = analysed.seconds / ceiling;
    const ratio = run.seconds / ceiling;
    const cpuRatio = run.cpuSeconds / ((before.cpuSeconds + after.cpuSeconds) / 2);
    const row = (name: string, spent: Spent, ratios = ' | ') => `| ${name} | ${spent.seconds.toFixed(2)} | ${((spent.seconds * 1000) / COUNT).toFixed(0)} | ${spent.cpuSeconds.toFixed(2)} |${ratios}|`;
    console.log('| run | s | per photo ms | CPU s | / sharp alone (wall) | / sharp alone (CPU) |');
    console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
    console.log(row(`sharp alone, ${WORKER_CONCURRENCY} at once, before`, before));
    console.log(row('service: first upload to last photo_uploaded', run,
      ` ${ratio.toFixed(2)}x (target ${TARGET_RATIO}x: ${ratio <= TARGET_RATIO ? 'met' : 'not met'}) | ${cpuRatio.toFixed(2)}x `));
    console.log(row(`sharp alone, ${WORKER_CONCURRENCY} at once, after`, after));
    console.log(row(`processing with analysis, ${WORKER_CONCURRENCY} at once`, analysed,
      ` ${analysisRatio.toFixed(2)}x (target ${ANALYSIS_TARGET_RATIO}x: ${analysisRatio <= ANALYSIS_TARGET_RATIO ? 'met' : 'not met'}) | ${(analysed.cpuSeconds / ((before.cpuSeconds + after.cpuSeconds) / 2)).toFixed(2)}x `));
    console.log(`face model: loaded once per process in ${model.seconds.toFixed(2)} s (first photo included), resident memory +${model.residentMb.toFixed(0)} MB`);
    console.log(`uploads answered after ${run.uploadSeconds.toFixed(2)} s; fail_upload_photo ${run.failed}; service peak resident memory (VmHWM) ${run.peakMb.toFixed(0)} MB; load average ${os.loadavg()[0].toFixed(1)}`);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

main().then(() => process.exit(0), (error) => {
  console.error(error);
  process.exit(1);
});
