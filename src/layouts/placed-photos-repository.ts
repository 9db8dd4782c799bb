// SQL for the photos a book places: their print masters as the book draws them, and the record of them made when
// the book's order is confirmed (migration 0023). No rules here.
import type { SqlExecutor } from '../db/database';

export interface PlacedPhotoRow {
  id: number;
  masterKey: string;
  width: number;
  height: number;
}

/** The photo ids PHOTO (and BACKGROUND) blocks of the layout's pages place. */
const PLACED_IDS = `SELECT DISTINCT (block->'content'->'photo'->>'photo_id')::int AS photo_id
  FROM layout_pages lp, jsonb_array_elements(lp.blocks) AS block
  WHERE lp.layout_id = $1 AND jsonb_typeof(block->'content'->'photo'->'photo_id') = 'number'`;

export function createPlacedPhotosRepository(sql: SqlExecutor) {
  return {
    /**
     * The masters of those photos as the layout draws them: a frozen layout (ordered) the ones recorded at its
     * confirmation, else the owner's ready photos' current masters. A photo of another owner is never drawn.
     */
    async mastersOf(layoutId: string, photoIds: number[]): Promise<PlacedPhotoRow[]> {
      if (photoIds.length === 0) return [];
      const { rows } = await sql.query<PlacedPhotoRow>(`
        SELECT f.photo_id AS id, f.master_key AS "masterKey", f.width, f.height
          FROM layout_print_photos f JOIN layouts l ON l.id = f.layout_id AND l.status = 'IN_WORK'
          WHERE f.layout_id = $1 AND f.photo_id = ANY($2::int[])
        UNION ALL
        SELECT p.id, p.master_key, p.width, p.height
          FROM photos p JOIN layouts l ON l.id = $1 AND p.owner_id = l.owner_id
          WHERE p.id = ANY($2::int[]) AND p.status = 'ready' AND p.master_key IS NOT NULL
            AND NOT (l.status = 'IN_WORK'
                     AND EXISTS (SELECT 1 FROM layout_print_photos f WHERE f.layout_id = l.id AND f.photo_id = p.id))`,
      [layoutId, photoIds]);
      return rows;
    },

    /**
     * Locks the order set's books not frozen yet (FOR UPDATE, in id order), then the photos they place that are not
     * the owner's ready photos any more. The retention sweep share-locks the books naming a photo before it removes
     * it: it has either committed (the photo is missing here) or waits until the caller's transaction ends.
     */
    async lockBooksAndFindMissing(orderSetId: number): Promise<number[]> {
      await sql.query(`SELECT id FROM layouts WHERE id IN (SELECT layout_id FROM orders WHERE order_set_id = $1)
        AND status IN ('OPEN', 'DELETED') ORDER BY id FOR UPDATE`, [orderSetId]);
      const { rows } = await sql.query<{ photo_id: number }>(`
        SELECT placed.photo_id FROM layouts l JOIN LATERAL (${PLACED_IDS.replace('$1', 'l.id')}) placed ON true
         WHERE l.id IN (SELECT layout_id FROM orders WHERE order_set_id = $1) AND l.status IN ('OPEN', 'DELETED')
           AND NOT EXISTS (SELECT 1 FROM photos p WHERE p.id = placed.photo_id AND p.owner_id = l.owner_id
                                                   AND p.status = 'ready' AND p.master_key IS NOT NULL)`, [orderSetId]);
      return rows.map((row) => row.photo_id);
    },

    /**
     * Records, for each layout of the order set that is not frozen yet, the current masters of the photos it places:
     * called as the set is confirmed, before its layouts freeze, after lockBooksAndFindMissing. A layout frozen by
     * another set keeps its record. The photos are share-locked until the transaction ends, so a turn of one waits
     * and then sees the record (and keeps the master it names), or committed first and its new master is recorded.
     */
    async freezeOrderSet(orderSetId: number): Promise<void> {
      await sql.query(`
        INSERT INTO layout_print_photos (layout_id, photo_id, master_key, width, height)
        SELECT l.id, p.id, p.master_key, p.width, p.height
          FROM layouts l JOIN LATERAL (${PLACED_IDS.replace('$1', 'l.id')}) placed ON true
          JOIN photos p ON p.id = placed.photo_id AND p.owner_id = l.owner_id AND p.status = 'ready' AND p.master_key IS NOT NULL
          WHERE l.id IN (SELECT layout_id FROM orders WHERE order_set_id = $1) AND l.status IN ('OPEN', 'DELETED')
          FOR SHARE OF p
        ON CONFLICT (layout_id, photo_id) DO UPDATE SET master_key = excluded.master_key, width = excluded.width, height = excluded.height`,
      [orderSetId]);
    },
  };
}
