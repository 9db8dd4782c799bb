// SQL for products: no rules here.
import type { SqlExecutor } from '../db/database';
import type { Block } from '../shared/layout-document';
import type { ThemeElementType } from '../shared/theme-elements';

export interface Product {
  id: number;
  name: string;
  description: string;
  themeId: number;
  formatId: number;
  productTypeId: number;
  specialProject: string | null;
  /** The media key of its gallery preview. */
  previewCover: string | null;
  popularity: number;
  templateCategories: string[];
  layoutId: string | null;
  createdAt: Date;
}

/** A new product: the columns left out take their defaults (no description, no special project, popularity 0, now). */
export type NewProduct = Pick<Product, 'name' | 'themeId' | 'formatId' | 'productTypeId'>
  & Partial<Pick<Product, 'description' | 'specialProject' | 'popularity' | 'templateCategories' | 'createdAt'>>;
export type ProductChanges = Partial<Pick<Product, 'name' | 'description' | 'productTypeId' | 'specialProject' | 'popularity'>>;

/** What a product's gallery preview is drawn from: its name, its format's size, its cover and its theme's front cover. */
export interface PreviewSource {
  name: string;
  widthCm: number;
  heightCm: number;
  /** The blocks of its layout's cover (page 0); null without a layout. */
  coverBlocks: Block[] | null;
  /** The media key of the theme's newest front cover background. */
  themeFrontCover: string | null;
}

const PRODUCT_COLUMNS = `id, name, description, theme_id AS "themeId", format_id AS "formatId", product_type_id AS "productTypeId",
  special_project AS "specialProject", preview_cover AS "previewCover", popularity, template_categories AS "templateCategories",
  layout_id AS "layoutId", created_at AS "createdAt"`;

// The columns ProductChanges may set, by their names there.
const CHANGEABLE: Record<keyof ProductChanges, string> = {
  name: 'name', description: 'description', productTypeId: 'product_type_id', specialProject: 'special_project', popularity: 'popularity',
};

export function createProductsRepository(sql: SqlExecutor) {
  async function find(id: number): Promise<Product | undefined> {
    const { rows: [product] } = await sql.query<Product>(`SELECT ${PRODUCT_COLUMNS} FROM products WHERE id = $1`, [id]);
    return product;
  }

  return {
    async insert(values: NewProduct): Promise<Product> {
      const { rows: [product] } = await sql.query<Product>(
        `INSERT INTO products (name, description, theme_id, format_id, product_type_id, special_project, popularity, template_categories,
                               created_at)
         VALUES ($1, coalesce($2, ''), $3, $4, $5, $6, coalesce($7, 0), coalesce($8::text[], '{}'), coalesce($9, now()))
         RETURNING ${PRODUCT_COLUMNS}`,
        [values.name, values.description ?? null, values.themeId, values.formatId, values.productTypeId, values.specialProject ?? null,
          values.popularity ?? null, values.templateCategories ?? null, values.createdAt ?? null]);
      return product;
    },
    async count(): Promise<number> {
      const { rows: [row] } = await sql.query<{ count: number }>('SELECT count(*)::integer AS count FROM products');
      return row.count;
    },
    find,
    /** Newest first, of one theme or of all ($1 null). */
    async list(themeId: number | undefined, limit: number, offset: number): Promise<Product[]> {
      const { rows } = await sql.query<Product>(
        `SELECT ${PRODUCT_COLUMNS} FROM products WHERE $1::integer IS NULL OR theme_id = $1
         ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`, [themeId ?? null, limit, offset]);
      return rows;
    },
    async countOf(themeId: number | undefined): Promise<number> {
      const { rows: [row] } = await sql.query<{ count: number }>(
        'SELECT count(*)::integer AS count FROM products WHERE $1::integer IS NULL OR theme_id = $1', [themeId ?? null]);
      return row.count;
    },
    /** Sets the changes that are given (undefined leaves a column as it is); undefined when there is no such product. */
    async update(id: number, changes: ProductChanges): Promise<Product | undefined> {
      const given = (Object.keys(CHANGEABLE) as (keyof ProductChanges)[]).filter((key) => changes[key] !== undefined);
      if (given.length === 0) return find(id);
      const { rows: [product] } = await sql.query<Product>(
        `UPDATE products SET ${given.map((key, index) => `${CHANGEABLE[key]} = $${index + 2}`).join(', ')} WHERE id = $1
         RETURNING ${PRODUCT_COLUMNS}`, [id, ...given.map((key) => changes[key])]);
      return product;
    },
    async setLayout(id: number, layoutId: string): Promise<void> {
      await sql.query('UPDATE products SET layout_id = $2 WHERE id = $1', [id, layoutId]);
    },
    async delete(id: number): Promise<Product | undefined> {
      const { rows: [product] } = await sql.query<Product>(`DELETE FROM products WHERE id = $1 RETURNING ${PRODUCT_COLUMNS}`, [id]);
      return product;
    },
    /** Deletes the catalog's layout (one no shopper owns); shoppers' copies of it are theirs and stay. */
    async deleteCatalogLayout(layoutId: string): Promise<void> {
      await sql.query('DELETE FROM layouts WHERE id = $1 AND owner_id IS NULL', [layoutId]);
    },
    /** Whether another product (bulk products share their exemplar's) still uses this layout or preview. */
    async layoutInUse(layoutId: string): Promise<boolean> {
      const { rows } = await sql.query('SELECT 1 FROM products WHERE layout_id = $1 LIMIT 1', [layoutId]);
      return rows.length > 0;
    },
    async previewInUse(key: string): Promise<boolean> {
      const { rows } = await sql.query('SELECT 1 FROM products WHERE preview_cover = $1 LIMIT 1', [key]);
      return rows.length > 0;
    },
    /**
     * In one statement, with no transaction around it: sets the preview when what it replaces needs no deletion (there
     * was none, or another product shows it too). 'gone' for no such product; 'alone' when the previous preview is
     * shown by this product only: nothing is changed then, and the caller swaps with swapPreview in a transaction that
     * records the previous files for deletion. Another product's swap of the same previous preview at the same moment
     * may see this one's old row as showing it, as swapPreview and previewInUse would: that leaves a file to the sweep
     * of unnamed files, never deletes one in use.
     */
    async swapSharedPreview(id: number, key: string): Promise<'swapped' | 'alone' | 'gone'> {
      const { rows: [row] } = await sql.query<{ alone: boolean }>(`
        WITH old AS (SELECT id, preview_cover FROM products WHERE id = $1 FOR UPDATE),
        checked AS (
          SELECT old.id, old.preview_cover IS NOT NULL AND NOT EXISTS (
                   SELECT 1 FROM products other WHERE other.preview_cover = old.preview_cover AND other.id <> old.id) AS alone
            FROM old),
        swapped AS (UPDATE products p SET preview_cover = $2 FROM checked WHERE p.id = checked.id AND NOT checked.alone RETURNING p.id)
        SELECT alone FROM checked`, [id, key]);
      if (!row) return 'gone';
      return row.alone ? 'alone' : 'swapped';
    },
    /** Sets the preview and returns the one it replaces (null for none); undefined when the product is gone. */
    async swapPreview(id: number, key: string): Promise<{ previous: string | null } | undefined> {
      const { rows: [row] } = await sql.query<{ previous: string | null }>(`
        UPDATE products p SET preview_cover = $2
        FROM (SELECT id, preview_cover FROM products WHERE id = $1 FOR UPDATE) old
        WHERE p.id = old.id RETURNING old.preview_cover AS previous`, [id, key]);
      return row;
    },
    async previewSource(id: number): Promise<PreviewSource | undefined> {
      const { rows: [row] } = await sql.query<PreviewSource>(`
        SELECT p.name, f.width_cm AS "widthCm", f.height_cm AS "heightCm",
               (SELECT lp.blocks FROM layout_pages lp WHERE lp.layout_id = p.layout_id AND lp.num = 0) AS "coverBlocks",
               (SELECT e.image FROM theme_elements e WHERE e.theme_id = p.theme_id AND e.element_type = 'FRONT_COVER_BACKGROUND'
                ORDER BY e.id DESC LIMIT 1) AS "themeFrontCover"
        FROM products p JOIN formats f ON f.id = p.format_id WHERE p.id = $1`, [id]);
      return row;
    },
    async productTypeExists(id: number): Promise<boolean> {
      const { rows } = await sql.query('SELECT 1 FROM product_types WHERE id = $1', [id]);
      return rows.length > 0;
    },
    async formatExists(id: number): Promise<boolean> {
      const { rows } = await sql.query('SELECT 1 FROM formats WHERE id = $1', [id]);
      return rows.length > 0;
    },
    /** Share-locks the theme until the transaction ends (a delete of it waits); false when there is no such theme. */
    async lockThemeForShare(themeId: number): Promise<boolean> {
      const { rows } = await sql.query('SELECT 1 FROM themes WHERE id = $1 FOR SHARE', [themeId]);
      return rows.length > 0;
    },
    /** The theme's newest element of that type (the one a new upload replaces the others with). */
    async newestElementImage(themeId: number, type: ThemeElementType): Promise<string | null> {
      const { rows: [row] } = await sql.query<{ image: string }>(
        'SELECT image FROM theme_elements WHERE theme_id = $1 AND element_type = $2 ORDER BY id DESC LIMIT 1', [themeId, type]);
      return row?.image ?? null;
    },
  };
}

export type ProductsRepository = ReturnType<typeof createProductsRepository>;
