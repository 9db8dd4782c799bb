// Accounts as the transports see them: whom a token stands for now, the caller's own account, logout, deletion and
// the visitor made by POST /auth/autoreg/. Transports (routes, the editing and photo channels) ask this service rather
// than the users repository, so the rules of a token that still holds live in one place.
import type { Database } from '../db/database';
import type { StoredFileDeletions } from '../file-deletions/stored-file-deletions';
import { unauthenticated } from '../shared/errors';
import { deleteUser } from './account-deletion';
import { type AuthenticatedUser, holderOf, type TokenHolder, type TokenTerms } from './token-user';
import type { TokenService } from './tokens';
import { createUsersRepository, type User } from './users-repository';

export function createAccountsService(deps: { db: Database; tokens: TokenService; deletions: StoredFileDeletions }) {
  const { db, tokens, deletions } = deps;
  const users = createUsersRepository(db.sql);

  return {
    /** Whom a presented token (without its scheme) stands for now: role and token version read fresh. */
    holderOf: (token: string): Promise<TokenHolder> => holderOf(token, tokens, users),

    /**
     * A long-lived connection's user with their role now, read again for each of its events; undefined once its token
     * no longer holds (deleted, logged out). Not an error: the channels answer it in their own words.
     */
    async current(connection: { user: AuthenticatedUser; terms: TokenTerms }): Promise<AuthenticatedUser | undefined> {
      const account = await users.findById(connection.user.id);
      if (!account || account.deletedAt !== null || account.tokenVersion !== connection.terms.version) return undefined;
      return { id: account.id, role: account.role };
    },

    /** The caller's own account; unauthenticated when it went after its token was checked (a visitor merged away). */
    async own(id: number): Promise<User> {
      const user = await users.findById(id);
      if (!user) throw unauthenticated();
      return user;
    },

    /** Every token of the user issued so far stops holding (logout ends their editing connections too). */
    logout: (id: number): Promise<void> => users.raiseTokenVersion(id),

    /** The user's own account anonymised, not removed (see deleteUser): their orders stay with the shop. */
    async remove(id: number): Promise<void> {
      await deleteUser(db, id, deletions);
    },

    /** The name others see the user by (co-editing's presence); empty when none. */
    displayName: async (id: number): Promise<string> => (await users.findById(id))?.name ?? '',

    /** A new visitor account (no e-mail), whose work a later login takes over. */
    createVisitor: (): Promise<User> => users.createVisitor(),
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
