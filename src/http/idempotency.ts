// Idempotency-Key on unsafe requests: the same key with the same body replays the first successful answer, with
// another body it is 422. Keys belong to a user and a scope (the route and its ids) and are kept 24 hours, at most
// IDEMPOTENCY_KEYS_PER_USER of them per user: a new key pushes out the user's oldest, so fresh keys cannot fill the
// table (a key pushed out only stops replaying: the routes that take keys guard their effects without one).
// Failed answers are not kept, so a retry after an error runs again. Expired keys are purged on a schedule
// (jobs/purge-expired-records.ts); one met here before that is replaced.
import { createHash } from 'node:crypto';
import type { Context, Next } from 'koa';
import type { AuthenticatedUser } from '../auth/token-user';
import type { Database } from '../db/database';
import { HttpError, validationError } from './errors';

const KEY = /^[\x21-\x7e]{1,255}$/;
/** How long a key replays its first answer. */
export const IDEMPOTENCY_KEY_HOURS = 24;

export function idempotent(db: Database, keysPerUser: number, scopeOf: (ctx: Context) => string) {
  return async function replayByKey(ctx: Context, next: Next): Promise<void> {
    const key = ctx.get('Idempotency-Key');
    if (!key) return next();
    if (!KEY.test(key)) throw validationError({ non_field_errors: ['Idempotency-Key must be 1 to 255 visible ASCII characters.'] });
    const params = [(ctx.state.user as AuthenticatedUser).id, scopeOf(ctx), key];
    const hash = createHash('sha256').update(JSON.stringify((ctx.request as { body?: unknown }).body ?? null)).digest('hex');
    await db.sql.query(
      'DELETE FROM idempotency_keys WHERE user_id = $1 AND scope = $2 AND key = $3 AND created_at < now() - make_interval(hours => $4)',
      [...params, IDEMPOTENCY_KEY_HOURS]);
    const { rows: claimed } = await db.sql.query(
      'INSERT INTO idempotency_keys (user_id, scope, key, request_hash) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING RETURNING key',
      [...params, hash]);
    if (claimed.length === 0) {
      const { rows } = await db.sql.query<{ request_hash: string; response_status: number | null; response_body: unknown }>(
        'SELECT request_hash, response_status, response_body FROM idempotency_keys WHERE user_id = $1 AND scope = $2 AND key = $3', params);
      const first = rows[0];
      if (!first || first.request_hash !== hash) throw new HttpError(422, { detail: 'This Idempotency-Key was used with another request.' });
      if (first.response_status === null) throw new HttpError(409, { detail: 'A request with this Idempotency-Key is in progress.' });
      ctx.status = first.response_status;
      ctx.body = first.response_body;
      ctx.set('Idempotent-Replayed', 'true');
      return;
    }
    // This key and the user's newest others stay, keysPerUser in all; the older ones go.
    await db.sql.query(
      `DELETE FROM idempotency_keys WHERE user_id = $1 AND (scope, key) IN (
         SELECT scope, key FROM idempotency_keys WHERE user_id = $1 AND (scope, key) <> ($2, $3)
         ORDER BY created_at DESC, scope DESC, key DESC OFFSET $4)`,
      [...params, keysPerUser - 1]);
    try {
      await next();
    } catch (error) {
      await db.sql.query('DELETE FROM idempotency_keys WHERE user_id = $1 AND scope = $2 AND key = $3', params);
      throw error;
    }
    await db.sql.query(
      'UPDATE idempotency_keys SET response_status = $4, response_body = $5 WHERE user_id = $1 AND scope = $2 AND key = $3',
      [...params, ctx.status, JSON.stringify(ctx.body ?? null)]);
  };
}
