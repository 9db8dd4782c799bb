// SQL of the editing channel: batch reads under row locks, batch writes, the record of applied transactions.
import type { SqlExecutor } from '../../db/database';
import type { BatchState, EditedLayout, EditedPage, EditingAccount, Scheme } from './state';

export interface AppliedTransaction {
  transactionId: string;
  layoutId: string;
  userId: number;
  messageHash: string;
  ack: object;
}

/** Transaction ids are per user. */
export const appliedKey = (userId: number, transactionId: string) => `${userId}:${transactionId}`;

/** Rows as JSON: one statement writes any number of them (jsonb_to_recordset), on a server and on PGlite alike. */
const asJson = (rows: object[]) => JSON.stringify(rows);

export function createEditingRepository(sql: SqlExecutor) {
  return {
    /** Locks the layouts (in id order, so that concurrent batches cannot deadlock) and reads them. */
    async lockLayouts(ids: string[]): Promise<Map<string, EditedLayout>> {
      const { rows } = await sql.query<{
        id: string; owner_id: number | null; status: EditedLayout['status']; version: number; last_scheme_page_num: number;
        scheme_theme_rel: Record<string, number>; unplaced: EditedLayout['unplaced']; width_cm: number | null; height_cm: number | null;
      }>(`SELECT l.id, l.owner_id, l.status, l.version, l.last_scheme_page_num, l.scheme_theme_rel, l.unplaced, f.width_cm, f.height_cm
          FROM layouts l LEFT JOIN formats f ON f.id = l.format_id
          WHERE l.id = ANY($1::uuid[]) ORDER BY l.id FOR UPDATE OF l`, [ids]);
      return new Map(rows.map((row) => [row.id, {
        id: row.id, ownerId: row.owner_id, status: row.status, version: row.version, lastSchemePageNum: row.last_scheme_page_num,
        schemeThemeRel: row.scheme_theme_rel, unplaced: row.unplaced,
        format: row.width_cm === null || row.height_cm === null ? null : { widthCm: row.width_cm, heightCm: row.height_cm },
        changed: false,
      }]));
    },

    /** The accounts that are not deleted, by id: their role and token version now (checked on every message). */
    async accounts(ids: number[]): Promise<Map<number, EditingAccount>> {
      const { rows } = await sql.query<{ id: number; role: EditingAccount['role']; token_version: number }>(
        'SELECT id, role, token_version FROM users WHERE id = ANY($1::int[]) AND deleted_at IS NULL', [ids]);
      return new Map(rows.map((row) => [row.id, { role: row.role, tokenVersion: row.token_version }]));
    },

    async pages(ids: string[]): Promise<Map<string, EditedPage>> {
      const { rows } = await sql.query<{
        id: string; layout_id: string; num: number; type: EditedPage['type']; factor: string; width_px: number;
        viewbox: EditedPage['viewbox']; template_id: number | null; template_width: number | null; template_height: number | null;
        blocks: EditedPage['blocks'];
      }>(`SELECT p.id, p.layout_id, p.num, p.type, p.factor::text AS factor, p.width_px, p.viewbox, p.template_id,
                 t.width AS template_width, t.height AS template_height, p.blocks
          FROM layout_pages p LEFT JOIN templates t ON t.id = p.template_id WHERE p.id = ANY($1::uuid[])`, [ids]);
      return new Map(rows.map((row) => [row.id, {
        id: row.id, layoutId: row.layout_id, num: row.num, type: row.type, factor: row.factor, widthPx: row.width_px,
        viewbox: row.viewbox, templateId: row.template_id, templateWidth: row.template_width, templateHeight: row.template_height,
        blocks: row.blocks, changed: false,
      }]));
    },

    async schemes(ids: number[]): Promise<Map<number, Scheme>> {
      const { rows } = await sql.query<Scheme>('SELECT id, width, height, slots FROM templates WHERE id = ANY($1::int[]) AND cover_format_id IS NULL', [ids]);
      return new Map(rows.map((row) => [row.id, row]));
    },

    /** Keyed by appliedKey(user, transaction id). */
    async appliedTransactions(ids: string[]): Promise<Map<string, { messageHash: string; ack: object }>> {
      const { rows } = await sql.query<{ user_id: number; transaction_id: string; message_hash: string; ack: object }>(
        'SELECT user_id, transaction_id, message_hash, ack FROM layout_transactions WHERE transaction_id = ANY($1::uuid[])', [ids]);
      return new Map(rows.map((row) => [appliedKey(row.user_id, row.transaction_id), { messageHash: row.message_hash, ack: row.ack }]));
    },

    /** Writes every changed page and layout and records the applied transactions: three statements per batch. */
    async write(state: BatchState, applied: AppliedTransaction[]): Promise<void> {
      const pages = [...state.pages.values()].filter((page) => page.changed)
        .map((page) => ({ id: page.id, template_id: page.templateId, blocks: page.blocks }));
      if (pages.length > 0) {
        await sql.query(`UPDATE layout_pages p SET template_id = v.template_id, blocks = v.blocks
          FROM jsonb_to_recordset($1::jsonb) AS v(id uuid, template_id integer, blocks jsonb) WHERE p.id = v.id`, [asJson(pages)]);
      }
      const layouts = [...state.layouts.values()].filter((layout) => layout.changed).map((layout) => ({
        id: layout.id, version: layout.version, last_scheme_page_num: layout.lastSchemePageNum,
        scheme_theme_rel: layout.schemeThemeRel, unplaced: layout.unplaced,
      }));
      if (layouts.length > 0) {
        await sql.query(`UPDATE layouts l SET version = v.version, last_scheme_page_num = v.last_scheme_page_num,
            scheme_theme_rel = v.scheme_theme_rel, unplaced = v.unplaced, updated_at = now()
          FROM jsonb_to_recordset($1::jsonb) AS v(id uuid, version integer, last_scheme_page_num integer, scheme_theme_rel jsonb, unplaced jsonb)
          WHERE l.id = v.id`, [asJson(layouts)]);
      }
      if (applied.length > 0) {
        await sql.query(`INSERT INTO layout_transactions (transaction_id, layout_id, user_id, message_hash, ack)
          SELECT transaction_id, layout_id, user_id, message_hash, ack
          FROM jsonb_to_recordset($1::jsonb) AS v(transaction_id uuid, layout_id uuid, user_id integer, message_hash text, ack jsonb)`,
        [asJson(applied.map((row) => ({
          transaction_id: row.transactionId, layout_id: row.layoutId, user_id: row.userId, message_hash: row.messageHash, ack: row.ack,
        })))]);
      }
    },
  };
}
