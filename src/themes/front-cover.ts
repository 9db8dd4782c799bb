// The theme's front cover background changed (uploaded or deleted): its products' own layouts show the newest one
// and their previews are rendered again, enqueued in the same transaction as the change.
import { renderPreviews } from '../../jobs/contracts/render-previews';
import type { Transaction } from '../db/database';
import type { Queue } from '../queue/queue';

export async function frontCoverChanged(tx: Transaction, queue: Queue, themeId: number): Promise<void> {
  const { rows: [cover] } = await tx.sql.query<{ image: string }>(
    `SELECT image FROM theme_elements WHERE theme_id = $1 AND element_type = 'FRONT_COVER_BACKGROUND' ORDER BY id DESC LIMIT 1`, [themeId]);
  await tx.sql.query(`
    UPDATE layout_pages lp SET blocks = (
      SELECT jsonb_agg(CASE WHEN b->>'theme_element_type' = 'FRONT_COVER_BACKGROUND'
                            THEN jsonb_set(b, '{content,image}', coalesce(to_jsonb($2::text), 'null'::jsonb)) ELSE b END
                       ORDER BY position)
      FROM jsonb_array_elements(lp.blocks) WITH ORDINALITY AS old(b, position))
    WHERE lp.num = 0 AND jsonb_array_length(lp.blocks) > 0
      AND lp.layout_id IN (SELECT layout_id FROM products WHERE theme_id = $1 AND layout_id IS NOT NULL)`, [themeId, cover?.image ?? null]);
  const { rows } = await tx.sql.query<{ id: number }>('SELECT id FROM products WHERE theme_id = $1', [themeId]);
  await queue.enqueueMany(tx, renderPreviews, rows.map((row) => ({ productId: row.id })));
}
