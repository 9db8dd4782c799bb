// The embedded database has one owner: the process that opened its folder holds <folder>.lock with its pid.
// PGlite runs inside that process; a second process opening the same folder would not see the first one's
// writes and could lose its own, so every other command stops with one line saying who holds the folder.
import { linkSync, readFileSync, renameSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { isRunning } from '../util/process-running';

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

function contentOf(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/**
 * Takes the lock of folder for this process, or throws DataFolderLockedError naming the running holder. A lock
 * left by a process that is gone (a crash, a kill) is taken over. Returns the release.
 */
export function lockDataFolder(folder: string, command: string): () => void {
  const lockFile = `${folder}.lock`;
  const mine: LockHolder = { pid: process.pid, command, since: new Date().toISOString() };
  // Written in full under a name of our own, then linked to the lock's name: the link is created only if the name is
  // free, atomically, so two starting processes cannot both succeed and no one ever reads a half-written lock.
  const draft = `${lockFile}.${process.pid}`;
  writeFileSync(draft, JSON.stringify(mine), { mode: 0o644 });
  try {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      try {
        linkSync(draft, lockFile);
        return () => {
          if (holderOf(lockFile)?.pid === process.pid) unlinkSync(lockFile);
        };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const seen = contentOf(lockFile);
      const holder = holderOf(lockFile);
      if (holder && holder.pid !== process.pid && isRunning(holder.pid)) {
        throw new DataFolderLockedError(
          `the embedded database ${folder} is in use by process ${holder.pid} (photobook ${holder.command}, since ${holder.since}): `
          + `stop that process and run this command again, or use a PostgreSQL server (DATABASE_URL) to run several at once`);
      }
      // The holder is gone: its lock is stale. It is moved aside (a rename is atomic: of several processes doing this
      // at once, one moves it), and put back if what was moved is not the file judged stale but a fresh lock that
      // another process linked meanwhile.
      const aside = `${lockFile}.stale.${process.pid}`;
      try {
        renameSync(lockFile, aside);
      } catch {
        continue;
      }
      if (contentOf(aside) !== seen) {
        try {
          linkSync(aside, lockFile);
        } catch {
          // A third process has linked its own lock since: it holds the folder, and this attempt will see it.
        }
      }
      rmSync(aside, { force: true });
    }
  } finally {
    rmSync(draft, { force: true });
  }
  throw new DataFolderLockedError(`could not take the lock ${lockFile}: another process keeps taking it`);
}
