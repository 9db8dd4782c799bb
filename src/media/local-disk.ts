// Media on the local disk under DATA_DIR/media, served by this service at /media/; or a private area (print files)
// that has no public URL at all.
import { createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { randomUUID } from 'node:crypto';
import { type MediaStorage, assertMediaKey, isValidMediaKey } from './storage';

export interface LocalDiskStorage extends MediaStorage {
  readonly root: string;
  /** The file of a key, or undefined when the key is not one this storage could hold. */
  fileOf(key: string): string | undefined;
}

/** publicBaseUrl null: a private area, never served, whose files have no public URL. */
export function createLocalDiskStorage(root: string, publicBaseUrl: string | null): LocalDiskStorage {
  const absoluteRoot = path.resolve(root);
  const fileOf = (key: string): string | undefined => {
    if (!isValidMediaKey(key)) return undefined;
    const file = path.resolve(absoluteRoot, key);
    // The key pattern already forbids "..": this is the second lock on the same door.
    return file.startsWith(absoluteRoot + path.sep) ? file : undefined;
  };
  const requireFile = (key: string): string => {
    assertMediaKey(key);
    const file = fileOf(key);
    if (!file) throw new Error(`media key "${key}" escapes the media folder`);
    return file;
  };
  return {
    root: absoluteRoot,
    fileOf,
    async put(key, data) {
      const file = requireFile(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Written under a temporary name and renamed, so a reader never sees half a file.
      const partial = `${file}.${randomUUID()}.partial`;
      try {
        if (data instanceof Readable) await pipeline(data, createWriteStream(partial));
        else await writeFile(partial, data);
        await rename(partial, file);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
    },
    read: (key) => readFile(requireFile(key)),
    publicUrl(key) {
      assertMediaKey(key);
      if (publicBaseUrl === null) throw new Error(`"${key}" is in a private area: it has no public URL`);
      return `${publicBaseUrl}/media/${key}`;
    },
    async delete(key) {
      await rm(requireFile(key), { force: true });
    },
  };
}
