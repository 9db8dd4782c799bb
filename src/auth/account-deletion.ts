// Deleting a user without losing the shop's records: orders, deliveries and payments keep pointing at the user's
// row (the database refuses to delete it while they exist), so the row is anonymised instead.
import type { Database } from '../db/database';
import { removePhotosOf } from '../photos/owner-removal';
import type { StoredFileDeletions } from '../file-deletions/stored-file-deletions';
import { createIdentitiesRepository } from './identities-repository';
import { createUsersRepository } from './users-repository';

/**
 * Removes everything personal: e-mail, name, the login identities with their provider profiles (a later login
 * through the same provider makes a new user), every token (the token version moves on), and the photo library with
 * its files (but the photos a book an order holds names: the order still prints them). False when there is no such
 * user or it was already deleted.
 */
export async function deleteUser(db: Database, userId: number, deletions: StoredFileDeletions): Promise<boolean> {
  const removed = await db.transaction(async (tx) => {
    if (!(await createUsersRepository(tx.sql).anonymise(userId))) return undefined;
    await createIdentitiesRepository(tx.sql).deleteOf(userId);
    return removePhotosOf(tx, deletions, userId);
  });
  if (!removed) return false;
  await deletions.deleteSoon(removed);
  return true;
}
