// SQL for login identities (a user's accounts at the providers) and the users they create: no rules here.
import type { SqlExecutor } from '../db/database';
import type { ExternalProfile, ProviderName } from './oauth/provider';

export function createIdentitiesRepository(sql: SqlExecutor) {
  return {
    /** The user an identity belongs to, if it logged in before. */
    async userIdOf(provider: ProviderName, providerUserId: string): Promise<number | undefined> {
      const { rows } = await sql.query<{ user_id: number }>(
        'SELECT user_id FROM user_identities WHERE provider = $1 AND provider_user_id = $2', [provider, providerUserId]);
      return rows[0]?.user_id;
    },

    /** A new user for a first login: the profile's address is theirs only when verified and not already someone else's. */
    async createUserOf(profile: ExternalProfile): Promise<number> {
      const { rows: [created] } = await sql.query<{ id: number }>(
        `INSERT INTO users (email, name)
         SELECT CASE WHEN $3 AND NOT EXISTS (SELECT 1 FROM users WHERE lower(email) = lower($1)) THEN $1 END, $2
         RETURNING id`,
        [profile.email, profile.name, profile.emailVerified && profile.email !== null],
      );
      return created.id;
    },

    async link(userId: number, provider: ProviderName, providerUserId: string): Promise<void> {
      await sql.query('INSERT INTO user_identities (user_id, provider, provider_user_id) VALUES ($1, $2, $3)',
        [userId, provider, providerUserId]);
    },

    /** Keeps what the provider said of the identity at its latest login. */
    async updateProfile(provider: ProviderName, profile: ExternalProfile): Promise<void> {
      await sql.query('UPDATE user_identities SET email = $3, profile = $4 WHERE provider = $1 AND provider_user_id = $2',
        [provider, profile.providerUserId, profile.email, JSON.stringify(profile.raw)]);
    },

    /** Drops the user's identities with their provider profiles: a later login through one makes a new user. */
    async deleteOf(userId: number): Promise<void> {
      await sql.query('DELETE FROM user_identities WHERE user_id = $1', [userId]);
    },
  };
}
