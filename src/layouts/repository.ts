// SQL for layouts, their pages and the page schemes: no rules here.
import type { SqlExecutor } from '../db/database';
import type {
  Block, BindingType, BookStatus, CoverLamination, CoverType, LayoutStatus, PageType, TemplateSlot, UnplacedContent,
} from '../shared/layout-document';
import type { PriceRule } from '../orders/pricing';
import { coverTemplateSize } from '../render/book-geometry';

export interface Layout {
  id: string;
  productId: number | null;
  ownerId: number | null;
  formatId: number | null;
  name: string;
  numPages: number;
  fontSize: number;
  lastSchemePageNum: number;
  schemeThemeRel: Record<string, number>;
  status: LayoutStatus;
  /** The short, unguessable id of editor URLs. */
  hash: string;
  version: number;
  unplaced: UnplacedContent[];
  createdAt: Date;
  updatedAt: Date;
  coverType: CoverType | null;
  bindingType: BindingType | null;
  coverLamination: CoverLamination | null;
  /** The book's own photos (the editing channel's layout/add_photos), in the order added. */
  photoIds: number[];
  /** The status the shop's front end reads (BOOK_STATUS). */
  bookStatus: BookStatus;
}

/** What a new layout is made of; the database gives it its id, hash, version and times. */
export type NewLayout = Pick<Layout, 'productId' | 'formatId' | 'name' | 'fontSize' | 'lastSchemePageNum' | 'schemeThemeRel' | 'unplaced'>
  & Partial<Pick<Layout, 'ownerId' | 'coverType' | 'bindingType' | 'coverLamination' | 'photoIds'>>;

/** With the product's name and theme, and the format's size (for the format's name the front end shows). */
export type LayoutRow = Layout & {
  productName: string | null; themeId: number | null; formatWidthCm: number | null; formatHeightCm: number | null;
};
/** A layout in the owner's list, with the price rule of its format (null when the format has no price). */
export type ListedLayoutRow = LayoutRow & { priceRule: PriceRule | null };

export interface LayoutPage {
  id: string;
  layoutId: string;
  num: number;
  type: PageType;
  /** numeric(10, 4), as text. */
  factor: string;
  widthPx: number;
  viewbox: { width: number; height: number };
  templateId: number | null;
  blocks: Block[];
}
/** A page of a new layout: a new id unless one is given. */
export type NewLayoutPage = Omit<LayoutPage, 'id' | 'layoutId'> & { id?: string };
export type LayoutPageRow = LayoutPage & { templateWidth: number | null; templateHeight: number | null };

/** A page scheme: a template with a category (cover templates have none). */
export interface Template {
  id: number;
  width: number;
  height: number;
  categoryId: string;
  coverFormatId: number | null;
  slots: TemplateSlot[];
}

export interface Format {
  id: number;
  name: string;
  widthCm: number;
  heightCm: number;
  orientation: string;
  nameRu: string;
  nameEn: string;
}

/**
 * The book's status as the front end reads it: an OPEN layout is INORDER while one of its orders is in its owner's
 * cart (an OPEN order set), else COMPLETED once finished (layout/finish, until the next edit).
 */
const BOOK_STATUS = `CASE WHEN l.status <> 'OPEN' THEN l.status
  WHEN EXISTS (SELECT 1 FROM orders o JOIN order_sets s ON s.id = o.order_set_id AND s.status = 'OPEN' WHERE o.layout_id = l.id) THEN 'INORDER'
  WHEN l.finished THEN 'COMPLETED' ELSE 'OPEN' END`;

export const LAYOUT_COLUMNS = `l.id, l.product_id AS "productId", l.owner_id AS "ownerId", l.format_id AS "formatId", l.name,
  l.num_pages AS "numPages", l.font_size AS "fontSize", l.last_scheme_page_num AS "lastSchemePageNum",
  l.scheme_theme_rel AS "schemeThemeRel", l.status, l.hash, l.version, l.unplaced, l.created_at AS "createdAt",
  l.updated_at AS "updatedAt", l.cover_type AS "coverType", l.binding_type AS "bindingType", l.cover_lamination AS "coverLamination",
  l.photo_ids AS "photoIds", ${BOOK_STATUS} AS "bookStatus", p.name AS "productName", p.theme_id AS "themeId", f.width_cm AS "formatWidthCm", f.height_cm AS "formatHeightCm"`;
export const LAYOUT_JOINS = 'FROM layouts l LEFT JOIN products p ON p.id = l.product_id LEFT JOIN formats f ON f.id = l.format_id';

const PAGE_COLUMNS = `lp.id, lp.layout_id AS "layoutId", lp.num, lp.type, lp.factor::text AS factor, lp.width_px AS "widthPx", lp.viewbox,
  lp.template_id AS "templateId", lp.blocks, t.width AS "templateWidth", t.height AS "templateHeight"`;
const PAGE_JOINS = 'FROM layout_pages lp LEFT JOIN templates t ON t.id = lp.template_id';

const FORMAT_COLUMNS = 'id, name, width_cm AS "widthCm", height_cm AS "heightCm", orientation, name_ru AS "nameRu", name_en AS "nameEn"';

/** The owner's layouts with one book status ($2), or all but the bin's when $2 is null. */
const OWNED = `l.owner_id = $1 AND ($2::text IS NULL AND l.status <> 'DELETED' OR (${BOOK_STATUS}) = $2)`;

// The first key of the owner lock (the second is the owner's id): a constant no other advisory lock uses.
const OWNER_LOCK_CLASS = 7_305_017;

export function createLayoutsRepository(sql: SqlExecutor) {
  return {
    /** Inserts a layout with its pages; returns the layout's id. */
    async insertWithPages(layout: NewLayout, pages: NewLayoutPage[]): Promise<string> {
      const { rows: [{ id }] } = await sql.query<{ id: string }>(
        `INSERT INTO layouts (product_id, owner_id, format_id, name, num_pages, font_size, last_scheme_page_num, scheme_theme_rel,
                              unplaced, cover_type, binding_type, cover_lamination, photo_ids)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING id`,
        [layout.productId, layout.ownerId ?? null, layout.formatId, layout.name, pages.length, layout.fontSize, layout.lastSchemePageNum,
          JSON.stringify(layout.schemeThemeRel), JSON.stringify(layout.unplaced), layout.coverType ?? null, layout.bindingType ?? null,
          layout.coverLamination ?? null, JSON.stringify(layout.photoIds ?? [])]);
      if (pages.length > 0) {
        await sql.query(
          `INSERT INTO layout_pages (id, layout_id, num, type, factor, width_px, viewbox, template_id, blocks)
           SELECT coalesce(v.id, gen_random_uuid()), $1, v.num, v.type, v.factor, v.width_px, v.viewbox, v.template_id, v.blocks
           FROM jsonb_to_recordset($2::jsonb)
             AS v(id uuid, num integer, type text, factor numeric, width_px integer, viewbox jsonb, template_id integer, blocks jsonb)`,
          [id, JSON.stringify(pages.map((page) => ({
            id: page.id ?? null, num: page.num, type: page.type, factor: page.factor, width_px: page.widthPx, viewbox: page.viewbox,
            template_id: page.templateId, blocks: page.blocks,
          })))]);
      }
      return id;
    },

    /** By its id, or by its hash (the editor's URL). */
    async find(ref: string | { id: string } | { hash: string }): Promise<LayoutRow | undefined> {
      const [where, value] = typeof ref === 'string' ? ['l.id', ref] : 'id' in ref ? ['l.id', ref.id] : ['l.hash', ref.hash];
      const { rows: [row] } = await sql.query<LayoutRow>(
        `SELECT ${LAYOUT_COLUMNS} ${LAYOUT_JOINS} WHERE ${where} = $1`, [value]);
      return row;
    },

    /** The covers (page 0) of the given layouts. */
    async coversOf(layoutIds: string[]): Promise<LayoutPageRow[]> {
      if (layoutIds.length === 0) return [];
      const { rows } = await sql.query<LayoutPageRow>(
        `SELECT ${PAGE_COLUMNS} ${PAGE_JOINS} WHERE lp.layout_id = ANY($1::uuid[]) AND lp.num = 0`, [layoutIds]);
      return rows;
    },

    /** The upright pixel sizes of the given photos that are ready (a book's photos, placed or listed). */
    async photoSizes(ownerId: number | null, photoIds: number[], sharedLayoutId: string | null = null): Promise<Map<number, { width: number; height: number }>> {
      if (photoIds.length === 0 || ownerId === null) return new Map();
      // With sharedLayoutId, the photos of the book's current members count too (issue 50: they add their own).
      const { rows } = await sql.query<{ id: number; width: number; height: number }>(
        `SELECT id, width, height FROM photos WHERE id = ANY($1::int[]) AND status = 'ready'
           AND (owner_id = $2 OR owner_id IN (SELECT user_id FROM layout_members WHERE layout_id = $3))`, [photoIds, ownerId, sharedLayoutId]);
      return new Map(rows.map((row) => [row.id, { width: row.width, height: row.height }]));
    },

    async pagesOf(layoutId: string): Promise<LayoutPageRow[]> {
      const { rows } = await sql.query<LayoutPageRow>(`SELECT ${PAGE_COLUMNS} ${PAGE_JOINS} WHERE lp.layout_id = $1 ORDER BY lp.num`, [layoutId]);
      return rows;
    },

    /** The product's own layout (the catalog's, not a shopper's copy) and whether shoppers may see the product. */
    async productLayout(productId: number): Promise<{ layoutId: string | null; approved: boolean } | undefined> {
      const { rows: [row] } = await sql.query<{ layoutId: string | null; approved: boolean }>(
        'SELECT p.layout_id AS "layoutId", t.approved FROM products p JOIN themes t ON t.id = p.theme_id WHERE p.id = $1', [productId]);
      return row;
    },

    async listOwned(ownerId: number, status: BookStatus | undefined, limit: number, offset: number): Promise<ListedLayoutRow[]> {
      const { rows } = await sql.query<LayoutRow & {
        baseKopecks: string | number | null; includedPages: number | null; extraPageKopecks: string | number | null;
      }>(
        `SELECT ${LAYOUT_COLUMNS}, pr.base_kopecks AS "baseKopecks", pr.included_pages AS "includedPages",
                pr.extra_page_kopecks AS "extraPageKopecks"
         ${LAYOUT_JOINS} LEFT JOIN prices pr ON pr.format_id = l.format_id
         WHERE ${OWNED} ORDER BY l.created_at DESC, l.id DESC LIMIT $3 OFFSET $4`, [ownerId, status ?? null, limit, offset]);
      // bigint arrives as a string from pg and as a number from PGlite.
      return rows.map(({ baseKopecks, includedPages, extraPageKopecks, ...layout }) => ({
        ...layout,
        priceRule: baseKopecks === null
          ? null : { baseKopecks: Number(baseKopecks), includedPages: includedPages!, extraPageKopecks: Number(extraPageKopecks) },
      }));
    },

    async countOwned(ownerId: number, status: BookStatus | undefined): Promise<number> {
      const { rows: [row] } = await sql.query<{ count: number }>(
        `SELECT count(*)::integer AS count FROM layouts l WHERE ${OWNED}`, [ownerId, status ?? null]);
      return row.count;
    },

    /** Holds the owner's layouts lock until the transaction ends (an advisory lock: no row is locked). */
    async lockOwner(ownerId: number): Promise<void> {
      await sql.query('SELECT pg_advisory_xact_lock($1, $2)', [OWNER_LOCK_CLASS, ownerId]);
    },

    async rename(id: string, name: string): Promise<void> {
      await sql.query('UPDATE layouts SET name = $2, updated_at = now() WHERE id = $1', [id, name]);
    },

    /** Moves the layout from one status to another; false when it no longer has the first (an order froze it). */
    async moveStatus(id: string, from: LayoutStatus, to: LayoutStatus): Promise<boolean> {
      const { rowCount } = await sql.query(
        'UPDATE layouts SET status = $3, updated_at = now() WHERE id = $1 AND status = $2', [id, from, to]);
      return rowCount === 1;
    },

    /**
     * Sets the title of the layout's cover: the text of its first TEXT block (a cover without one keeps its blocks).
     * One statement, so that an edit of the cover at the same moment is either before it or after it.
     */
    async retitleCover(layoutId: string, title: string): Promise<void> {
      await sql.query(`
        UPDATE layout_pages SET blocks = (
          SELECT jsonb_agg(CASE WHEN position = (SELECT min(p) FROM jsonb_array_elements(blocks) WITH ORDINALITY AS t(b, p) WHERE b->>'type' = 'TEXT')
                                THEN jsonb_set(block, '{content,text}', to_jsonb($2::text)) ELSE block END ORDER BY position)
          FROM jsonb_array_elements(blocks) WITH ORDINALITY AS old(block, position))
        WHERE layout_id = $1 AND num = 0 AND jsonb_array_length(blocks) > 0`, [layoutId, title]);
    },

    async format(id: number): Promise<Format | undefined> {
      const { rows: [row] } = await sql.query<Format>(`SELECT ${FORMAT_COLUMNS} FROM formats WHERE id = $1`, [id]);
      return row;
    },

    /** Page schemes in id order, of the given categories (all when none are given); never a cover template. */
    async templates(categories: string[]): Promise<Template[]> {
      const { rows } = await sql.query<Template>(
        `SELECT id, width, height, category_id AS "categoryId", cover_format_id AS "coverFormatId", slots FROM templates
         WHERE cover_format_id IS NULL AND (cardinality($1::text[]) = 0 OR category_id = ANY($1::text[])) ORDER BY id`, [categories]);
      return rows;
    },

    /** The format's cover template, made on first use (a format added later gets one too). */
    async coverTemplate(format: Pick<Format, 'id' | 'widthCm' | 'heightCm'>): Promise<{ id: number; width: number; height: number }> {
      const size = coverTemplateSize(format);
      const { rows: [row] } = await sql.query<{ id: number; width: number; height: number }>(
        `INSERT INTO templates (width, height, cover_format_id) VALUES ($1, $2, $3)
         ON CONFLICT (cover_format_id) DO UPDATE SET width = EXCLUDED.width, height = EXCLUDED.height
         RETURNING id, width, height`, [size.width, size.height, format.id]);
      return row;
    },
  };
}

export type LayoutsRepository = ReturnType<typeof createLayoutsRepository>;
