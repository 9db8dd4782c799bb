// DATA_DIR is checked before anything uses it: created if missing, and written to once, so a folder that cannot be
// used stops the command with one line saying why, not with a stack trace from deep inside the database.
import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, rmSync, statSync, writeSync } from 'node:fs';
import path from 'node:path';

export class DataFolderError extends Error {}

function reason(error: unknown): string {
  const { code, message } = error as NodeJS.ErrnoException;
  switch (code) {
    case 'EACCES':
    case 'EPERM': return 'permission denied';
    case 'EROFS': return 'the filesystem is read-only';
    case 'ENOTDIR':
    case 'EEXIST': return 'a file is in the way';
    case 'ENOSPC': return 'no space left on the device';
    // /proc, /sys and the like: they exist, but hold no files of ours.
    default: return `the filesystem cannot hold its files (${code ?? message})`;
  }
}

/**
 * Creates dir (and its missing parents) one level at a time: Node's recursive mkdir loops forever, at full CPU and
 * deaf to signals, under a filesystem such as /proc that answers ENOENT for a folder whose parent exists.
 */
function createFolder(dir: string): void {
  const missing: string[] = [];
  let existing = dir;
  for (; !existsSync(existing) && path.dirname(existing) !== existing; existing = path.dirname(existing)) missing.unshift(existing);
  if (missing.length > 0 && !statSync(existing).isDirectory()) throw new DataFolderError(`DATA_DIR ${dir} cannot be created: ${existing} is a file`);
  for (const folder of missing) {
    try {
      mkdirSync(folder);
    } catch (error) {
      throw new DataFolderError(`DATA_DIR ${dir} cannot be created: ${reason(error)} at ${folder}`);
    }
  }
}

/** Makes sure dir is a folder this process can write to (and sync: a database needs both), or throws naming DATA_DIR. */
export function prepareDataFolder(dir: string): void {
  createFolder(dir);
  let isFolder = false;
  try {
    isFolder = statSync(dir).isDirectory();
  } catch (error) {
    throw new DataFolderError(`DATA_DIR ${dir} cannot be used: ${reason(error)}`);
  }
  if (!isFolder) throw new DataFolderError(`DATA_DIR ${dir} is a file, not a folder`);
  const probe = path.join(dir, `.write-check-${process.pid}`);
  try {
    const fd = openSync(probe, 'w');
    try {
      writeSync(fd, 'photobook');
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch (error) {
    throw new DataFolderError(`DATA_DIR ${dir} cannot be written: ${reason(error)}`);
  } finally {
    rmSync(probe, { force: true });
  }
}
