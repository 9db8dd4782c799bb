// Idempotency-Key on unsafe requests: the same key with the same body replays the first successful answer, with
// another body it is 422. Keys belong to a user and a scope (the route and its ids) and are kept 24 hours, at most
// IDEMPOTENCY_KEYS_PER_USER of them per user: a new key pushes out the user's oldest, so fresh keys cannot fill the
// table (a key pushed out only stops replaying: the routes that take keys guard their effects without one).
// Failed answers are not kept, so a retry after an error runs again. Expired keys are purged on a schedule
// (src/worker/purge-expired-records.ts); one met here before that is replaced.
import { createHash } from 'node:crypto';
import type { Context, Next } from 'koa';
import type { Database } from '../db/database';
import { conflict } from '../shared/errors';
import { HttpError, validationError } from './errors';
import { createIdempotencyKeysRepository } from './idempotency-repository';
import { requireUser } from './request-state';

const KEY = /^[\x21-\x7e]{1,255}$/;
/** How long a key replays its first answer. */
export const IDEMPOTENCY_KEY_HOURS = 24;

export function idempotent(db: Database, keysPerUser: number, scopeOf: (ctx: Context) => string) {
  const keys = createIdempotencyKeysRepository(db.sql);
  return async function replayByKey(ctx: Context, next: Next): Promise<void> {
    const key = ctx.get('Idempotency-Key');
    if (!key) return next();
    if (!KEY.test(key)) throw validationError({ non_field_errors: ['Idempotency-Key must be 1 to 255 visible ASCII characters.'] });
    const id = { userId: requireUser(ctx).id, scope: scopeOf(ctx), key };
    const hash = createHash('sha256').update(JSON.stringify(ctx.request.body ?? null)).digest('hex');
    await keys.deleteIfOlder(id, IDEMPOTENCY_KEY_HOURS);
    if (!(await keys.claim(id, hash))) {
      const first = await keys.answerOf(id);
      if (!first || first.requestHash !== hash) throw new HttpError(422, { detail: 'This Idempotency-Key was used with another request.' });
      if (first.status === null) throw conflict('A request with this Idempotency-Key is in progress.');
      ctx.status = first.status;
      ctx.body = first.body;
      ctx.set('Idempotent-Replayed', 'true');
      return;
    }
    await keys.keepNewest(id, keysPerUser);
    try {
      await next();
    } catch (error) {
      await keys.delete(id);
      throw error;
    }
    await keys.keepAnswer(id, ctx.status, ctx.body);
  };
}
