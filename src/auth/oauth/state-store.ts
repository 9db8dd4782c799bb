// Login states in the database: random, single-use, expiring; the PKCE verifier travels with its state.
import { createHash, randomBytes } from 'node:crypto';
import type { SqlExecutor } from '../../db/database';
import { createStatesRepository } from './states-repository';

export const STATE_LIFETIME_SECONDS = 600;

export type StateCheck =
  | { ok: true; codeVerifier: string | null; visitorId: number | null }
  | { ok: false; err: 'missing_state' | 'invalid_state' | 'expired_state' | 'state_already_used' | 'browser_mismatch' };

const randomToken = () => randomBytes(32).toString('base64url');

export const codeChallengeOf = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

export function createStateStore(sql: SqlExecutor) {
  const states = createStatesRepository(sql);
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
      await states.deleteLongExpired();
      await states.insert({ state, provider, codeVerifier, browserHash, visitorId, lifetimeSeconds: STATE_LIFETIME_SECONDS });
      return { state, codeVerifier };
    },

    /**
     * Uses the state up: it is accepted once, for its provider, within its lifetime, from the browser it was made
     * for (browserHash undefined: the request had no binding cookie). Another browser's attempt leaves it unused.
     */
    async consume(provider: string, state: unknown, browserHash: string | undefined): Promise<StateCheck> {
      if (typeof state !== 'string' || state === '') return { ok: false, err: 'missing_state' };
      const used = await states.useUp(state, provider, browserHash ?? null);
      if (used) return { ok: true, ...used };
      const known = await states.statusOf(state, provider);
      if (!known) return { ok: false, err: 'invalid_state' };
      if (known.used) return { ok: false, err: 'state_already_used' };
      return { ok: false, err: known.expired ? 'expired_state' : 'browser_mismatch' };
    },
  };
}

export type StateStore = ReturnType<typeof createStateStore>;
