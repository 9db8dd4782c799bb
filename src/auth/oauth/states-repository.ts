// SQL for login states (oauth_states): no rules here (see state-store.ts).
import type { SqlExecutor } from '../../db/database';

export interface NewLoginState {
  state: string;
  provider: string;
  codeVerifier: string | null;
  browserHash: string;
  visitorId: number | null;
  lifetimeSeconds: number;
}

export function createStatesRepository(sql: SqlExecutor) {
  return {
    /** Drops the states expired more than an hour ago. */
    async deleteLongExpired(): Promise<void> {
      await sql.query("DELETE FROM oauth_states WHERE expires_at < now() - interval '1 hour'");
    },

    async insert(values: NewLoginState): Promise<void> {
      await sql.query(
        `INSERT INTO oauth_states (state, provider, code_verifier, browser_hash, visitor_id, expires_at)
         VALUES ($1, $2, $3, $4, $5, now() + make_interval(secs => $6))`,
        [values.state, values.provider, values.codeVerifier, values.browserHash, values.visitorId, values.lifetimeSeconds],
      );
    },

    /** Marks the state used if it is unused, unexpired, of this provider and made for this browser; undefined if not. */
    async useUp(state: string, provider: string, browserHash: string | null) {
      const { rows } = await sql.query<{ code_verifier: string | null; visitor_id: number | null }>(
        `UPDATE oauth_states SET used_at = now()
         WHERE state = $1 AND provider = $2 AND used_at IS NULL AND expires_at > now() AND browser_hash = $3
         RETURNING code_verifier, visitor_id`,
        [state, provider, browserHash],
      );
      return rows.length === 1 ? { codeVerifier: rows[0].code_verifier, visitorId: rows[0].visitor_id } : undefined;
    },

    /** Whether a state of this provider was used or has expired; undefined for a state never made. */
    async statusOf(state: string, provider: string): Promise<{ used: boolean; expired: boolean } | undefined> {
      const { rows } = await sql.query<{ used: boolean; expired: boolean }>(
        'SELECT used_at IS NOT NULL AS used, expires_at <= now() AS expired FROM oauth_states WHERE state = $1 AND provider = $2',
        [state, provider],
      );
      return rows[0];
    },
  };
}
