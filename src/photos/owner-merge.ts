// A visitor's photos follow it into the account it logs in to (docs/api.md, "Shoppers' photos"), with its folders
// and its cameras (devices).
import type { Transaction } from '../db/database';
import type { StoredFileDeletions } from '../file-deletions/stored-file-deletions';
import { createAnalysisRepository } from './analysis/repository';
import { filesOfPhoto } from './owner-removal';
import { createPhotosRepository } from './repository';

/** What the move did: the photos moved, and the visitor's copies that gave way to the account's photo of the same bytes. */
export interface MovedPhotos {
  moved: number;
  replaced: { ids: number[]; sameAs: number[] };
}

/**
 * In tx (the login's): moves the visitor's photos and folders to the account. A photo the account already has (the
 * same bytes) stays the account's, which joins the visitor's copy's folders; that copy's files are recorded for
 * deletion (the delete-stored-files job enqueued in tx deletes them once it commits), and the caller re-points the
 * visitor's books at the account's photo.
 */
export async function movePhotosInto(tx: Transaction, deletions: StoredFileDeletions, visitorId: number, userId: number): Promise<MovedPhotos> {
  const photos = createPhotosRepository(tx.sql);
  // The account's uploads and processing take turns with the move, as with each other.
  await photos.lockOwner(visitorId);
  await photos.lockOwner(userId);
  const same = await photos.sameBytesOf(visitorId, userId);
  const replaced = { ids: same.map((copy) => copy.id), sameAs: same.map((copy) => copy.sameAs) };
  if (same.length > 0) {
    await photos.replaceBy(replaced.ids, replaced.sameAs, same.map((copy) => copy.visible));
    await deletions.record(tx, same.flatMap(filesOfPhoto), 'private');
  }
  const moved = await photos.moveOwned(visitorId, userId);
  // The cameras the photos came from, with the clock offsets the visitor set (analysis/repository.ts).
  await createAnalysisRepository(tx.sql).moveDevices(visitorId, userId);
  return { moved, replaced };
}
