// SQL for retention: records purged once their window is over, and the rows that name stored files. No rules here.
import type { SqlExecutor } from '../db/database';

// Fixed table and key names (never a caller's value): each deletes by primary key what its created_at index finds.
const PURGES = {
  layoutTransactions: `DELETE FROM layout_transactions WHERE (user_id, transaction_id) IN (
      SELECT user_id, transaction_id FROM layout_transactions WHERE created_at < now() - make_interval(secs => $1) LIMIT $2)`,
  idempotencyKeys: `DELETE FROM idempotency_keys WHERE (user_id, scope, key) IN (
      SELECT user_id, scope, key FROM idempotency_keys WHERE created_at < now() - make_interval(secs => $1) LIMIT $2)`,
  // The outer conditions repeat the inner ones so that a layout restored (or put in a cart) while the batch runs is
  // rechecked and kept. Its pages and transactions go with it (ON DELETE CASCADE); a product's or an order's
  // reference keeps it. Moving to the bin and back sets updated_at, so a restore restarts the clock.
  binnedLayouts: `DELETE FROM layouts AS l WHERE l.id IN (
      SELECT id FROM layouts AS binned WHERE binned.status = 'DELETED' AND binned.updated_at < now() - make_interval(secs => $1)
        AND NOT EXISTS (SELECT 1 FROM orders WHERE orders.layout_id = binned.id)
        AND NOT EXISTS (SELECT 1 FROM products WHERE products.layout_id = binned.id)
      LIMIT $2)
    AND l.status = 'DELETED' AND l.updated_at < now() - make_interval(secs => $1)
    AND NOT EXISTS (SELECT 1 FROM orders WHERE orders.layout_id = l.id)`,
} as const;

export type PurgedRecords = keyof typeof PURGES;

export function createRetentionRepository(sql: SqlExecutor) {
  return {
    /** Deletes up to `limit` records of a kind older than `seconds`; returns how many went. */
    async purgeBatch(records: PurgedRecords, seconds: number, limit: number): Promise<number> {
      return (await sql.query(PURGES[records], [seconds, limit])).rowCount;
    },

    /**
     * Of these public media keys, those no theme element or product preview names, neither by the key nor by its
     * original (originals[i] is keys[i]'s).
     */
    async mediaKeysNotNamedByRows(keys: string[], originals: string[]): Promise<string[]> {
      const { rows } = await sql.query<{ key: string }>(`
        SELECT c.key FROM unnest($1::text[], $2::text[]) AS c(key, original)
         WHERE c.key NOT IN (SELECT image FROM theme_elements) AND c.original NOT IN (SELECT image FROM theme_elements)
           AND c.key NOT IN (SELECT preview_cover FROM products WHERE preview_cover IS NOT NULL)
           AND c.original NOT IN (SELECT preview_cover FROM products WHERE preview_cover IS NOT NULL)`,
      [keys, originals]);
      return rows.map((row) => row.key);
    },

    /** Of these images, those a layout names inside its jsonb (a block of a page, or unplaced content). */
    async imagesNamedByLayouts(images: string[]): Promise<string[]> {
      const { rows } = await sql.query<{ image: string }>(`
        SELECT DISTINCT image FROM (
          SELECT block->'content'->>'image' AS image FROM layout_pages, jsonb_array_elements(blocks) AS block
          UNION ALL
          SELECT content->'content'->>'image' FROM layouts, jsonb_array_elements(unplaced) AS content) images
         WHERE image = ANY($1::text[])`, [images]);
      return rows.map((row) => row.image);
    },

    /**
     * Of these private keys, those no print file names and that are in no photo's folder (photos/<uuid>/: a photo's
     * original, master and the sizes made from it are named by its row).
     */
    async privateKeysNotNamed(keys: string[]): Promise<string[]> {
      const { rows } = await sql.query<{ key: string }>(
        `SELECT key FROM unnest($1::text[]) AS key WHERE key NOT IN (SELECT storage_key FROM print_files)
           AND coalesce(substring(key from '^photos/[^/]+/'), '') NOT IN (
             SELECT substring(original_key from '^photos/[^/]+/') FROM photos WHERE original_key LIKE 'photos/%/%')`, [keys]);
      return rows.map((row) => row.key);
    },
  };
}

export type RetentionRepository = ReturnType<typeof createRetentionRepository>;
