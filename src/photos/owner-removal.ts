// An owner's photos removed with the owner (account deletion, the purge of idle visitors): rows deleted in the
// caller's transaction, their files recorded in the outbox of deletions, so a storage outage orphans nothing.
import type { Transaction } from '../db/database';
import type { StoredFileDeletions } from '../file-deletions/stored-file-deletions';
import { derivativeKeysOf, masterKeyOf } from './photo-sizes';
import { createPhotosRepository, type PhotoKeys } from './repository';

/**
 * Every file a photo may have in its folder: the original, the first master (stored before any row named it) and
 * the current one (a turned photo's), with the sizes made from each.
 */
export function filesOfPhoto({ originalKey, masterKey }: PhotoKeys): string[] {
  const masters = new Set([masterKeyOf(originalKey), masterKey ?? masterKeyOf(originalKey)]);
  return [originalKey, ...[...masters].flatMap((master) => [master, ...derivativeKeysOf(master)])];
}

/**
 * In tx: deletes the owner's photos (but those an ordered book names) and records their files for deletion; what
 * it returns goes to deletions.deleteSoon once tx has committed.
 */
export async function removePhotosOf(tx: Transaction, deletions: StoredFileDeletions, ownerId: number): Promise<number[]> {
  const originals = await createPhotosRepository(tx.sql).deleteOwnedBy(ownerId);
  return deletions.record(tx, originals.flatMap(filesOfPhoto), 'private');
}
