// SQL of the editing channel: batch reads under row locks, batch writes, the record of applied transactions, the
// undo history. Two round trips read a batch and one writes it: each round trip is a wait the batch's editors share.
import type { SqlExecutor } from '../../db/database';
import { unitPriceKopecks } from '../../orders/pricing';
import { LAYOUT_CHANGES_CHANNEL, type NoticedTransaction } from './change-notices';
import { HISTORY_STEPS } from './history';
import type {
  BatchState, EditedLayout, EditedPage, EditingAccount, HistoryLog, HistoryStep, PlacementPhoto, Scheme, ThemeBackground,
} from './state';

export interface AppliedTransaction {
  transactionId: string;
  layoutId: string;
  userId: number;
  messageHash: string;
  ack: object;
}

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


/** Transaction ids are per user. */
export const appliedKey = (userId: number, transactionId: string) => `${userId}:${transactionId}`;

/** Rows as JSON: one statement writes any number of them (jsonb_to_recordset), on a server and on PGlite alike. */
const asJson = (rows: object[]) => JSON.stringify(rows);
/** A json column's value, each row's its own: SQL null for a value that is absent. */
const jsonOrNull = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));

interface PageRow {
  id: string; layout_id: string; num: number; type: EditedPage['type']; factor: string; width_px: number;
  viewbox: EditedPage['viewbox']; template_id: number | null; template_width: number | null; template_height: number | null;
  blocks: EditedPage['blocks'];
}

export function createEditingRepository(sql: SqlExecutor) {
  return {
    /** Bounds the batch's transaction: how long it waits for a lock, and how long any statement of it may run. */
    async limitTransaction(lockTimeoutMs: number, statementTimeoutMs: number): Promise<void> {
      // SET takes no parameters: integers only are written into the statement. No JIT compilation: a batch's
      // statements run in milliseconds, and a planner's estimate inflated by a table's dead rows once had the server
      // spend 400 ms compiling the write statement.
      await sql.query(`SET LOCAL lock_timeout = ${Math.trunc(lockTimeoutMs)}; SET LOCAL statement_timeout = ${Math.trunc(statementTimeoutMs)}; SET LOCAL jit = off`);
    },
    /**
     * Locks the layouts (in id order, so that concurrent batches cannot deadlock) and reads them. wait false: leaves
     * out the layouts another transaction holds instead of waiting for them.
     */
    async lockLayouts(ids: string[], wait: boolean): Promise<Map<string, EditedLayout>> {
      const { rows } = await sql.query<{
        id: string; owner_id: number | null; status: EditedLayout['status']; version: number; last_scheme_page_num: number;
        scheme_theme_rel: Record<string, number>; unplaced: EditedLayout['unplaced']; num_pages: number; photo_ids: number[]; font_size: number;
        theme_id: number | null; width_cm: number | null; height_cm: number | null; min_pages: number | null; max_pages: number | null;
        base_kopecks: string | null; included_pages: number | null; extra_page_kopecks: string | null; last_step: number | null;
      }>(`SELECT l.id, l.owner_id, l.status, l.version, l.last_scheme_page_num, l.scheme_theme_rel, l.unplaced, l.num_pages, l.photo_ids, l.font_size,
                 pr.theme_id, f.width_cm, f.height_cm, f.min_pages, f.max_pages,
                 price.base_kopecks, price.included_pages, price.extra_page_kopecks,
                 (SELECT max(h.step) FROM layout_history h WHERE h.layout_id = l.id) AS last_step
          FROM layouts l LEFT JOIN formats f ON f.id = l.format_id LEFT JOIN products pr ON pr.id = l.product_id
            LEFT JOIN prices price ON price.format_id = l.format_id
          WHERE l.id = ANY($1::uuid[]) ORDER BY l.id FOR UPDATE OF l ${wait ? '' : 'SKIP LOCKED'}`, [ids], { prepare: true });
      return new Map(rows.map((row) => [row.id, {
        id: row.id, ownerId: row.owner_id, status: row.status, version: row.version, lastSchemePageNum: row.last_scheme_page_num,
        schemeThemeRel: row.scheme_theme_rel, unplaced: row.unplaced, numPages: row.num_pages, numPagesRead: row.num_pages, photoIds: row.photo_ids, fontSize: row.font_size, themeId: row.theme_id,
        format: row.width_cm === null || row.height_cm === null ? null
          : { widthCm: row.width_cm, heightCm: row.height_cm, minPages: row.min_pages!, maxPages: row.max_pages! },
        priceRule: row.base_kopecks === null ? null : {
          baseKopecks: Number(row.base_kopecks), includedPages: row.included_pages!, extraPageKopecks: Number(row.extra_page_kopecks),
        },
        lastStep: row.last_step ?? 0,
        changed: false,
      }]));
    },

    /**
     * The pages, schemes, photos, backgrounds, histories, senders' accounts and applied transactions a batch needs, in
     * one round trip (after its layouts are locked). Accounts: those not deleted, with their role and token version
     * now (checked on every message). Photos: those named, those placed on the pages read, and the photo lists asked for.
     */
    async rows(reads: BatchReads): Promise<Omit<BatchState, 'layouts' | 'removedPages' | 'history' | 'printDpi'> & {
      known: Map<string, { messageHash: string; ack: object }>;
      storedSteps: Map<string, HistoryStep[]>;
    }> {
      const { rows: [row] } = await sql.query<{
        pages: PageRow[];
        schemes: Scheme[];
        accounts: { id: number; role: EditingAccount['role']; token_version: number }[];
        known: { user_id: number; transaction_id: string; message_hash: string; ack: object }[];
        photos: {
          id: number; owner_id: number; width: number; height: number; focus_x: number | null; focus_y: number | null; ready: boolean; deleted: boolean;
          captured_ms: number | null; duplicate_group: number | null;
        }[];
        backgrounds: { id: number; theme_id: number; image: string }[];
        steps: { layout_id: string; step: number; undone: boolean; before: HistoryStep['before']; after: HistoryStep['after'] }[];
      }>(`WITH pg AS (
            SELECT p.id, p.layout_id, p.num, p.type, p.factor::text AS factor, p.width_px, p.viewbox, p.template_id,
                   t.width AS template_width, t.height AS template_height, p.blocks
            FROM layout_pages p LEFT JOIN templates t ON t.id = p.template_id
            WHERE p.id = ANY($1::uuid[]) OR p.layout_id = ANY($2::uuid[])
               OR (p.layout_id = ANY($3::uuid[]) AND EXISTS (SELECT 1 FROM jsonb_array_elements(p.blocks) b WHERE b->>'id' = ANY($4::text[])))
          )
          SELECT
          (SELECT coalesce(json_agg(pg), '[]') FROM pg) AS pages,
          (SELECT coalesce(json_agg(r), '[]') FROM (
            SELECT id, width, height, slots FROM templates WHERE (id = ANY($5::int[]) OR $13::boolean) AND cover_format_id IS NULL) r) AS schemes,
          (SELECT coalesce(json_agg(r), '[]') FROM (
            SELECT id, role, token_version FROM users WHERE id = ANY($6::int[]) AND deleted_at IS NULL) r) AS accounts,
          (SELECT coalesce(json_agg(r), '[]') FROM (
            -- By the whole primary key: a transaction id alone would be a scan of every recorded transaction.
            SELECT user_id, transaction_id, message_hash, ack FROM layout_transactions
            WHERE (user_id, transaction_id) IN (SELECT * FROM unnest($7::int[], $14::uuid[]))) r) AS known,
          (SELECT coalesce(json_agg(r), '[]') FROM (
            SELECT id, owner_id, width, height, focus_x, focus_y, status = 'ready' AND master_key IS NOT NULL AS ready,
                   deleted_at IS NOT NULL AS deleted, CASE WHEN capture_source IN ('exif', 'file') THEN (extract(epoch FROM captured_at) * 1000)::float8 END AS captured_ms, duplicate_group
            -- One list of ids, looked up by the primary key (an OR of subqueries would scan the whole table).
            FROM photos WHERE id IN (
              SELECT unnest($8::int[])
              UNION SELECT (b->'content'->'photo'->>'photo_id')::int FROM pg, jsonb_array_elements(pg.blocks) b
                WHERE jsonb_typeof(b->'content'->'photo') = 'object'
              UNION SELECT e::int FROM layouts l, jsonb_array_elements_text(l.photo_ids) e WHERE l.id = ANY($9::uuid[])
              UNION SELECT (u->'content'->'photo'->>'photo_id')::int FROM layouts l, jsonb_array_elements(l.unplaced) u
                WHERE l.id = ANY($12::uuid[]) AND jsonb_typeof(u->'content'->'photo') = 'object')) r) AS photos,
          (SELECT coalesce(json_agg(r), '[]') FROM (
            SELECT id, theme_id, image FROM theme_elements WHERE id = ANY($10::int[]) AND element_type = 'PAGE_BACKGROUND') r) AS backgrounds,
          (SELECT coalesce(json_agg(r ORDER BY r.layout_id, r.step), '[]') FROM (
            SELECT layout_id, step, undone, before, after FROM layout_history WHERE layout_id = ANY($11::uuid[])) r) AS steps`,
      [reads.pageIds, reads.wholeLayoutIds, reads.blocks.layoutIds, reads.blocks.blockIds, reads.schemeIds, reads.userIds,
        reads.transactions.map((key) => key.userId), reads.photoIds, reads.photoListLayoutIds, reads.backgroundIds, reads.historyLayoutIds,
        reads.layoutIds, reads.allSchemes, reads.transactions.map((key) => key.transactionId)], { prepare: true });
      const storedSteps = new Map<string, HistoryStep[]>();
      for (const step of row.steps) {
        const list = storedSteps.get(step.layout_id) ?? [];
        list.push({ step: step.step, undone: step.undone, before: step.before, after: step.after });
        storedSteps.set(step.layout_id, list);
      }
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
        photos: new Map(row.photos.map((photo): [number, PlacementPhoto] => [photo.id, {
          id: photo.id, ownerId: photo.owner_id, width: photo.width, height: photo.height, focusX: photo.focus_x, focusY: photo.focus_y,
          ready: photo.ready, deleted: photo.deleted, capturedAt: photo.captured_ms, duplicateGroup: photo.duplicate_group,
        }])),
        backgrounds: new Map(row.backgrounds.map((element): [number, ThemeBackground] => [element.id, {
          id: element.id, themeId: element.theme_id, imageKey: element.image,
        }])),
        storedSteps,
      };
    },

    /**
     * Writes every changed, added and removed page, the changed layouts, their history and the applied transactions,
     * and sends the batch's change notices, in one statement.
     */
    async write(state: BatchState, applied: AppliedTransaction[], notices: string[]): Promise<void> {
      if (applied.length === 0) return;
      const pages = [...state.pages.values()].filter((page) => page.changed && !state.removedPages.has(page.id)).map((page) => ({
        id: page.id, layout_id: page.layoutId, num: page.num, type: page.type, factor: page.factor, width_px: page.widthPx,
        viewbox: page.viewbox, template_id: page.templateId, blocks: page.blocks,
      }));
      const layouts = [...state.layouts.values()].filter((layout) => layout.changed).map((layout) => ({
        id: layout.id, version: layout.version, last_scheme_page_num: layout.lastSchemePageNum,
        scheme_theme_rel: layout.schemeThemeRel, unplaced: layout.unplaced, num_pages: layout.numPages, photo_ids: layout.photoIds,
      }));
      const history = historyRows(state.history);
      // A book in its owner's open cart costs what its pages cost now (the order's unit price follows the page count).
      const cartPrices = [...state.layouts.values()].filter((layout) => layout.numPages !== layout.numPagesRead && layout.priceRule)
        .map((layout) => ({ layout_id: layout.id, price_kopecks: unitPriceKopecks(layout.priceRule!, layout.numPages) }));
      await sql.query(`WITH removed AS (
          DELETE FROM layout_pages WHERE id = ANY($1::uuid[]) RETURNING 1
        ), pages AS (
          INSERT INTO layout_pages (id, layout_id, num, type, factor, width_px, viewbox, template_id, blocks)
          SELECT v.id, v.layout_id, v.num, v.type, v.factor, v.width_px, v.viewbox, v.template_id, v.blocks
          FROM jsonb_to_recordset($2::jsonb)
            AS v(id uuid, layout_id uuid, num integer, type text, factor numeric, width_px integer, viewbox jsonb, template_id integer, blocks jsonb)
          ON CONFLICT (id) DO UPDATE SET num = excluded.num, template_id = excluded.template_id, blocks = excluded.blocks
          RETURNING 1
        ), layouts AS (
          UPDATE layouts l SET version = v.version, last_scheme_page_num = v.last_scheme_page_num, scheme_theme_rel = v.scheme_theme_rel,
            unplaced = v.unplaced, num_pages = v.num_pages, photo_ids = v.photo_ids, updated_at = now()
          FROM jsonb_to_recordset($3::jsonb)
            AS v(id uuid, version integer, last_scheme_page_num integer, scheme_theme_rel jsonb, unplaced jsonb, num_pages integer, photo_ids jsonb)
          WHERE l.id = v.id RETURNING 1
        -- Three deletions, each through an index: one statement with the three conditions OR-ed was planned as a scan
        -- of the whole table (dead rows too), in every batch. The steps and trims come as arrays (unnest's row count is
        -- known, where a recordset's is guessed at 100 and a hash join over the whole table was chosen). The redo
        -- branch is found through layout_history_redo_idx (undone steps only). A step two of them name is deleted once.
        ), dropped_redo AS (
          DELETE FROM layout_history h WHERE h.layout_id = ANY($5::uuid[]) AND h.undone RETURNING 1
        ), dropped_steps AS (
          DELETE FROM layout_history h USING unnest($6::uuid[], $7::integer[]) AS e(layout_id, step)
          WHERE h.layout_id = e.layout_id AND h.step = e.step RETURNING 1
        -- The trim names its range from both ends (historyRows): open below, it read every older step deleted since
        -- the last vacuum to find the twenty still there (on PGlite, 640 index entries a layout at each trim).
        ), trimmed_steps AS (
          DELETE FROM layout_history h USING unnest($12::uuid[], $22::integer[], $13::integer[]) AS t(layout_id, first_step, keep_after)
          WHERE h.layout_id = t.layout_id AND h.step BETWEEN t.first_step AND t.keep_after RETURNING 1
        ), flagged_steps AS (
          UPDATE layout_history h SET undone = v.undone, after = v.after
          FROM json_to_recordset($8::json) AS v(layout_id uuid, step integer, undone boolean, after json)
          WHERE h.layout_id = v.layout_id AND h.step = v.step RETURNING 1
        ), cart_prices AS (
          UPDATE orders o SET price_kopecks = v.price_kopecks
          FROM jsonb_to_recordset($10::jsonb) AS v(layout_id uuid, price_kopecks bigint), order_sets s
          WHERE o.layout_id = v.layout_id AND s.id = o.order_set_id AND s.status = 'OPEN' RETURNING 1
        -- The new undo steps and transaction records, a kilobyte or two of JSON each, come as one array a column: each
        -- value is read once as it is inserted (a recordset of one JSON text reads it twice: the text, then each row).
        ), new_steps AS (
          INSERT INTO layout_history (layout_id, step, undone, before, after)
          SELECT * FROM unnest($4::uuid[], $14::integer[], $15::boolean[], $16::json[], $17::json[])
          RETURNING 1
        ), transactions AS (
          INSERT INTO layout_transactions (transaction_id, layout_id, user_id, message_hash, ack)
          SELECT * FROM unnest($9::uuid[], $18::uuid[], $19::integer[], $20::text[], $21::json[])
          RETURNING 1
        )
        -- Sent at commit (change-notices.ts), with everything above or not at all.
        SELECT count(pg_notify('${LAYOUT_CHANGES_CHANNEL}', notice)) FROM unnest($11::text[]) notice`,
      [[...state.removedPages], asJson(pages), asJson(layouts), history.created.map((row) => row.layout_id), history.dropStoredRedo,
        history.deleted.map((row) => row.layout_id), history.deleted.map((row) => row.step), asJson(history.flagged),
        applied.map((row) => row.transactionId), asJson(cartPrices), notices, history.trimmed.map((row) => row.layout_id),
        history.trimmed.map((row) => row.keep_after), history.created.map((row) => row.step), history.created.map((row) => row.undone),
        history.created.map((row) => jsonOrNull(row.before)), history.created.map((row) => jsonOrNull(row.after)),
        applied.map((row) => row.layoutId), applied.map((row) => row.userId), applied.map((row) => row.messageHash),
        applied.map((row) => JSON.stringify(row.ack)), history.trimmed.map((row) => row.first_step)], { prepare: true });
    },

    /** The layouts and acks of applied transactions (those a change notice names), by appliedKey. */
    async appliedAcks(keys: NoticedTransaction[]): Promise<Map<string, { layoutId: string; ack: object }>> {
      const { rows } = await sql.query<{ user_id: number; transaction_id: string; layout_id: string; ack: object }>(
        `SELECT user_id, transaction_id, layout_id, ack FROM layout_transactions
         WHERE (user_id, transaction_id) IN (SELECT * FROM unnest($1::int[], $2::uuid[]))`,
        [keys.map((key) => key.userId), keys.map((key) => key.transactionId)], { prepare: true });
      return new Map(rows.map((row) => [appliedKey(row.user_id, row.transaction_id), { layoutId: row.layout_id, ack: row.ack }]));
    },
  };
}

const TRIM_EVERY = 20;

/** The history rows a batch writes: new steps, dropped redo branches, steps past the bound, changed undone flags. */
function historyRows(logs: Map<string, HistoryLog>) {
  const rows = {
    created: [] as { layout_id: string; step: number; undone: boolean; before: unknown; after: unknown }[], dropStoredRedo: [] as string[], deleted: [] as { layout_id: string; step: number }[],
    trimmed: [] as { layout_id: string; first_step: number; keep_after: number }[], flagged: [] as object[],
  };
  for (const [layoutId, log] of logs) {
    if (log.dropStoredRedo) rows.dropStoredRedo.push(layoutId);
    for (const step of log.deleted) rows.deleted.push({ layout_id: layoutId, step });
    for (const step of log.steps) {
      if (step.created) rows.created.push({ layout_id: layoutId, step: step.step, undone: step.undone, before: step.before, after: step.after });
      else if (step.flagChanged) rows.flagged.push({ layout_id: layoutId, step: step.step, undone: step.undone, after: step.after });
    }
    // Old steps go in chunks (when the newest step crosses a multiple of TRIM_EVERY): a book keeps between
    // HISTORY_STEPS and HISTORY_STEPS + TRIM_EVERY steps, and most edits delete nothing.
    const created = log.steps.filter((step) => step.created).length;
    if (created > 0 && Math.floor(log.lastStep / TRIM_EVERY) > Math.floor((log.lastStep - created) / TRIM_EVERY)) {
      // Steps are numbered upwards (a new one is the newest stored + 1), and the batch that crossed the multiple
      // before this one trimmed, at a newest step of at least (lastStep - created - TRIM_EVERY), all but the
      // HISTORY_STEPS newest: what is left to delete starts above that.
      rows.trimmed.push({
        layout_id: layoutId, first_step: log.lastStep - created - TRIM_EVERY - HISTORY_STEPS + 1, keep_after: log.lastStep - HISTORY_STEPS,
      });
    }
  }
  return rows;
}
