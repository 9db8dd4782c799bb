// The two statements of an editing batch, its read and its write, each written with only the parts its messages
// need. Both run at every batch and PostgreSQL plans them anew each time (their plan depends on the arrays they are
// given): a part with nothing to do cost its planning and some execution all the same. A batch of 50 `page`/`set`
// edits on PGlite: the read 3.7 -> 1.9 ms, the write 6.9 -> 5.8 ms; on a server the read's planning 0.9 -> 0.4 ms and
// its execution 1.5 -> 0.9 ms. Each statement has variants (which parts are there: at most 2^9 reads and 2^11 writes,
// a few dozen in practice, as the operations need them), each prepared once.
import { type StatementParameters, statementParameters } from '../../db/statement-parameters';
import { PHOTO_LOOK_COLUMN } from './photo-look-statement';
import { LAYOUT_CHANGES_CHANNEL } from './change-notices';

/** What a batch's messages need read, besides their layouts (see EditOperation.targets). */
export interface BatchReads {
  /** The batch's layouts: the photos of their unplaced contents are read. */
  layoutIds: string[];
  pageIds: string[];
  /** Blocks by id, searched in the pages of their layouts. */
  blocks: { layoutIds: string[]; blockIds: string[] };
  /** Layouts read whole: every page. */
  wholeLayoutIds: string[];
  schemeIds: number[];
  /** Every page scheme (autofill chooses among them). */
  allSchemes: boolean;
  photoIds: number[];
  /** Layouts whose whole photo list is read (its photos' facts). */
  photoListLayoutIds: string[];
  backgroundIds: number[];
  /** Layouts whose stored undo history is read. */
  historyLayoutIds: string[];
  userIds: number[];
  /** The messages' transactions, by their key (the user's id and the transaction id: the primary key's order). */
  transactions: { userId: number; transactionId: string }[];
}

/** An applied message's record (layout_transactions): its ack is answered again to a replay of its transaction. */
export interface AppliedTransaction {
  transactionId: string;
  layoutId: string;
  userId: number;
  messageHash: string;
  ack: object;
}

export interface Statement {
  text: string;
  values: unknown[];
}

/** A JSON list of the query's rows (r), or an empty list without a query. */
const listOf = (query: string | null, order = '') => (query === null ? `'[]'::json` : `(SELECT coalesce(json_agg(r${order}), '[]') FROM (${query}) r)`);

/** The pages the batch's messages name (by id, whole layouts, or the pages holding the blocks named); null for none. */
function pageConditions(reads: BatchReads, params: StatementParameters): string | null {
  const conditions: string[] = [];
  if (reads.pageIds.length > 0) conditions.push(`p.id = ANY(${params.add(reads.pageIds, 'uuid[]')})`);
  if (reads.wholeLayoutIds.length > 0) conditions.push(`p.layout_id = ANY(${params.add(reads.wholeLayoutIds, 'uuid[]')})`);
  if (reads.blocks.blockIds.length > 0) {
    conditions.push(`(p.layout_id = ANY(${params.add(reads.blocks.layoutIds, 'uuid[]')})
      AND EXISTS (SELECT 1 FROM jsonb_array_elements(p.blocks) b WHERE b->>'id' = ANY(${params.add(reads.blocks.blockIds, 'text[]')})))`);
  }
  return conditions.length > 0 ? conditions.join(' OR ') : null;
}

/** The ids of the photos the batch needs: those named, those placed on the pages read, those of the lists asked for. */
function photoSources(reads: BatchReads, params: StatementParameters, pagesRead: boolean): string[] {
  const sources: string[] = [];
  if (reads.photoIds.length > 0) sources.push(`SELECT unnest(${params.add(reads.photoIds, 'int[]')})`);
  if (pagesRead) {
    sources.push(`SELECT (b->'content'->'photo'->>'photo_id')::int FROM pg, jsonb_array_elements(pg.blocks) b
      WHERE jsonb_typeof(b->'content'->'photo') = 'object'`);
  }
  if (reads.photoListLayoutIds.length > 0) {
    sources.push(`SELECT e::int FROM layouts l, jsonb_array_elements_text(l.photo_ids) e WHERE l.id = ANY(${params.add(reads.photoListLayoutIds, 'uuid[]')})`);
  }
  if (reads.layoutIds.length > 0) {
    sources.push(`SELECT (u->'content'->'photo'->>'photo_id')::int FROM layouts l, jsonb_array_elements(l.unplaced) u
      WHERE l.id = ANY(${params.add(reads.layoutIds, 'uuid[]')}) AND jsonb_typeof(u->'content'->'photo') = 'object'`);
  }
  return sources;
}

/**
 * One row: the pages, schemes, accounts, known transactions, photos, backgrounds and stored undo steps the batch
 * needs, each a JSON list (empty when the batch needs none).
 */
export function readStatement(reads: BatchReads): Statement {
  const params = statementParameters();
  const pages = pageConditions(reads, params);
  const photos = photoSources(reads, params, pages !== null);
  const schemes = reads.schemeIds.length > 0 || reads.allSchemes
    ? `SELECT id, width, height, slots FROM templates WHERE ${reads.allSchemes ? 'true' : `id = ANY(${params.add(reads.schemeIds, 'int[]')})`} AND cover_format_id IS NULL`
    : null;
  const accounts = `SELECT id, role, token_version FROM users WHERE id = ANY(${params.add(reads.userIds, 'int[]')}) AND deleted_at IS NULL`;
  // By the whole primary key: a transaction id alone would be a scan of every recorded transaction.
  const known = `SELECT user_id, transaction_id, message_hash, ack FROM layout_transactions
    WHERE (user_id, transaction_id) IN (SELECT * FROM unnest(${params.add(reads.transactions.map((key) => key.userId), 'int[]')},
      ${params.add(reads.transactions.map((key) => key.transactionId), 'uuid[]')}))`;
  const text = `${pages === null ? '' : `WITH pg AS (
      SELECT p.id, p.layout_id, p.num, p.type, p.factor::text AS factor, p.width_px, p.viewbox, p.template_id,
             t.width AS template_width, t.height AS template_height, p.blocks
      FROM layout_pages p LEFT JOIN templates t ON t.id = p.template_id
      WHERE ${pages})`}
    SELECT ${pages === null ? `'[]'::json` : `(SELECT coalesce(json_agg(pg), '[]') FROM pg)`} AS pages,
      ${listOf(schemes)} AS schemes,
      ${listOf(accounts)} AS accounts,
      ${listOf(known)} AS known,
      ${listOf(photos.length === 0 ? null : `SELECT id, owner_id, width, height, focus_x, focus_y, status = 'ready' AND master_key IS NOT NULL AS ready,
          deleted_at IS NOT NULL AS deleted, CASE WHEN capture_source IN ('exif', 'file') THEN (extract(epoch FROM captured_at) * 1000)::float8 END AS captured_ms,
          duplicate_group, ${PHOTO_LOOK_COLUMN}
        -- One list of ids, looked up by the primary key (an OR of subqueries would scan the whole table).
        FROM photos WHERE id IN (${photos.join(' UNION ')})`)} AS photos,
      ${listOf(reads.backgroundIds.length === 0 ? null
        : `SELECT id, theme_id, image FROM theme_elements WHERE id = ANY(${params.add(reads.backgroundIds, 'int[]')}) AND element_type = 'PAGE_BACKGROUND'`)} AS backgrounds,
      ${listOf(reads.historyLayoutIds.length === 0 ? null
        : `SELECT layout_id, step, undone, before, after, user_id, version, skipped FROM layout_history WHERE layout_id = ANY(${params.add(reads.historyLayoutIds, 'uuid[]')})`, ' ORDER BY r.layout_id, r.step')} AS steps`;
  return { text, values: params.values };
}

/** What a batch writes, as rows (repository.ts makes them from the batch's state). */
export interface BatchWrites {
  removedPageIds: string[];
  pages: object[];
  layouts: object[];
  history: {
    /** user_id: a member's step (issue 50), null for the owner's; version: the book's version it was done at. */
    created: { layout_id: string; step: number; undone: boolean; before: unknown; after: unknown; user_id?: number | null; version?: number | null }[];
    /** The owner's redo branch (steps without user_id) of these layouts; dropMembersRedo: a member's own. */
    dropStoredRedo: string[];
    dropMembersRedo?: { layout_id: string; user_id: number }[];
    deleted: { layout_id: string; step: number }[];
    trimmed: { layout_id: string; keep: number }[];
    flagged: object[];
  };
  cartPrices: object[];
  applied: AppliedTransaction[];
  notices: string[];
}

/** A json column's value, each row's its own: SQL null for a value that is absent. */
const jsonOrNull = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));

/**
 * The batch's write, one statement: every changed, added and removed page, the changed layouts, their history, the
 * cart prices that follow a page count, the applied transactions, and the change notices (sent at commit).
 */
export function writeStatement(writes: BatchWrites): Statement {
  const params = statementParameters();
  const { history } = writes;
  const parts: string[] = [];
  if (writes.removedPageIds.length > 0) {
    parts.push(`removed AS (DELETE FROM layout_pages WHERE id = ANY(${params.add(writes.removedPageIds, 'uuid[]')}) RETURNING 1)`);
  }
  if (writes.pages.length > 0) {
    parts.push(`pages AS (
      INSERT INTO layout_pages (id, layout_id, num, type, factor, width_px, viewbox, template_id, blocks)
      SELECT v.id, v.layout_id, v.num, v.type, v.factor, v.width_px, v.viewbox, v.template_id, v.blocks
      FROM jsonb_to_recordset(${params.add(JSON.stringify(writes.pages), 'jsonb')})
        AS v(id uuid, layout_id uuid, num integer, type text, factor numeric, width_px integer, viewbox jsonb, template_id integer, blocks jsonb)
      ON CONFLICT (id) DO UPDATE SET num = excluded.num, template_id = excluded.template_id, blocks = excluded.blocks
      RETURNING 1)`);
  }
  if (writes.layouts.length > 0) {
    parts.push(`layouts AS (
      UPDATE layouts l SET version = v.version, finished = v.finished, last_scheme_page_num = v.last_scheme_page_num, scheme_theme_rel = v.scheme_theme_rel,
        unplaced = v.unplaced, num_pages = v.num_pages, photo_ids = v.photo_ids, updated_at = now()
      FROM jsonb_to_recordset(${params.add(JSON.stringify(writes.layouts), 'jsonb')})
        AS v(id uuid, version integer, finished boolean, last_scheme_page_num integer, scheme_theme_rel jsonb, unplaced jsonb, num_pages integer, photo_ids jsonb)
      WHERE l.id = v.id RETURNING 1)`);
  }
  // Three deletions, each through an index: one statement with the three conditions OR-ed was planned as a scan of
  // the whole table (dead rows too), in every batch. The steps and trims come as arrays (unnest's row count is known,
  // where a recordset's is guessed at 100 and a hash join over the whole table was chosen). The redo branch is found
  // through layout_history_redo_idx (undone steps only). A step two of them name is deleted once.
  if (history.dropStoredRedo.length > 0) {
    parts.push(`dropped_redo AS (DELETE FROM layout_history h WHERE h.layout_id = ANY(${params.add(history.dropStoredRedo, 'uuid[]')}) AND h.undone AND h.user_id IS NULL RETURNING 1)`);
  }
  const membersRedo = history.dropMembersRedo ?? [];
  if (membersRedo.length > 0) {
    parts.push(`dropped_members_redo AS (
      DELETE FROM layout_history h USING unnest(${params.add(membersRedo.map((row) => row.layout_id), 'uuid[]')},
        ${params.add(membersRedo.map((row) => row.user_id), 'integer[]')}) AS e(layout_id, user_id)
      WHERE h.layout_id = e.layout_id AND h.undone AND h.user_id = e.user_id RETURNING 1)`);
  }
  if (history.deleted.length > 0) {
    parts.push(`dropped_steps AS (
      DELETE FROM layout_history h USING unnest(${params.add(history.deleted.map((row) => row.layout_id), 'uuid[]')},
        ${params.add(history.deleted.map((row) => row.step), 'integer[]')}) AS e(layout_id, step)
      WHERE h.layout_id = e.layout_id AND h.step = e.step RETURNING 1)`);
  }
  // The trim keeps the `keep` newest stored steps not undone (with the batch's new ones, HISTORY_STEPS): counted, not
  // numbered, since a dropped redo branch leaves its numbers unused. The steps below the oldest kept one go.
  if (history.trimmed.length > 0) {
    parts.push(`trimmed_steps AS (
      DELETE FROM layout_history h USING unnest(${params.add(history.trimmed.map((row) => row.layout_id), 'uuid[]')},
        ${params.add(history.trimmed.map((row) => row.keep), 'integer[]')}) AS t(layout_id, keep)
        CROSS JOIN LATERAL (SELECT coalesce(min(newest.step), 2147483647) AS oldest_kept FROM (
          SELECT k.step FROM layout_history k WHERE k.layout_id = t.layout_id AND NOT k.undone ORDER BY k.step DESC LIMIT t.keep) newest) kept
      WHERE h.layout_id = t.layout_id AND h.step < kept.oldest_kept RETURNING 1)`);
  }
  if (history.flagged.length > 0) {
    parts.push(`flagged_steps AS (
      UPDATE layout_history h SET undone = v.undone, after = v.after, version = coalesce(v.version, h.version), skipped = coalesce(v.skipped, h.skipped)
      FROM json_to_recordset(${params.add(JSON.stringify(history.flagged), 'json')})
        AS v(layout_id uuid, step integer, undone boolean, after json, version integer, skipped boolean)
      WHERE h.layout_id = v.layout_id AND h.step = v.step RETURNING 1)`);
  }
  if (writes.cartPrices.length > 0) {
    parts.push(`cart_prices AS (
      UPDATE orders o SET price_kopecks = v.price_kopecks
      FROM jsonb_to_recordset(${params.add(JSON.stringify(writes.cartPrices), 'jsonb')}) AS v(layout_id uuid, price_kopecks bigint), order_sets s
      WHERE o.layout_id = v.layout_id AND s.id = o.order_set_id AND s.status = 'OPEN' RETURNING 1)`);
  }
  // The new undo steps and transaction records, a kilobyte or two of JSON each, come as one array a column: each value
  // is read once as it is inserted (a recordset of one JSON text reads it twice: the text, then each row).
  if (history.created.length > 0) {
    const created = history.created;
    parts.push(`new_steps AS (
      INSERT INTO layout_history (layout_id, step, undone, before, after, user_id, version)
      SELECT * FROM unnest(${params.add(created.map((row) => row.layout_id), 'uuid[]')}, ${params.add(created.map((row) => row.step), 'integer[]')},
        ${params.add(created.map((row) => row.undone), 'boolean[]')}, ${params.add(created.map((row) => jsonOrNull(row.before)), 'json[]')},
        ${params.add(created.map((row) => jsonOrNull(row.after)), 'json[]')}, ${params.add(created.map((row) => row.user_id ?? null), 'integer[]')},
        ${params.add(created.map((row) => row.version ?? null), 'integer[]')})
      RETURNING 1)`);
  }
  const { applied } = writes;
  parts.push(`transactions AS (
    INSERT INTO layout_transactions (transaction_id, layout_id, user_id, message_hash, ack)
    SELECT * FROM unnest(${params.add(applied.map((row) => row.transactionId), 'uuid[]')}, ${params.add(applied.map((row) => row.layoutId), 'uuid[]')},
      ${params.add(applied.map((row) => row.userId), 'integer[]')}, ${params.add(applied.map((row) => row.messageHash), 'text[]')},
      ${params.add(applied.map((row) => JSON.stringify(row.ack)), 'json[]')})
    RETURNING 1)`);
  // Sent at commit (change-notices.ts), with everything above or not at all.
  const last = writes.notices.length > 0
    ? `SELECT count(pg_notify('${LAYOUT_CHANGES_CHANNEL}', notice)) FROM unnest(${params.add(writes.notices, 'text[]')}) notice`
    : 'SELECT 1';
  return { text: `WITH ${parts.join(',\n')}\n${last}`, values: params.values };
}
