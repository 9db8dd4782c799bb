// SQL for `photobook demo`'s shopper: the layout they already have, or the demo product whose layout they get a copy of.
import type { SqlExecutor } from '../db/database';

export function createDemoShopperRepository(sql: SqlExecutor) {
  return {
    /** The user's oldest layout. */
    async firstLayoutOf(userId: number): Promise<string | undefined> {
      const { rows } = await sql.query<{ id: string }>('SELECT id FROM layouts WHERE owner_id = $1 ORDER BY created_at LIMIT 1', [userId]);
      return rows[0]?.id;
    },

    /** The first product that has a layout to copy. */
    async firstProductWithLayout(): Promise<number | undefined> {
      const { rows } = await sql.query<{ id: unknown }>('SELECT id FROM products WHERE layout_id IS NOT NULL ORDER BY id LIMIT 1');
      return rows[0] && Number(rows[0].id);
    },
  };
}
