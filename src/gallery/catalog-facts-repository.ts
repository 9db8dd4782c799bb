// SQL for what the gallery's filters resolve against (snapshot.ts): the reference tables and the themes' attributes.
import type { SqlExecutor } from '../db/database';

/** A row of a reference table: ids are the specification's, names come in Russian and English. */
export interface Named<Id> {
  id: Id;
  nameRu: string;
  nameEn: string;
}

export interface FormatRow extends Named<number> {
  name: string;
  widthCm: number;
  heightCm: number;
  orientation: string;
}

/** A theme's attributes that filters name. */
export interface ThemeRow {
  id: number;
  approved: boolean;
  colorId: number | null;
  styleId: number | null;
  authorId: number | null;
}

const NAMES = 'id, name_ru AS "nameRu", name_en AS "nameEn"';

export function createCatalogFactsRepository(sql: SqlExecutor) {
  // Fixed table names (never a caller's value), in id order.
  const rowsOf = async <Row>(table: string, columns = NAMES): Promise<Row[]> =>
    (await sql.query<Row>(`SELECT ${columns} FROM ${table} ORDER BY id`)).rows;

  return {
    formats: () => rowsOf<FormatRow>('formats', `${NAMES}, name, width_cm AS "widthCm", height_cm AS "heightCm", orientation`),
    productTypes: () => rowsOf<Named<number>>('product_types'),
    themeCategories: () => rowsOf<Named<number> & { inV1Meta: boolean }>('theme_categories', `${NAMES}, in_v1_meta AS "inV1Meta"`),
    themeColors: () => rowsOf<Named<number>>('theme_colors'),
    themeStyles: () => rowsOf<Named<number>>('theme_styles'),
    themeAuthors: () => rowsOf<Named<number>>('theme_authors'),
    orientations: () => rowsOf<Named<string>>('orientations'),
    templateCategories: () => rowsOf<Named<string>>('template_categories'),
    themes: () => rowsOf<ThemeRow>('themes', 'id, approved, color_id AS "colorId", style_id AS "styleId", author_id AS "authorId"'),
    async themeCategoryLinks(): Promise<{ themeId: number; categoryId: number }[]> {
      const { rows } = await sql.query<{ themeId: number; categoryId: number }>(
        'SELECT theme_id AS "themeId", category_id AS "categoryId" FROM theme_category_links');
      return rows;
    },
    /** The text lower-cased by the database: its locale decides (see snapshot.caseFoldingAgrees). */
    async lowerCase(text: string): Promise<string | undefined> {
      const { rows } = await sql.query<{ lowered: string }>('SELECT lower($1) AS lowered', [text]);
      return rows[0]?.lowered;
    },
  };
}

export type CatalogFactsRepository = ReturnType<typeof createCatalogFactsRepository>;
