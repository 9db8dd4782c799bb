// SQL for the theme's images that layouts show in their blocks: no rules here.
import type { SqlExecutor } from '../db/database';

// The cover page (num 0) of each layout: every front cover background block gets the image (null: none), the
// blocks keeping their order.
const SET_FRONT_COVER_BACKGROUND = `
  UPDATE layout_pages lp SET blocks = (
    SELECT jsonb_agg(CASE WHEN b->>'theme_element_type' = 'FRONT_COVER_BACKGROUND'
                          THEN jsonb_set(b, '{content,image}', coalesce(to_jsonb($2::text), 'null'::jsonb)) ELSE b END
                     ORDER BY position)
    FROM jsonb_array_elements(lp.blocks) WITH ORDINALITY AS old(b, position))
  WHERE lp.num = 0 AND jsonb_array_length(lp.blocks) > 0 AND lp.layout_id = ANY($1::uuid[])`;

export function createThemeImagesRepository(sql: SqlExecutor) {
  return {
    async setFrontCoverBackground(layoutIds: string[], image: string | null): Promise<void> {
      await sql.query(SET_FRONT_COVER_BACKGROUND, [layoutIds, image]);
    },
  };
}
