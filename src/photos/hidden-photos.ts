// Photos hidden from their library (destroy_many) keep their files only while a book on its way to print needs them:
// the retention sweep removes the others, rows and files (docs/api.md, "Shoppers' photos").
import type { Database } from '../db/database';
import type { StoredFileDeletions } from '../file-deletions/stored-file-deletions';
import { createAnalysisRepository } from './analysis/repository';
import { createHiddenPhotosRepository } from './hidden-photos-repository';
import { filesOfPhoto } from './owner-removal';

/** Photos looked at per transaction: each batch reads every layout's jsonb once. */
const BATCH = 500;

export interface ReleasedPhotos {
  /** Hidden photos looked at. */
  hidden: number;
  /** Of those, removed with their files. */
  removed: number;
}

/**
 * Removes the photos hidden for longer than graceSeconds that no book on its way to print names (an order confirmed
 * and not yet delivered or cancelled), and deletes their files through the outbox of deletions. A book not ordered
 * that names one shows its block empty from then on.
 */
export async function releaseHiddenPhotos(db: Database, deletions: StoredFileDeletions, graceSeconds: number): Promise<ReleasedPhotos> {
  const hiddenBefore = new Date(Date.now() - graceSeconds * 1000);
  const released: ReleasedPhotos = { hidden: 0, removed: 0 };
  for (let after = 0; ;) {
    const batch = await createHiddenPhotosRepository(db.sql).hiddenSince(hiddenBefore, after, BATCH);
    if (batch.length === 0) return released;
    const ids = batch.map((photo) => photo.id);
    const { removed, recorded } = await db.transaction(async (tx) => {
      const photos = createHiddenPhotosRepository(tx.sql);
      await photos.lockOwnersAndLayouts(batch.map((photo) => photo.ownerId), ids);
      // A statement after the locks: it sees every order confirmed before them.
      const keys = await photos.deleteUnneeded(ids);
      // Their analyses went with them (ON DELETE CASCADE); their devices follow (analysis/repository.ts).
      if (keys.length > 0) await createAnalysisRepository(tx.sql).afterPhotosDeleted([...new Set(batch.map((photo) => photo.ownerId))]);
      return { removed: keys.length, recorded: await deletions.record(tx, keys.flatMap(filesOfPhoto), 'private') };
    });
    await deletions.deleteSoon(recorded);
    released.removed += removed;
    released.hidden += batch.length;
    after = ids[ids.length - 1];
  }
}
