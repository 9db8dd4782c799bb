// Deleting a user without losing the shop's records: orders, deliveries and payments keep pointing at the user's
// row (the database refuses to delete it while they exist), so the row is anonymised instead.
import type { Database } from '../db/database';

/**
 * Removes everything personal: e-mail, name, the login identities with their provider profiles (a later login
 * through the same provider makes a new user), and every token (the token version moves on). False when there
 * is no such user or it was already deleted.
 */
export async function deleteUser(db: Database, userId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const { rowCount } = await tx.sql.query(
      `UPDATE users SET email = NULL, name = '', deleted_at = now(), token_version = token_version + 1
       WHERE id = $1 AND deleted_at IS NULL`,
      [userId],
    );
    if (rowCount === 0) return false;
    await tx.sql.query('DELETE FROM user_identities WHERE user_id = $1', [userId]);
    return true;
  });
}
