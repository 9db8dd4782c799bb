// Media on the local disk under DATA_DIR/media, served by this service at /media/; or a private area (print files)
// that has no public URL at all.
import { createWriteStream } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { randomUUID } from 'node:crypto';
import {
  LIST_PAGE_SIZE, type ListedFile, type MediaStorage, type StoredFileFacts, assertMediaKey, MediaNotFoundError, publicUrlOf,
} from './storage';

// A key that names a folder, or a folder in place of one of its parents, holds no file either.
const NO_SUCH_FILE = new Set(['ENOENT', 'EISDIR', 'ENOTDIR']);
const noSuchFile = (error: unknown) => NO_SUCH_FILE.has((error as { code?: string }).code ?? '');

/**
 * Files are replaced only by a rename (see put), so each new content is a new inode: with its size and modification
 * time that tells two contents apart even when both were written within one millisecond.
 */
function factsOf(info: { ino: number; size: number; mtimeMs: number; mtime: Date }): StoredFileFacts {
  const tag = [info.ino, info.size, Math.floor(info.mtimeMs)].map((part) => part.toString(16)).join('-');
  return { size: info.size, etag: `"${tag}"`, lastModified: info.mtime };
}

/** publicBase: where the files are served (`<publicBase>/<key>`); null for a private area, never served. */
export function createLocalDiskStorage(root: string, publicBase: string | null): MediaStorage {
  const absoluteRoot = path.resolve(root);
  const fileOf = (key: string): string => {
    assertMediaKey(key);
    const file = path.resolve(absoluteRoot, key);
    // The key pattern already forbids "..": this is the second lock on the same door.
    if (!file.startsWith(absoluteRoot + path.sep)) throw new Error(`media key "${key}" escapes the media folder`);
    return file;
  };
  return {
    async put(key, data) {
      const file = fileOf(key);
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
    async read(key) {
      return readFile(fileOf(key)).catch((error: unknown) => {
        throw noSuchFile(error) ? new MediaNotFoundError(`no media file "${key}"`) : error;
      });
    },
    async stat(key) {
      const info = await stat(fileOf(key)).catch((error: unknown) => {
        if (noSuchFile(error)) return undefined;
        throw error;
      });
      return info?.isFile() ? factsOf(info) : undefined;
    },
    async open(key, range) {
      // The handle, not the name, is read: a file replaced or deleted after this point is still read whole.
      const handle = await open(fileOf(key), 'r').catch((error: unknown) => {
        if (noSuchFile(error)) return undefined;
        throw error;
      });
      if (!handle) return undefined;
      try {
        const info = await handle.stat();
        if (!info.isFile()) {
          await handle.close();
          return undefined;
        }
        return { ...factsOf(info), body: handle.createReadStream({ start: range?.start, end: range?.end }) };
      } catch (error) {
        await handle.close();
        throw error;
      }
    },
    publicUrl: (key) => publicUrlOf(publicBase, key),
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
    async *list(prefix) {
      // The folder the prefix names (or its last segment starts): every file below it, as keys.
      const folder = path.join(absoluteRoot, prefix.endsWith('/') ? prefix : path.posix.dirname(prefix));
      const names = await readdir(folder, { recursive: true }).catch((error: unknown) => {
        if (noSuchFile(error)) return [];
        throw error;
      });
      let page: ListedFile[] = [];
      for (const name of names) {
        const file = path.join(folder, name);
        const key = path.relative(absoluteRoot, file).split(path.sep).join('/');
        if (!key.startsWith(prefix)) continue;
        // Gone since the folder was read, or a folder: not a file to list.
        const info = await stat(file).catch(() => undefined);
        if (!info?.isFile()) continue;
        page.push({ key, lastModified: info.mtime });
        if (page.length === LIST_PAGE_SIZE) {
          yield page;
          page = [];
        }
      }
      if (page.length > 0) yield page;
    },
  };
}
