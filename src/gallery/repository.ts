// SQL for the gallery's product lists: one indexed table, filters as id lists, a total and stable order.
import type { SqlExecutor } from '../db/database';
import type { ProductQuery } from './filters';
import type { CountResult } from './total';

export interface GalleryRow {
  id: number;
  name: string;
  description: string;
  theme_id: number;
  format_id: number;
  product_type_id: number;
  special_project: string | null;
  popularity: number;
  preview_cover: string | null;
  created_at: Date;
}

// Ties broken by id: the order is total, so walking the pages never repeats or skips a product.
const ORDER = {
  new: { forward: 'created_at DESC, id DESC', backward: 'created_at ASC, id ASC' },
  top: { forward: 'popularity DESC, id DESC', backward: 'popularity ASC, id ASC' },
} as const;

/** LIKE pattern that matches the text literally: %, _ and the escape character are plain characters. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

function whereClause(query: ProductQuery): { sql: string; params: unknown[] } {
  const conditions: string[] = [];
  const params: unknown[] = [];
  const add = (condition: (placeholder: string) => string, value: unknown) => {
    params.push(value);
    conditions.push(condition(`$${params.length}`));
  };
  if (query.approvedOnly) conditions.push('theme_id IN (SELECT id FROM themes WHERE approved)');
  if (query.themeIds) add((p) => `theme_id = ANY(${p}::int[])`, query.themeIds);
  if (query.formatIds) add((p) => `format_id = ANY(${p}::int[])`, query.formatIds);
  if (query.productTypeIds) add((p) => `product_type_id = ANY(${p}::int[])`, query.productTypeIds);
  if (query.specialProjects) add((p) => `special_project = ANY(${p}::text[])`, query.specialProjects);
  if (query.templateCategories) add((p) => `template_categories && ${p}::text[]`, query.templateCategories);
  if (query.search) add((p) => `(name ILIKE ${p} OR description ILIKE ${p})`, containsPattern(query.search));
  return { sql: conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '', params };
}

const COLUMNS = 'id, name, description, theme_id, format_id, product_type_id, special_project, popularity, preview_cover, created_at';

/**
 * The statement for rows offset..offset+limit of the matching products in gallery order. A page nearer the end is
 * read from the end in reverse order (and turned back), so the last page costs what the first does.
 */
function pageStatement(query: ProductQuery, offset: number, limit: number, total: number) {
  const where = whereClause(query);
  const fromEnd = offset > total / 2;
  const order = fromEnd ? ORDER[query.sort].backward : ORDER[query.sort].forward;
  const skip = fromEnd ? Math.max(0, total - offset - limit) : offset;
  const take = fromEnd ? Math.min(limit, total - offset) : limit;
  return {
    text: `SELECT ${COLUMNS} FROM products ${where.sql} ORDER BY ${order} LIMIT ${take} OFFSET ${skip}`,
    params: where.params,
    reversed: fromEnd,
  };
}

export function createGalleryRepository(sql: SqlExecutor) {
  return {
    /** The number of matching products, and the snapshot it was counted in (see total.ts). */
    async count(query: ProductQuery): Promise<CountResult> {
      const where = whereClause(query);
      // Prepared: one text per combination of filters, and every new search string is a count (a gallery miss).
      const { rows } = await sql.query<CountResult>(
        `SELECT count(*)::int AS total, pg_current_snapshot()::text AS snapshot FROM products ${where.sql}`, where.params, { prepare: true });
      return rows[0];
    },
    async page(query: ProductQuery, offset: number, limit: number, total: number): Promise<GalleryRow[]> {
      if (limit <= 0 || offset >= total) return [];
      const statement = pageStatement(query, offset, limit, total);
      const { rows } = await sql.query<GalleryRow>(statement.text, statement.params);
      return statement.reversed ? rows.reverse() : rows;
    },
    /** The plan PostgreSQL runs for that page (the benchmark prints it). */
    async explainPage(query: ProductQuery, offset: number, limit: number, total: number): Promise<string> {
      const statement = pageStatement(query, offset, limit, total);
      const { rows } = await sql.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${statement.text}`, statement.params);
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    },
  };
}

export type GalleryRepository = ReturnType<typeof createGalleryRepository>;
