// Whether a long-lived connection's account still holds as its handshake found it: read again for every editing event,
// and for every open connection when account-change notices may have been missed.
import type { AuthenticatedUser, TokenTerms } from '../auth/token-user';
import type { UsersRepository } from '../auth/users-repository';

/** The user with their role now; undefined when the token no longer holds (deleted, logged out). */
export async function currentUser(
  users: UsersRepository, connection: { user: AuthenticatedUser; terms: TokenTerms },
): Promise<AuthenticatedUser | undefined> {
  const account = await users.findById(connection.user.id);
  if (!account || account.deletedAt !== null || account.tokenVersion !== connection.terms.version) return undefined;
  return { id: account.id, role: account.role };
}
