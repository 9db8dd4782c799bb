// The user behind an external identity: found by (provider, provider user id), or created on first login.
// Accounts are never joined by e-mail address: a second provider's identity makes a second user. A login that a
// visitor started takes the visitor's work into the account in the same transaction (see visitors.ts).
import type { Database, Transaction } from '../db/database';
import type { ExternalProfile, ProviderName } from './oauth/provider';
import { createUsersRepository, type User } from './users-repository';
import { mergeVisitorInto } from './visitors';

const UNIQUE_VIOLATION = '23505';

async function findOrCreate(tx: Transaction, provider: ProviderName, profile: ExternalProfile): Promise<User> {
  const { rows: [existing] } = await tx.sql.query<{ user_id: number }>(
    'SELECT user_id FROM user_identities WHERE provider = $1 AND provider_user_id = $2', [provider, profile.providerUserId]);
  let userId = existing?.user_id;
  if (userId === undefined) {
    // The user's own address is set only when verified and not already someone else's.
    const { rows: [created] } = await tx.sql.query<{ id: number }>(
      `INSERT INTO users (email, name)
       SELECT CASE WHEN $3 AND NOT EXISTS (SELECT 1 FROM users WHERE lower(email) = lower($1)) THEN $1 END, $2
       RETURNING id`,
      [profile.email, profile.name, profile.emailVerified && profile.email !== null],
    );
    userId = created.id;
    await tx.sql.query('INSERT INTO user_identities (user_id, provider, provider_user_id) VALUES ($1, $2, $3)',
      [userId, provider, profile.providerUserId]);
  }
  await tx.sql.query('UPDATE user_identities SET email = $3, profile = $4 WHERE provider = $1 AND provider_user_id = $2',
    [provider, profile.providerUserId, profile.email, JSON.stringify(profile.raw)]);
  if (profile.role) await tx.sql.query('UPDATE users SET role = $2 WHERE id = $1', [userId, profile.role]);
  return (await createUsersRepository(tx.orm).findById(userId))!;
}

export function createLoginService(db: Database) {
  return {
    async userForProfile(provider: ProviderName, profile: ExternalProfile, visitorId: number | null): Promise<User> {
      const logIn = (tx: Transaction) => findOrCreate(tx, provider, profile).then(async (user) => {
        if (visitorId !== null) await mergeVisitorInto(tx, visitorId, user.id);
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
