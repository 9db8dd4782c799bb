// Deleting a user without losing the shop's records: orders, deliveries and payments keep pointing at the user's
// row (the database refuses to delete it while they exist), so the row is anonymised instead.
import type { Database } from '../db/database';
import { createIdentitiesRepository } from './identities-repository';
import { createUsersRepository } from './users-repository';

/**
 * Removes everything personal: e-mail, name, the login identities with their provider profiles (a later login
 * through the same provider makes a new user), and every token (the token version moves on). False when there
 * is no such user or it was already deleted.
 */
export async function deleteUser(db: Database, userId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await createUsersRepository(tx.sql).anonymise(userId))) return false;
    await createIdentitiesRepository(tx.sql).deleteOf(userId);
    return true;
  });
}
