// Run by heic-memory.test.ts in a process of its own, without --expose-gc: processes the 150 MP HEIC once, after a
// small one (so that sharp, libheif and the worker's loader are loaded before the baseline), and prints the process's
// resident memory before, at its peak and a second after, in MiB, as one JSON line.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { processPhoto } from '../../src/photos/processing';

const fixture = (name: string) => readFileSync(path.join(__dirname, 'fixtures', name));
const OPTIONS = { maxPixels: 150_000_000, uploadTime: new Date('2026-01-02T03:04:05Z') };
const rssMib = () => process.memoryUsage().rss / 2 ** 20;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main() {
  await processPhoto(fixture('flat-4000x3000.heic'), OPTIONS);
  await pause(500);
  const before = rssMib();
  let peak = before;
  const sampler = setInterval(() => { peak = Math.max(peak, rssMib()); }, 20);
  const processed = await processPhoto(fixture('gradient-12247x12247.heic'), OPTIONS);
  clearInterval(sampler);
  await pause(1000);
  console.log(JSON.stringify({ width: processed.width, height: processed.height, before, peak, after: rssMib() }));
}

void main();
