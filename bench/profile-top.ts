// The functions with the most self time in a V8 .cpuprofile (as written by node --cpu-prof).
// Usage: npm run bench:profile-top -- file.cpuprofile [N]
import { readFileSync } from 'node:fs';
import path from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] }

// Not functions of the program: shown as shares on one line, left out of the ranking.
const SPECIAL = ['(idle)', '(program)', '(garbage collector)'];

/** node_modules/<package> (scoped too), a path relative to the project, or node's own module. */
function shortUrl(url: string): string {
  if (!url) return '';
  const file = url.startsWith('file://') ? decodeURIComponent(new URL(url).pathname) : url;
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file);
  if (inPackage) return inPackage[1];
  if (path.isAbsolute(file)) return path.relative(path.join(__dirname, '..'), file);
  return file;
}

/** Microseconds of self time per function (name and place), summed over the nodes of every call path. */
interface SelfTime { name: string; where: string; time: number }

function selfTimes(profile: Profile): SelfTime[] {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const times = new Map<string, SelfTime>();
  profile.samples.forEach((id, index) => {
    const { functionName, url, lineNumber } = nodes.get(id)!.callFrame;
    const name = functionName || '(anonymous)';
    const where = url ? `${shortUrl(url)}:${lineNumber + 1}` : '';
    const key = `${name}|${where}`;
    const entry = times.get(key) ?? times.set(key, { name, where, time: 0 }).get(key)!;
    entry.time += profile.timeDeltas[index] ?? 0;
  });
  return [...times.values()];
}

function main(): void {
  const [file, count] = process.argv.slice(2);
  if (!file) throw new Error('usage: npm run bench:profile-top -- file.cpuprofile [N]');
  const times = selfTimes(JSON.parse(readFileSync(file, 'utf8')) as Profile);
  const total = times.reduce((sum, entry) => sum + entry.time, 0);
  const share = (time: number) => `${((100 * time) / total).toFixed(1)}%`;
  const special = (name: string) => times.filter((entry) => entry.name === name && !entry.where).reduce((sum, entry) => sum + entry.time, 0);
  console.log(`total ${(total / 1000).toFixed(0)} ms; ${SPECIAL.map((name) => `${name} ${share(special(name))}`).join(', ')}\n`);
  const ranked = times.filter((entry) => entry.where || !SPECIAL.includes(entry.name)).sort((x, y) => y.time - x.time).slice(0, Number(count ?? 30));
  console.log('| self ms | % | function | where |');
  console.log('| ---: | ---: | --- | --- |');
  for (const { name, where, time } of ranked) console.log(`| ${(time / 1000).toFixed(1)} | ${share(time)} | ${name} | ${where} |`);
}

main();
