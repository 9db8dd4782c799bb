// SQL of the seed data: fixture rows written straight into their tables, bulk copies of products, the demo's themes.
// No rules here: which tables and columns a fixture may name is checked by fixtures.ts before it gets here.
import type { SqlExecutor } from '../db/database';
import { MIGRATION_LOCK_KEY } from '../db/migrate';
import type { ThemeElementType } from '../shared/theme-elements';

/** A column's data_type by its name. */
export type ColumnTypes = Map<string, string>;
export type FixtureRow = Record<string, unknown>;

export interface FormatRow {
  id: number;
  name: string;
}

export interface DemoTheme {
  name: string;
  description: string;
  approved: boolean;
  authorId: number;
  colorId: number;
  styleId: number;
}

export interface DemoElement {
  themeId: number;
  elementType: ThemeElementType;
  image: string;
  width: number;
  height: number;
  isPattern: boolean;
}

// Spread creation times over two years and popularity over 0..9999, deterministically per row.
const TWO_YEARS_SECONDS = 2 * 365 * 24 * 3600;

const INSERT_PRODUCT_COPIES = `
  INSERT INTO products (name, description, theme_id, format_id, product_type_id, special_project, preview_cover,
                        popularity, template_categories, layout_id, created_at)
  SELECT p.name || ' №' || g, p.description, p.theme_id, p.format_id, p.product_type_id, p.special_project,
         p.preview_cover, (g::bigint * 7919) % 10000, p.template_categories, p.layout_id,
         now() - make_interval(secs => ((g::bigint * 104729) % ${TWO_YEARS_SECONDS})::double precision)
  FROM generate_series($1::int, $2::int) AS g
  JOIN products p ON p.id = ($3::int[])[1 + g % $4::int]`;

const SEARCH_INDEXES = ['products_name_trgm_idx', 'products_description_trgm_idx'];

export function createSeedRepository(sql: SqlExecutor) {
  return {
    async columnTypes(table: string): Promise<ColumnTypes> {
      const { rows } = await sql.query<{ column_name: string; data_type: string }>(
        'SELECT column_name, data_type FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1',
        [table],
      );
      return new Map(rows.map((row) => [row.column_name, row.data_type]));
    },

    /**
     * Writes the row (its columns known to exist); returns how many rows it wrote. A row with an id already there
     * is updated, unless keepExisting (an operator may have changed it): then it, like a link row, is left alone.
     */
    async insertRow(table: string, row: FixtureRow, types: ColumnTypes, keepExisting: boolean): Promise<number> {
      const columns = Object.keys(row);
      // jsonb takes JSON text; a text[] column takes the array as it is.
      const values = columns.map((column) => (types.get(column) === 'jsonb' ? JSON.stringify(row[column]) : row[column]));
      const quoted = columns.map((column) => `"${column}"`);
      const placeholders = columns.map((_, index) => `$${index + 1}`);
      const onConflict = columns.includes('id') && !keepExisting
        ? `ON CONFLICT (id) DO UPDATE SET ${quoted.map((column) => `${column} = EXCLUDED.${column}`).join(', ')}`
        : 'ON CONFLICT DO NOTHING';
      const result = await sql.query(`INSERT INTO "${table}" (${quoted.join(', ')}) VALUES (${placeholders.join(', ')}) ${onConflict}`, values);
      return result.rowCount;
    },

    /** Explicit ids do not move a serial's sequence: moves it past them so later inserts do not collide. */
    async moveSequencePastIds(table: string): Promise<void> {
      await sql.query(`SELECT setval(pg_get_serial_sequence('"${table}"', 'id'), (SELECT max(id) FROM "${table}"))`);
    },

    /** The migrations' lock, held to the end of the transaction. */
    async lockAsMigrations(): Promise<void> {
      await sql.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    },

    async hasFormats(): Promise<boolean> {
      const { rows } = await sql.query<{ present: boolean }>('SELECT EXISTS (SELECT 1 FROM formats) AS present');
      return rows[0]?.present ?? false;
    },

    async formats(): Promise<FormatRow[]> {
      return (await sql.query<FormatRow>('SELECT id, name FROM formats ORDER BY id')).rows;
    },

    async productCount(): Promise<number> {
      return (await sql.query<{ total: number }>('SELECT count(*)::int AS total FROM products')).rows[0].total;
    },

    async productsWithoutPreview(): Promise<number> {
      return (await sql.query<{ total: number }>('SELECT count(*)::int AS total FROM products WHERE preview_cover IS NULL')).rows[0].total;
    },

    async idsOfProductsWithLayouts(): Promise<number[]> {
      return (await sql.query<{ id: number }>('SELECT id FROM products WHERE layout_id IS NOT NULL ORDER BY id')).rows.map((row) => row.id);
    },

    /** Products numbered from..to, each a copy of one of the exemplars (by number, round the list). */
    async insertProductCopies(from: number, to: number, exemplarIds: number[]): Promise<void> {
      await sql.query(INSERT_PRODUCT_COPIES, [from, to, exemplarIds, exemplarIds.length]);
    },

    /**
     * With the pending list on, trigram entries are gathered in GIN's pending list and merged in bulk rather than
     * inserted into the index row by row; turned off, the list is merged at once (searches want none, migration 0008).
     */
    async setSearchIndexPendingList(on: boolean): Promise<void> {
      for (const index of SEARCH_INDEXES) {
        await sql.query(`ALTER INDEX ${index} SET (fastupdate = ${on ? 'on' : 'off'})`);
        if (!on) await sql.query(`SELECT gin_clean_pending_list('${index}')`);
      }
    },

    async analyzeProducts(): Promise<void> {
      await sql.query('ANALYZE products');
    },

    /** Returns the authors' ids, in the order given. */
    async insertAuthors(authors: { nameRu: string; nameEn: string }[]): Promise<number[]> {
      const ids: number[] = [];
      for (const author of authors) {
        const { rows } = await sql.query<{ id: number }>(
          'INSERT INTO theme_authors (name_ru, name_en) VALUES ($1, $2) RETURNING id', [author.nameRu, author.nameEn]);
        ids.push(rows[0].id);
      }
      return ids;
    },

    async insertTheme(theme: DemoTheme): Promise<number> {
      const { rows } = await sql.query<{ id: number }>(
        `INSERT INTO themes (name, description, approved, author_id, color_id, style_id) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
        [theme.name, theme.description, theme.approved, theme.authorId, theme.colorId, theme.styleId]);
      return rows[0].id;
    },

    async linkCategories(themeId: number, categoryIds: number[]): Promise<void> {
      await sql.query(
        'INSERT INTO theme_category_links (theme_id, category_id) SELECT $1, unnest($2::int[])', [themeId, categoryIds]);
    },

    async insertElement(element: DemoElement): Promise<void> {
      await sql.query(
        `INSERT INTO theme_elements (theme_id, element_type, image, width, height, is_pattern) VALUES ($1, $2, $3, $4, $5, $6)`,
        [element.themeId, element.elementType, element.image, element.width, element.height, element.isPattern]);
    },
  };
}

export type SeedRepository = ReturnType<typeof createSeedRepository>;
