// SQL for administering themes: rows, category links, references, and the products and formats they lead to.
import type { SqlExecutor } from '../db/database';
import { THEME_COLUMNS, type Theme } from './repository';

export type ThemeFields = Partial<Pick<Theme, 'name' | 'description' | 'approved' | 'authorId' | 'colorId' | 'styleId'>>;

const COLUMN_OF_FIELD: Record<keyof ThemeFields | 'createdBy', string> = {
  name: 'name', description: 'description', approved: 'approved',
  authorId: 'author_id', colorId: 'color_id', styleId: 'style_id', createdBy: 'created_by',
};

const REFERENCE_TABLES = { author: 'theme_authors', color: 'theme_colors', style: 'theme_styles', categories: 'theme_categories' } as const;

/** The given fields as columns and values; a field left undefined is not written (its column keeps its default). */
function columnsOf(fields: ThemeFields & { createdBy?: number }): { columns: string[]; values: unknown[] } {
  const given = (Object.keys(COLUMN_OF_FIELD) as (keyof typeof COLUMN_OF_FIELD)[]).filter((field) => fields[field] !== undefined);
  return { columns: given.map((field) => COLUMN_OF_FIELD[field]), values: given.map((field) => fields[field]) };
}

export function createThemesAdminRepository(sql: SqlExecutor) {
  const find = async (id: number, suffix = ''): Promise<Theme | undefined> =>
    (await sql.query<Theme>(`SELECT ${THEME_COLUMNS} FROM themes WHERE id = $1 ${suffix}`, [id])).rows[0];

  return {
    async insert(fields: ThemeFields & { name: string; createdBy: number }): Promise<Theme> {
      const { columns, values } = columnsOf(fields);
      const { rows } = await sql.query<Theme>(
        `INSERT INTO themes (${columns.join(', ')}) VALUES (${columns.map((_, index) => `$${index + 1}`).join(', ')})
          RETURNING ${THEME_COLUMNS}`, values);
      return rows[0];
    },
    /** Locks the row for the rest of the transaction. */
    lock: (id: number) => find(id, 'FOR UPDATE'),
    async update(id: number, fields: ThemeFields): Promise<Theme> {
      const { columns, values } = columnsOf(fields);
      if (columns.length === 0) return (await find(id))!;
      const { rows } = await sql.query<Theme>(
        `UPDATE themes SET ${columns.map((column, index) => `${column} = $${index + 2}`).join(', ')} WHERE id = $1
          RETURNING ${THEME_COLUMNS}`, [id, ...values]);
      return rows[0];
    },
    async delete(id: number): Promise<void> {
      await sql.query('DELETE FROM themes WHERE id = $1', [id]);
    },
    async setCategories(themeId: number, categoryIds: number[]): Promise<void> {
      await sql.query('DELETE FROM theme_category_links WHERE theme_id = $1', [themeId]);
      if (categoryIds.length > 0) {
        await sql.query('INSERT INTO theme_category_links (theme_id, category_id) SELECT $1, unnest($2::int[])', [themeId, categoryIds]);
      }
    },
    async categoriesOf(themeIds: number[]): Promise<Map<number, number[]>> {
      const { rows } = themeIds.length === 0 ? { rows: [] } : await sql.query<{ themeId: number; categoryId: number }>(
        `SELECT theme_id AS "themeId", category_id AS "categoryId" FROM theme_category_links
          WHERE theme_id = ANY($1::int[]) ORDER BY category_id`, [themeIds]);
      const byTheme = new Map<number, number[]>(themeIds.map((id) => [id, []]));
      for (const link of rows) byTheme.get(link.themeId)!.push(link.categoryId);
      return byTheme;
    },
    async hasProducts(themeId: number): Promise<boolean> {
      const { rows } = await sql.query<{ exists: boolean }>('SELECT EXISTS (SELECT 1 FROM products WHERE theme_id = $1)', [themeId]);
      return rows[0].exists;
    },
    /** Newest first; every theme when approved is undefined. */
    async list(approved: boolean | undefined, limit: number, offset: number): Promise<Theme[]> {
      const { rows } = await sql.query<Theme>(
        `SELECT ${THEME_COLUMNS} FROM themes WHERE ($1::boolean IS NULL OR approved = $1)
          ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`, [approved ?? null, limit, offset]);
      return rows;
    },
    async countOf(approved: boolean | undefined): Promise<number> {
      const { rows } = await sql.query<{ total: number }>(
        'SELECT count(*)::int AS total FROM themes WHERE ($1::boolean IS NULL OR approved = $1)', [approved ?? null]);
      return rows[0].total;
    },
    /** The ids among these that do not exist in the reference table. */
    async missingReferences(table: keyof typeof REFERENCE_TABLES, ids: number[]): Promise<number[]> {
      if (ids.length === 0) return [];
      const { rows } = await sql.query<{ id: number }>(`SELECT id FROM ${REFERENCE_TABLES[table]} WHERE id = ANY($1::int[])`, [ids]);
      const found = new Set(rows.map((row) => row.id));
      return ids.filter((id) => !found.has(id));
    },
    /** Every format, by id: a product is generated in each. */
    async formats(): Promise<{ id: number; name: string }[]> {
      return (await sql.query<{ id: number; name: string }>('SELECT id, name FROM formats ORDER BY id')).rows;
    },
  };
}
