// SQL of the editing channel: batch reads under row locks, batch writes, the record of applied transactions. Two
// round trips read a batch and one writes it: each round trip is a wait the batch's editors share.
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
    /** Bounds the batch's transaction: how long it waits for a lock, and how long any statement of it may run. */
    async limitTransaction(lockTimeoutMs: number, statementTimeoutMs: number): Promise<void> {
      // SET takes no parameters: integers only are written into the statement.
      await sql.query(`SET LOCAL lock_timeout = ${Math.trunc(lockTimeoutMs)}; SET LOCAL statement_timeout = ${Math.trunc(statementTimeoutMs)}`);
    },
    /**
     * Locks the layouts (in id order, so that concurrent batches cannot deadlock) and reads them. wait false: leaves
     * out the layouts another transaction holds instead of waiting for them.
     */
    async lockLayouts(ids: string[], wait: boolean): Promise<Map<string, EditedLayout>> {
      const { rows } = await sql.query<{
        id: string; owner_id: number | null; status: EditedLayout['status']; version: number; last_scheme_page_num: number;
        scheme_theme_rel: Record<string, number>; unplaced: EditedLayout['unplaced']; width_cm: number | null; height_cm: number | null;
      }>(`SELECT l.id, l.owner_id, l.status, l.version, l.last_scheme_page_num, l.scheme_theme_rel, l.unplaced, f.width_cm, f.height_cm
          FROM layouts l LEFT JOIN formats f ON f.id = l.format_id
          WHERE l.id = ANY($1::uuid[]) ORDER BY l.id FOR UPDATE OF l ${wait ? '' : 'SKIP LOCKED'}`, [ids], { prepare: true });
      return new Map(rows.map((row) => [row.id, {
        id: row.id, ownerId: row.owner_id, status: row.status, version: row.version, lastSchemePageNum: row.last_scheme_page_num,
        schemeThemeRel: row.scheme_theme_rel, unplaced: row.unplaced,
        format: row.width_cm === null || row.height_cm === null ? null : { widthCm: row.width_cm, heightCm: row.height_cm },
        changed: false,
      }]));
    },

    /**
     * The pages, schemes, senders' accounts and applied transactions a batch needs, in one round trip (after its
     * layouts are locked). Accounts: those not deleted, with their role and token version now (checked on every message).
     */
    async rows(pageIds: string[], schemeIds: number[], userIds: number[], transactionIds: string[]): Promise<Omit<BatchState, 'layouts'> & {
      known: Map<string, { messageHash: string; ack: object }>;
    }> {
      const { rows: [row] } = await sql.query<{
        pages: {
          id: string; layout_id: string; num: number; type: EditedPage['type']; factor: string; width_px: number;
          viewbox: EditedPage['viewbox']; template_id: number | null; template_width: number | null; template_height: number | null;
          blocks: EditedPage['blocks'];
        }[];
        schemes: Scheme[];
        accounts: { id: number; role: EditingAccount['role']; token_version: number }[];
        known: { user_id: number; transaction_id: string; message_hash: string; ack: object }[];
      }>(`SELECT
          (SELECT coalesce(json_agg(r), '[]') FROM (
            SELECT p.id, p.layout_id, p.num, p.type, p.factor::text AS factor, p.width_px, p.viewbox, p.template_id,
                   t.width AS template_width, t.height AS template_height, p.blocks
            FROM layout_pages p LEFT JOIN templates t ON t.id = p.template_id WHERE p.id = ANY($1::uuid[])) r) AS pages,
          (SELECT coalesce(json_agg(r), '[]') FROM (
            SELECT id, width, height, slots FROM templates WHERE id = ANY($2::int[]) AND cover_format_id IS NULL) r) AS schemes,
          (SELECT coalesce(json_agg(r), '[]') FROM (
            SELECT id, role, token_version FROM users WHERE id = ANY($3::int[]) AND deleted_at IS NULL) r) AS accounts,
          (SELECT coalesce(json_agg(r), '[]') FROM (
            SELECT user_id, transaction_id, message_hash, ack FROM layout_transactions WHERE transaction_id = ANY($4::uuid[])) r) AS known`,
      [pageIds, schemeIds, userIds, transactionIds], { prepare: true });
      return {
        pages: new Map(row.pages.map((page) => [page.id, {
          id: page.id, layoutId: page.layout_id, num: page.num, type: page.type, factor: page.factor, widthPx: page.width_px,
          viewbox: page.viewbox, templateId: page.template_id, templateWidth: page.template_width, templateHeight: page.template_height,
          blocks: page.blocks, changed: false,
        }])),
        schemes: new Map(row.schemes.map((scheme) => [scheme.id, scheme])),
        accounts: new Map(row.accounts.map((account) => [account.id, { role: account.role, tokenVersion: account.token_version }])),
        // Keyed by appliedKey(user, transaction id).
        known: new Map(row.known.map((applied) => [appliedKey(applied.user_id, applied.transaction_id), {
          messageHash: applied.message_hash, ack: applied.ack,
        }])),
      };
    },

    /** Writes every changed page and layout and records the applied transactions, in one statement. */
    async write(state: BatchState, applied: AppliedTransaction[]): Promise<void> {
      if (applied.length === 0) return;
      const pages = [...state.pages.values()].filter((page) => page.changed)
        .map((page) => ({ id: page.id, template_id: page.templateId, blocks: page.blocks }));
      const layouts = [...state.layouts.values()].filter((layout) => layout.changed).map((layout) => ({
        id: layout.id, version: layout.version, last_scheme_page_num: layout.lastSchemePageNum,
        scheme_theme_rel: layout.schemeThemeRel, unplaced: layout.unplaced,
      }));
      const transactions = applied.map((row) => ({
        transaction_id: row.transactionId, layout_id: row.layoutId, user_id: row.userId, message_hash: row.messageHash, ack: row.ack,
      }));
      await sql.query(`WITH pages AS (
          UPDATE layout_pages p SET template_id = v.template_id, blocks = v.blocks
          FROM jsonb_to_recordset($1::jsonb) AS v(id uuid, template_id integer, blocks jsonb) WHERE p.id = v.id RETURNING 1
        ), layouts AS (
          UPDATE layouts l SET version = v.version, last_scheme_page_num = v.last_scheme_page_num,
            scheme_theme_rel = v.scheme_theme_rel, unplaced = v.unplaced, updated_at = now()
          FROM jsonb_to_recordset($2::jsonb) AS v(id uuid, version integer, last_scheme_page_num integer, scheme_theme_rel jsonb, unplaced jsonb)
          WHERE l.id = v.id RETURNING 1
        )
        INSERT INTO layout_transactions (transaction_id, layout_id, user_id, message_hash, ack)
        SELECT transaction_id, layout_id, user_id, message_hash, ack
        FROM jsonb_to_recordset($3::jsonb) AS v(transaction_id uuid, layout_id uuid, user_id integer, message_hash text, ack jsonb)`,
      [asJson(pages), asJson(layouts), asJson(transactions)], { prepare: true });
    },
  };
}
