// When a theme is saved approved and has no products: one product per format, each with its layout (and so, by
// render-previews, its preview). Exactly once: the theme's row is locked and the "no products yet" check made
// under that lock, so two saves, two jobs or two workers make the products once.
import { defineJob } from './job-context';
import { generateProducts as contract } from './contracts/generate-products';

const PHOTOBOOK_TYPE = 1;

export const generateProducts = defineJob(contract, async ({ themeId }, { db, products, log }) => {
  const created = await db.transaction(async (tx) => {
    const { rows: [theme] } = await tx.sql.query<{ name: string; description: string; approved: boolean }>(
      'SELECT name, description, approved FROM themes WHERE id = $1 FOR UPDATE', [themeId]);
    // A statement of its own, after the lock: its snapshot sees the products a run that held the lock committed.
    const { rows: [{ exists }] } = await tx.sql.query<{ exists: boolean }>('SELECT EXISTS (SELECT 1 FROM products WHERE theme_id = $1)', [themeId]);
    if (!theme?.approved || exists) return 0;
    const { rows: formats } = await tx.sql.query<{ id: number; name: string }>('SELECT id, name FROM formats ORDER BY id');
    for (const [index, format] of formats.entries()) {
      await products.createWithLayout(tx, {
        themeId, formatId: format.id, productTypeId: PHOTOBOOK_TYPE, schemeOffset: themeId + index,
        name: `Фотокнига «${theme.name}» ${format.name}`, description: theme.description,
      });
    }
    return formats.length;
  });
  log.debug({ themeId, created }, 'generate-products');
});
