// SQL for print files: the layouts an order set prints, and one row per (order set, layout, part).
import type { SqlExecutor } from '../db/database';
import type { PrintPartName, PrintWarning } from './render-layout';

export interface PrintFileRow {
  id: number;
  layout_id: string;
  part: PrintPartName;
  storage_key: string;
  size_bytes: number;
  page_count: number;
  width_mm: number;
  height_mm: number;
  spine_mm: number | null;
  warnings: PrintWarning[];
  rendered_at: Date;
}

export interface NewPrintFile {
  layoutId: string;
  part: PrintPartName;
  storageKey: string;
  sizeBytes: number;
  pageCount: number;
  widthMm: number;
  heightMm: number;
  spineMm: number | null;
  warnings: PrintWarning[];
}

/** The print files' SQL over one executor (the pool, or a transaction's connection). */
export function createPrintRepository(sql: SqlExecutor) {
  return {
    /** Up to `limit` paid sets (not yet in production) without print files, oldest first. */
    async paidWithoutFiles(limit: number): Promise<number[]> {
      const { rows } = await sql.query<{ id: number }>(`SELECT s.id FROM order_sets s WHERE s.status = 'PAID'
        AND NOT EXISTS (SELECT 1 FROM print_files f WHERE f.order_set_id = s.id) ORDER BY s.id LIMIT $1`, [limit]);
      return rows.map((row) => row.id);
    },

    /** The order set's status; undefined when there is no such set. */
    async orderSetStatus(orderSetId: number): Promise<string | undefined> {
      const { rows: [set] } = await sql.query<{ status: string }>('SELECT status FROM order_sets WHERE id = $1', [orderSetId]);
      return set?.status;
    },

    /** The order set's layouts, each once however many copies were ordered; undefined when there is no such set. */
    async orderedLayouts(orderSetId: number): Promise<string[] | undefined> {
      const { rows: [set] } = await sql.query('SELECT id FROM order_sets WHERE id = $1', [orderSetId]);
      if (!set) return undefined;
      const { rows } = await sql.query<{ layout_id: string }>(
        'SELECT DISTINCT layout_id FROM orders WHERE order_set_id = $1 ORDER BY layout_id', [orderSetId]);
      return rows.map((row) => row.layout_id);
    },

    /** Records the set's files in one statement: a row that exists (an earlier run) is replaced, never doubled. */
    async record(orderSetId: number, files: NewPrintFile[]): Promise<void> {
      if (files.length === 0) return;
      await sql.query(`
        INSERT INTO print_files (order_set_id, layout_id, part, storage_key, size_bytes, page_count, width_mm, height_mm, spine_mm, warnings)
        SELECT $1, f.layout_id, f.part, f.storage_key, f.size_bytes, f.page_count, f.width_mm, f.height_mm, f.spine_mm, f.warnings
        FROM jsonb_to_recordset($2::jsonb) AS f(layout_id uuid, part text, storage_key text, size_bytes bigint, page_count int,
                                               width_mm numeric, height_mm numeric, spine_mm numeric, warnings jsonb)
        ON CONFLICT (order_set_id, layout_id, part) DO UPDATE SET
          storage_key = excluded.storage_key, size_bytes = excluded.size_bytes, page_count = excluded.page_count,
          width_mm = excluded.width_mm, height_mm = excluded.height_mm, spine_mm = excluded.spine_mm,
          warnings = excluded.warnings, rendered_at = now()`,
      [orderSetId, JSON.stringify(files.map((file) => ({
        layout_id: file.layoutId, part: file.part, storage_key: file.storageKey, size_bytes: file.sizeBytes, page_count: file.pageCount,
        width_mm: file.widthMm, height_mm: file.heightMm, spine_mm: file.spineMm, warnings: file.warnings,
      })))]);
    },

    async filesOf(orderSetId: number): Promise<PrintFileRow[]> {
      const { rows } = await sql.query<PrintFileRow>(`
        SELECT id, layout_id, part, storage_key, size_bytes::float8 AS size_bytes, page_count, width_mm::float8 AS width_mm,
               height_mm::float8 AS height_mm, spine_mm::float8 AS spine_mm, warnings, rendered_at
        FROM print_files WHERE order_set_id = $1 ORDER BY layout_id, part DESC`, [orderSetId]);
      return rows;
    },

    async file(id: number): Promise<PrintFileRow | undefined> {
      const { rows: [row] } = await sql.query<PrintFileRow>(
        'SELECT id, layout_id, part, storage_key, size_bytes::float8 AS size_bytes, page_count FROM print_files WHERE id = $1', [id]);
      return row;
    },
  };
}
