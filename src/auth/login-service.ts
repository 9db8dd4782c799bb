// The user behind an external identity: found by (provider, provider user id), or created on first login.
// Accounts are never joined by e-mail address: a second provider's identity makes a second user. A login that a
// visitor started takes the visitor's work into the account in the same transaction (see visitors.ts).
import type { Database, Transaction } from '../db/database';
import type { StoredFileDeletions } from '../file-deletions/stored-file-deletions';
import type { ExternalProfile, ProviderName } from './oauth/provider';
import { createIdentitiesRepository } from './identities-repository';
import { createUsersRepository, type User } from './users-repository';
import { mergeVisitorInto } from './visitors';

const UNIQUE_VIOLATION = '23505';

async function findOrCreate(tx: Transaction, provider: ProviderName, profile: ExternalProfile): Promise<User> {
  const identities = createIdentitiesRepository(tx.sql);
  const users = createUsersRepository(tx.sql);
  let userId = await identities.userIdOf(provider, profile.providerUserId);
  if (userId === undefined) {
    userId = await identities.createUserOf(profile);
    await identities.link(userId, provider, profile.providerUserId);
  }
  await identities.updateProfile(provider, profile);
  if (profile.role) return users.setRole(userId, profile.role);
  return (await users.findById(userId))!;
}

export function createLoginService(db: Database, deletions: StoredFileDeletions) {
  return {
    async userForProfile(provider: ProviderName, profile: ExternalProfile, visitorId: number | null): Promise<User> {
      const logIn = (tx: Transaction) => findOrCreate(tx, provider, profile).then(async (user) => {
        if (visitorId !== null) await mergeVisitorInto(tx, deletions, visitorId, user.id);
        return user;
      });
      try {
        return await db.transaction(logIn);
      } catch (error) {
        // Two first logins of the same identity at once: the loser finds the winner's user.
        if ((error as { code?: string }).code !== UNIQUE_VIOLATION) throw error;
        return db.transaction(logIn);
      }
    },
  };
}
export type LoginService = ReturnType<typeof createLoginService>;
