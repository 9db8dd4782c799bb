// The sweep of stored files no row names: what a crash, a failed clean-up or a write the store completed after the
// service gave up left behind. Only the folders the service itself writes are swept, and only files older than a
// grace period, so a file being written (stored before its row commits) is never taken.
import type { Logger } from 'pino';
import type { Database } from '../db/database';
import { DERIVATIVES } from '../media/images';
import type { ListedFile, MediaStorage } from '../media/storage';
import { createRetentionRepository, type RetentionRepository } from './repository';
import type { StoredFileDeletions } from '../file-deletions/stored-file-deletions';

/** A file younger than this is left alone: uploads, previews and print files are named within seconds of being stored. */
export const SWEEP_GRACE_SECONDS = 24 * 3600;

export interface SweptArea {
  listed: number;
  young: number;
  named: number;
  deleted: number;
  failed: number;
}

export interface SweepReport {
  media: SweptArea;
  private: SweptArea;
  /** Recorded deletions older than the grace period, tried again. */
  leftoverDeletions: { deleted: number; failed: number };
}

/** An image's derivative is named when its original is. */
const originalOf = (key: string) => {
  const derivative = DERIVATIVES.find(({ suffix }) => key.endsWith(suffix));
  return derivative ? key.slice(0, -derivative.suffix.length) : key;
};

/** Of these public media keys, those no row names: theme elements, product previews, layout pages and unplaced content. */
async function unnamedMedia(repository: RetentionRepository, keys: string[]): Promise<string[]> {
  const candidates = await repository.mediaKeysNotNamedByRows(keys, keys.map(originalOf));
  if (candidates.length === 0) return [];
  // Layouts name images inside their jsonb: one pass over them for the few candidates left.
  const namedImages = new Set(await repository.imagesNamedByLayouts([...new Set([...candidates, ...candidates.map(originalOf)])]));
  return candidates.filter((key) => !namedImages.has(key) && !namedImages.has(originalOf(key)));
}

interface Area {
  storage: MediaStorage;
  /** The folders the service writes in this area; nothing else in it is ever touched. */
  prefixes: string[];
  unnamed(repository: RetentionRepository, keys: string[]): Promise<string[]>;
}

async function sweepArea(db: Database, area: Area, olderThan: Date, log: Logger): Promise<SweptArea> {
  const swept: SweptArea = { listed: 0, young: 0, named: 0, deleted: 0, failed: 0 };
  for (const prefix of area.prefixes) {
    for await (const page of area.storage.list(prefix)) {
      swept.listed += page.length;
      const old = page.filter((file: ListedFile) => file.lastModified < olderThan).map((file) => file.key);
      swept.young += page.length - old.length;
      const unnamed = old.length > 0 ? await area.unnamed(createRetentionRepository(db.sql), old) : [];
      swept.named += old.length - unnamed.length;
      for (const key of unnamed) {
        try {
          await area.storage.delete(key);
          swept.deleted += 1;
        } catch (error) {
          swept.failed += 1;
          log.warn({ err: error, key }, 'sweep: an unnamed file could not be deleted; the next sweep tries again');
        }
      }
    }
  }
  return swept;
}

/** Deletes the files no row names and older than graceSeconds, in both areas; tries leftover recorded deletions again. */
export async function sweepUnnamedFiles(deps: {
  db: Database; media: MediaStorage; privateFiles: MediaStorage; deletions: StoredFileDeletions; log: Logger;
}, graceSeconds = SWEEP_GRACE_SECONDS): Promise<SweepReport> {
  const olderThan = new Date(Date.now() - graceSeconds * 1000);
  const { deleted, failed } = await deps.deletions.deleteLeftovers(graceSeconds);
  return {
    // Theme images (themes/<id>/...), product previews (products/<id>/...).
    media: await sweepArea(deps.db, { storage: deps.media, prefixes: ['themes/', 'products/'], unnamed: unnamedMedia }, olderThan, deps.log),
    // Print files (order-sets/<id>/...), shoppers' photos (photos/<uuid>/...) and the start-up check's probes (startup-checks/...).
    private: await sweepArea(deps.db, {
      storage: deps.privateFiles, prefixes: ['order-sets/', 'photos/', 'startup-checks/'], unnamed: (repository, keys) => repository.privateKeysNotNamed(keys),
    }, olderThan, deps.log),
    leftoverDeletions: { deleted, failed },
  };
}
