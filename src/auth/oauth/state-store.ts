// Login states in the database: random, single-use, expiring; the PKCE verifier travels with its state.
import { createHash, randomBytes } from 'node:crypto';
import type { SqlExecutor } from '../../db/database';

export const STATE_LIFETIME_SECONDS = 600;

export type StateCheck =
  | { ok: true; codeVerifier: string | null; visitorId: number | null }
  | { ok: false; err: 'missing_state' | 'invalid_state' | 'expired_state' | 'state_already_used' | 'browser_mismatch' };

const randomToken = () => randomBytes(32).toString('base64url');

export const codeChallengeOf = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

export function createStateStore(sql: SqlExecutor) {
  return {
    /**
     * A fresh state for a login attempt by the browser of browserHash (and by the visitor whose token started it,
     * whose work the login takes over), and its PKCE verifier when asked for one.
     */
    async create(
      provider: string, withPkce: boolean, browserHash: string, visitorId: number | null,
    ): Promise<{ state: string; codeVerifier: string | null }> {
      const state = randomToken();
      const codeVerifier = withPkce ? randomToken() : null;
      // Expired attempts are cleared as new ones begin: the table stays as small as the traffic of ten minutes.
      await sql.query("DELETE FROM oauth_states WHERE expires_at < now() - interval '1 hour'");
      await sql.query(
        `INSERT INTO oauth_states (state, provider, code_verifier, browser_hash, visitor_id, expires_at)
         VALUES ($1, $2, $3, $4, $5, now() + interval '${STATE_LIFETIME_SECONDS} seconds')`,
        [state, provider, codeVerifier, browserHash, visitorId],
      );
      return { state, codeVerifier };
    },

    /**
     * Uses the state up: it is accepted once, for its provider, within its lifetime, from the browser it was made
     * for (browserHash undefined: the request had no binding cookie). Another browser's attempt leaves it unused.
     */
    async consume(provider: string, state: unknown, browserHash: string | undefined): Promise<StateCheck> {
      if (typeof state !== 'string' || state === '') return { ok: false, err: 'missing_state' };
      const { rows } = await sql.query<{ code_verifier: string | null; visitor_id: number | null }>(
        `UPDATE oauth_states SET used_at = now()
         WHERE state = $1 AND provider = $2 AND used_at IS NULL AND expires_at > now() AND browser_hash = $3
         RETURNING code_verifier, visitor_id`,
        [state, provider, browserHash ?? null],
      );
      if (rows.length === 1) return { ok: true, codeVerifier: rows[0].code_verifier, visitorId: rows[0].visitor_id };
      const { rows: known } = await sql.query<{ used: boolean; expired: boolean }>(
        'SELECT used_at IS NOT NULL AS used, expires_at <= now() AS expired FROM oauth_states WHERE state = $1 AND provider = $2',
        [state, provider],
      );
      if (known.length === 0) return { ok: false, err: 'invalid_state' };
      if (known[0].used) return { ok: false, err: 'state_already_used' };
      return { ok: false, err: known[0].expired ? 'expired_state' : 'browser_mismatch' };
    },
  };
}

export type StateStore = ReturnType<typeof createStateStore>;
