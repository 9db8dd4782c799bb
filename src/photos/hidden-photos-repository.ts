// SQL for photos hidden from their library (destroy_many): which of them a book that an order holds still needs, and
// removing the others. No rules here.
import type { SqlExecutor } from '../db/database';
import { OWNER_LOCK_CLASS, type PhotoKeys } from './repository';

/** Order sets on their way to print: confirmed and not yet delivered or cancelled (src/orders/status-transitions.ts). */
export const PRINTING_SET_STATUSES = ['CONFIRMED', 'PAID', 'IN_PRODUCTION', 'SHIPPED'] as const;

/**
 * For the photos in `candidates(id, folder)`: the layouts that name each, in their list of photos (photo_ids), in a
 * PHOTO block of a page or in content a scheme change took off (content.photo.photo_id), or by a file of the photo's
 * folder (content.image). Equalities only, so that each layout's jsonb is read once per batch.
 */
const NAMING_LAYOUTS = `named AS (
    SELECT l.id AS layout_id, c.id AS photo_id FROM layouts l JOIN candidates c ON l.photo_ids @> jsonb_build_array(c.id)
    UNION
    SELECT lp.layout_id, c.id FROM layout_pages lp CROSS JOIN LATERAL jsonb_array_elements(lp.blocks) b
      JOIN candidates c ON b->'content'->'photo'->>'photo_id' = c.id::text
    UNION
    SELECT lp.layout_id, c.id FROM layout_pages lp CROSS JOIN LATERAL jsonb_array_elements(lp.blocks) b
      JOIN candidates c ON substring(b->'content'->>'image' from '^photos/[^/]+/') = c.folder
    UNION
    SELECT l.id, c.id FROM layouts l CROSS JOIN LATERAL jsonb_array_elements(l.unplaced) u
      JOIN candidates c ON u->'content'->'photo'->>'photo_id' = c.id::text)`;

const CANDIDATES = `candidates AS (
    SELECT id, substring(original_key from '^photos/[^/]+/') AS folder FROM photos WHERE id = ANY($1::int[]))`;

export function createHiddenPhotosRepository(sql: SqlExecutor) {
  return {
    /** Up to `limit` photos hidden before `hiddenBefore`, after the id `after`, in id order, with their owners. */
    async hiddenSince(hiddenBefore: Date, after: number, limit: number): Promise<{ id: number; ownerId: number }[]> {
      const { rows } = await sql.query<{ id: number; ownerId: number }>(
        `SELECT id, owner_id AS "ownerId" FROM photos WHERE deleted_at < $1 AND id > $2 ORDER BY id LIMIT $3`, [hiddenBefore, after, limit]);
      return rows;
    },

    /**
     * Holds, until the transaction ends, the owners' photos locks (in id order: an upload that brings a hidden photo
     * back takes its owner's) and a share lock on every layout naming these photos, so that an order confirmed
     * meanwhile either committed first (and is seen) or waits until the photos are gone.
     */
    async lockOwnersAndLayouts(ownerIds: number[], photoIds: number[]): Promise<void> {
      await sql.query(
        'SELECT pg_advisory_xact_lock($1, owner_id) FROM (SELECT DISTINCT unnest($2::int[]) AS owner_id ORDER BY 1) owners',
        [OWNER_LOCK_CLASS, ownerIds]);
      await sql.query(
        `WITH ${CANDIDATES}, ${NAMING_LAYOUTS}
          SELECT l.id FROM layouts l WHERE l.id IN (SELECT layout_id FROM named) ORDER BY l.id FOR SHARE OF l`, [photoIds]);
    },

    /**
     * Deletes those of these photos still hidden that no book on its way to print names: a layout in an order set
     * confirmed and not yet delivered or cancelled (a delivered book stays frozen, IN_WORK, but needs its photos no
     * more), or in a set whose delivery is being placed (its confirmation records the photos next). Their keys.
     */
    async deleteUnneeded(photoIds: number[]): Promise<PhotoKeys[]> {
      const { rows } = await sql.query<PhotoKeys>(
        `WITH ${CANDIDATES}, ${NAMING_LAYOUTS}
          DELETE FROM photos p WHERE p.id IN (SELECT id FROM candidates) AND p.deleted_at IS NOT NULL
            AND NOT EXISTS (
              SELECT 1 FROM named n JOIN layouts l ON l.id = n.layout_id
               WHERE n.photo_id = p.id AND EXISTS (
                 SELECT 1 FROM orders o JOIN order_sets s ON s.id = o.order_set_id
                  WHERE o.layout_id = l.id AND (s.status = ANY($2::text[])
                        OR EXISTS (SELECT 1 FROM deliveries d WHERE d.order_set_id = s.id AND d.status = 'placing'))))
          RETURNING p.original_key AS "originalKey", p.master_key AS "masterKey"`, [photoIds, PRINTING_SET_STATUSES]);
      return rows;
    },
  };
}
