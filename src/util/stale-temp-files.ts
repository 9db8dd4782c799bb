// The service's own files and folders in the system's temporary folder (a HEIC decoded to PNG, print files before they
// are stored) are removed by the code that made them; a process that crashes meanwhile leaves them behind. So the
// first time a process makes one of a kind (a name prefix), it removes those of that kind older than a day: no decode
// or render takes that long, so none of them is still in use by another process of the machine.
import { readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

export const STALE_AFTER_MS = 24 * 60 * 60 * 1000;

const swept = new Map<string, Promise<number>>();

/** Removes the temporary entries named prefix* older than STALE_AFTER_MS; how many. Never throws. */
export async function removeStaleTempEntries(prefix: string, folder = os.tmpdir(), now = Date.now()): Promise<number> {
  let removed = 0;
  const names = await readdir(folder).catch(() => [] as string[]);
  for (const name of names.filter((candidate) => candidate.startsWith(prefix))) {
    const entry = path.join(folder, name);
    const modified = await stat(entry).then((stats) => stats.mtimeMs, () => undefined);
    if (modified === undefined || now - modified < STALE_AFTER_MS) continue;
    if (await rm(entry, { recursive: true, force: true }).then(() => true, () => false)) removed += 1;
  }
  return removed;
}

/** removeStaleTempEntries once per process and prefix (later calls share the first one's work). */
export function removeStaleTempEntriesOnce(prefix: string): Promise<number> {
  let sweep = swept.get(prefix);
  if (!sweep) swept.set(prefix, (sweep = removeStaleTempEntries(prefix)));
  return sweep;
}
