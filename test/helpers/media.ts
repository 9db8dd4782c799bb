// What a runtime's public media area holds, read from the storage itself (the folder on disk, or the S3 server's
// memory), never through the service's own storage code: a test of "no file left behind" must not trust it.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { S3_PREFIXES } from '../../src/media/open-storages';
import type { TestRuntime } from './runtime';

export type FileArea = 'media' | 'private';

/** The keys of an area (public media, or private print files) under a folder ("products/3/", or "" for all), sorted. */
export async function storedKeys(runtime: TestRuntime, prefix = '', area: FileArea = 'media'): Promise<string[]> {
  if (runtime.config.media.storage.kind === 's3') {
    if (!runtime.s3) throw new Error('a runtime on S3 without its test server: list the server itself');
    const areaPrefix = S3_PREFIXES[area];
    return (await runtime.s3.keys()).filter((key) => key.startsWith(areaPrefix + prefix)).map((key) => key.slice(areaPrefix.length));
  }
  return storedKeysOnDisk(path.join(runtime.config.dataDir, area), prefix);
}

/** The files under the folder root/prefix as keys relative to root, sorted. */
export function storedKeysOnDisk(root: string, prefix = ''): string[] {
  const folder = path.join(root, prefix);
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .map((name) => path.join(folder, name))
    .filter((file) => statSync(file).isFile())
    .map((file) => path.relative(root, file).split(path.sep).join('/'))
    .sort();
}

/** The file names directly in a folder of an area, sorted (as `ls` would show them). */
export async function mediaFolder(runtime: TestRuntime, folder: string, area: FileArea = 'media'): Promise<string[]> {
  const prefix = `${folder.replace(/\/+$/, '')}/`;
  return (await storedKeys(runtime, prefix, area)).map((key) => key.slice(prefix.length)).filter((name) => !name.includes('/'));
}

export async function mediaExists(runtime: TestRuntime, key: string): Promise<boolean> {
  if (runtime.config.media.storage.kind === 's3') return (await storedKeys(runtime, key)).includes(key);
  return existsSync(path.join(runtime.config.dataDir, 'media', key));
}
