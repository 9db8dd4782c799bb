// The embedded database has one owner: the process that opened its folder holds <folder>.lock with its pid.
// PGlite runs inside that process; a second process opening the same folder would not see the first one's
// writes and could lose its own, so every other command stops with one line saying who holds the folder.
import { openSync, readFileSync, unlinkSync, writeSync, closeSync } from 'node:fs';

export class DataFolderLockedError extends Error {}

interface LockHolder {
  pid: number;
  command: string;
  since: string;
}

function holderOf(lockFile: string): LockHolder | undefined {
  try {
    const holder = JSON.parse(readFileSync(lockFile, 'utf8')) as LockHolder;
    return Number.isInteger(holder.pid) && holder.pid > 0 ? holder : undefined;
  } catch {
    return undefined;
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes the lock of folder for this process, or throws DataFolderLockedError naming the running holder. A lock
 * left by a process that is gone (a crash, a kill) is taken over. Returns the release.
 */
export function lockDataFolder(folder: string, command: string): () => void {
  const lockFile = `${folder}.lock`;
  const mine: LockHolder = { pid: process.pid, command, since: new Date().toISOString() };
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      // wx: created only if it does not exist, atomically; two starting processes cannot both succeed.
      const descriptor = openSync(lockFile, 'wx', 0o644);
      writeSync(descriptor, JSON.stringify(mine));
      closeSync(descriptor);
      return () => {
        if (holderOf(lockFile)?.pid === process.pid) unlinkSync(lockFile);
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = holderOf(lockFile);
    if (holder && holder.pid !== process.pid && isRunning(holder.pid)) {
      throw new DataFolderLockedError(
        `the embedded database ${folder} is in use by process ${holder.pid} (photobook ${holder.command}, since ${holder.since}): `
        + `stop that process and run this command again, or use a PostgreSQL server (DATABASE_URL) to run several at once`);
    }
    // The holder is gone: its lock is stale. (A half-written file from a crash at start is stale too.)
    unlinkSync(lockFile);
  }
  throw new DataFolderLockedError(`could not take the lock ${lockFile}: another process keeps taking it`);
}
