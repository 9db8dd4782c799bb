// SQL of the outbox of deletions (stored_file_deletions): files recorded for deletion, read back, dropped once the
// storage took them. No rules here.
import type { SqlExecutor } from '../db/database';

/** The public media area, or the private one (print files, shoppers' photos). */
export type FileArea = 'media' | 'private';

export interface RecordedDeletion {
  id: number;
  key: string;
  area: FileArea;
}

export function createDeletionsRepository(sql: SqlExecutor) {
  return {
    /** Records files of an area for deletion; returns their ids. */
    async recordDeletions(keys: string[], area: FileArea): Promise<number[]> {
      const { rows } = await sql.query<{ id: string }>(
        'INSERT INTO stored_file_deletions (key, area) SELECT unnest($1::text[]), $2 RETURNING id', [keys, area]);
      return rows.map((row) => Number(row.id));
    },

    /** Those of these recorded deletions still recorded, in the order recorded. */
    async recordedDeletions(ids: number[]): Promise<RecordedDeletion[]> {
      const { rows } = await sql.query<{ id: string; key: string; area: FileArea }>(
        'SELECT id, key, area FROM stored_file_deletions WHERE id = ANY($1::bigint[]) ORDER BY id', [ids]);
      return rows.map((row) => ({ id: Number(row.id), key: row.key, area: row.area }));
    },

    /** Ids of up to `limit` deletions recorded more than `seconds` ago, oldest first. */
    async deletionsRecordedBefore(seconds: number, limit: number): Promise<number[]> {
      const { rows } = await sql.query<{ id: string }>(
        `SELECT id FROM stored_file_deletions WHERE recorded_at < now() - $1 * interval '1 second' ORDER BY recorded_at LIMIT $2`,
        [seconds, limit]);
      return rows.map((row) => Number(row.id));
    },

    async dropDeletion(id: number): Promise<void> {
      await sql.query('DELETE FROM stored_file_deletions WHERE id = $1', [id]);
    },

    async noteFailedDeletion(id: number, error: string): Promise<void> {
      await sql.query('UPDATE stored_file_deletions SET attempts = attempts + 1, last_error = $2 WHERE id = $1', [id, error]);
    },
  };
}
