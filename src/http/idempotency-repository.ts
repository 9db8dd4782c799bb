// SQL for Idempotency-Keys (see idempotency.ts for the rules): a key is a user's, within a scope.
import type { SqlExecutor } from '../db/database';

export interface IdempotencyKeyId {
  userId: number;
  scope: string;
  key: string;
}

export interface KeptAnswer {
  requestHash: string;
  /** null while the first request with the key is in progress. */
  status: number | null;
  body: unknown;
}

export function createIdempotencyKeysRepository(sql: SqlExecutor) {
  const idOf = ({ userId, scope, key }: IdempotencyKeyId) => [userId, scope, key];
  return {
    /** Drops the key if it was made more than `hours` ago. */
    async deleteIfOlder(id: IdempotencyKeyId, hours: number): Promise<void> {
      await sql.query(
        'DELETE FROM idempotency_keys WHERE user_id = $1 AND scope = $2 AND key = $3 AND created_at < now() - make_interval(hours => $4)',
        [...idOf(id), hours]);
    },

    /** Takes the key for a request with this hash: false when it exists already. */
    async claim(id: IdempotencyKeyId, requestHash: string): Promise<boolean> {
      const { rows } = await sql.query(
        'INSERT INTO idempotency_keys (user_id, scope, key, request_hash) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING RETURNING key',
        [...idOf(id), requestHash]);
      return rows.length === 1;
    },

    async answerOf(id: IdempotencyKeyId): Promise<KeptAnswer | undefined> {
      const { rows } = await sql.query<KeptAnswer>(
        `SELECT request_hash AS "requestHash", response_status AS status, response_body AS body
         FROM idempotency_keys WHERE user_id = $1 AND scope = $2 AND key = $3`, idOf(id));
      return rows[0];
    },

    /** Keeps this key and the user's `keep - 1` newest others; the older ones go. */
    async keepNewest(id: IdempotencyKeyId, keep: number): Promise<void> {
      await sql.query(
        `DELETE FROM idempotency_keys WHERE user_id = $1 AND (scope, key) IN (
           SELECT scope, key FROM idempotency_keys WHERE user_id = $1 AND (scope, key) <> ($2, $3)
           ORDER BY created_at DESC, scope DESC, key DESC OFFSET $4)`,
        [...idOf(id), keep - 1]);
    },

    async keepAnswer(id: IdempotencyKeyId, status: number, body: unknown): Promise<void> {
      await sql.query(
        'UPDATE idempotency_keys SET response_status = $4, response_body = $5 WHERE user_id = $1 AND scope = $2 AND key = $3',
        [...idOf(id), status, JSON.stringify(body ?? null)]);
    },

    async delete(id: IdempotencyKeyId): Promise<void> {
      await sql.query('DELETE FROM idempotency_keys WHERE user_id = $1 AND scope = $2 AND key = $3', idOf(id));
    },
  };
}
