// SQL for themes and their elements, and the products made from a theme: no rules here.
import type { SqlExecutor } from '../db/database';
import type { ThemeElementType } from '../shared/theme-elements';

export interface Theme {
  id: number;
  name: string;
  description: string;
  approved: boolean;
  authorId: number | null;
  colorId: number | null;
  styleId: number | null;
  createdBy: number | null;
  createdAt: Date;
}

export interface ThemeElement {
  id: number;
  themeId: number;
  elementType: ThemeElementType;
  imageType: string | null;
  position: string;
  format: string;
  isPattern: boolean;
  scale: number;
  image: string;
  width: number;
  height: number;
  createdAt: Date;
}

export type NewThemeElement = Omit<ThemeElement, 'id' | 'createdAt'>;

export const THEME_COLUMNS = `id, name, description, approved, author_id AS "authorId", color_id AS "colorId",
  style_id AS "styleId", created_by AS "createdBy", created_at AS "createdAt"`;

const ELEMENT_COLUMNS = `id, theme_id AS "themeId", element_type AS "elementType", image_type AS "imageType", position,
  format, is_pattern AS "isPattern", scale, image, width, height, created_at AS "createdAt"`;

export function createThemesRepository(sql: SqlExecutor) {
  return {
    async findTheme(id: number): Promise<Theme | undefined> {
      return (await sql.query<Theme>(`SELECT ${THEME_COLUMNS} FROM themes WHERE id = $1`, [id])).rows[0];
    },
    /** Oldest first. */
    async listElements(themeId: number, type?: ThemeElementType): Promise<ThemeElement[]> {
      const { rows } = await sql.query<ThemeElement>(
        `SELECT ${ELEMENT_COLUMNS} FROM theme_elements WHERE theme_id = $1 AND ($2::text IS NULL OR element_type = $2)
          ORDER BY created_at, id`, [themeId, type ?? null]);
      return rows;
    },
    /** The image of the element of this type added last, or null when the theme has none. */
    async newestImage(themeId: number, type: ThemeElementType): Promise<string | null> {
      const { rows } = await sql.query<{ image: string }>(
        'SELECT image FROM theme_elements WHERE theme_id = $1 AND element_type = $2 ORDER BY id DESC LIMIT 1', [themeId, type]);
      return rows[0]?.image ?? null;
    },
    async insertElement(element: NewThemeElement): Promise<ThemeElement> {
      const { rows } = await sql.query<ThemeElement>(
        `INSERT INTO theme_elements (theme_id, element_type, image_type, position, format, is_pattern, scale, image, width, height)
          VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING ${ELEMENT_COLUMNS}`,
        [element.themeId, element.elementType, element.imageType, element.position, element.format, element.isPattern,
          element.scale, element.image, element.width, element.height]);
      return rows[0];
    },
    /** Deletes the element only if it belongs to that theme; returns it, or undefined. */
    async deleteElement(themeId: number, elementId: number): Promise<ThemeElement | undefined> {
      const { rows } = await sql.query<ThemeElement>(
        `DELETE FROM theme_elements WHERE theme_id = $1 AND id = $2 RETURNING ${ELEMENT_COLUMNS}`, [themeId, elementId]);
      return rows[0];
    },
    /** The products made from the theme, oldest first, with their layouts (a product may have none yet). */
    async productsOf(themeId: number): Promise<{ id: number; layoutId: string | null }[]> {
      const { rows } = await sql.query<{ id: number; layoutId: string | null }>(
        'SELECT id, layout_id AS "layoutId" FROM products WHERE theme_id = $1 ORDER BY id', [themeId]);
      return rows;
    },
  };
}
