// Bulk products for benchmarks: copies of the demo products made by the database itself, in chunks.
// They share their exemplar's layout and preview, which is enough for the gallery and keeps a million rows cheap.
import type { Database } from '../db/database';

const CHUNK = 50_000;
// Spread creation times over two years and popularity over 0..9999, deterministically per row.
const TWO_YEARS_SECONDS = 2 * 365 * 24 * 3600;

const INSERT_CHUNK = `
  INSERT INTO products (name, description, theme_id, format_id, product_type_id, special_project, preview_cover,
                        popularity, template_categories, layout_id, created_at)
  SELECT p.name || ' №' || g, p.description, p.theme_id, p.format_id, p.product_type_id, p.special_project,
         p.preview_cover, (g::bigint * 7919) % 10000, p.template_categories, p.layout_id,
         now() - make_interval(secs => ((g::bigint * 104729) % ${TWO_YEARS_SECONDS})::double precision)
  FROM generate_series($1::int, $2::int) AS g
  JOIN products p ON p.id = ($3::int[])[1 + g % $4::int]`;

/** Adds products until there are `target`; returns how many it added. Needs at least one product with a layout. */
export async function seedBulkProducts(
  db: Database,
  target: number,
  onProgress: (done: number, total: number) => void = () => undefined,
): Promise<number> {
  const { rows: [{ total }] } = await db.sql.query<{ total: number }>('SELECT count(*)::int AS total FROM products');
  const missing = target - total;
  if (missing <= 0) return 0;
  const { rows } = await db.sql.query<{ id: number }>('SELECT id FROM products WHERE layout_id IS NOT NULL ORDER BY id');
  if (rows.length === 0) throw new Error('bulk products are copies of products with layouts: seed the demo catalog first');
  const exemplarIds = rows.map((row) => row.id);
  // Trigram entries are gathered in GIN's pending list while loading and merged in bulk, rather than inserted into
  // the index row by row; searches want no pending list (migration 0008), so it is off again afterwards.
  await setSearchIndexPendingList(db, true);
  try {
    for (let done = 0; done < missing; done += CHUNK) {
      const size = Math.min(CHUNK, missing - done);
      await db.sql.query(INSERT_CHUNK, [total + done + 1, total + done + size, exemplarIds, exemplarIds.length]);
      onProgress(done + size, missing);
    }
  } finally {
    await setSearchIndexPendingList(db, false);
  }
  await db.sql.query('ANALYZE products');
  return missing;
}

async function setSearchIndexPendingList(db: Database, on: boolean): Promise<void> {
  for (const index of ['products_name_trgm_idx', 'products_description_trgm_idx']) {
    await db.sql.query(`ALTER INDEX ${index} SET (fastupdate = ${on ? 'on' : 'off'})`);
    if (!on) await db.sql.query(`SELECT gin_clean_pending_list('${index}')`);
  }
}
