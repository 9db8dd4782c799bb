// SQL of the editing channel: batch reads under row locks, batch writes, the record of applied transactions, the
// undo history. Two round trips read a batch and one writes it: each round trip is a wait the batch's editors share.
// The batch's read and write statements are written by batch-statements.ts.
import type { SqlExecutor } from '../../db/database';
import { lookOf, type StoredLook } from './photo-look-statement';
import { unitPriceKopecks } from '../../orders/pricing';
import { type AppliedTransaction, type BatchReads, type BatchWrites, readStatement, writeStatement } from './batch-statements';
import type { NoticedTransaction } from './change-notices';
import { HISTORY_STEPS } from './history';
import type {
  BatchState, EditedLayout, EditedPage, EditingAccount, HistoryLog, HistoryStep, PlacementPhoto, Scheme, ThemeBackground,
} from './state';

export type { AppliedTransaction } from './batch-statements';

/** Transaction ids are per user. */
export const appliedKey = (userId: number, transactionId: string) => `${userId}:${transactionId}`;

interface PageRow {
  id: string; layout_id: string; num: number; type: EditedPage['type']; factor: string; width_px: number;
  viewbox: EditedPage['viewbox']; template_id: number | null; template_width: number | null; template_height: number | null;
  blocks: EditedPage['blocks'];
}

export function createEditingRepository(sql: SqlExecutor) {
  /** The layouts with what editing needs of their format, price and history, read with the lock clause given. */
  async function layoutsRead(ids: string[], lock: string): Promise<Map<string, EditedLayout>> {
    const { rows } = await sql.query<{
      id: string; owner_id: number | null; status: EditedLayout['status']; finished: boolean; version: number; last_scheme_page_num: number;
      scheme_theme_rel: Record<string, number>; unplaced: EditedLayout['unplaced']; num_pages: number; photo_ids: number[]; font_size: number;
      theme_id: number | null; width_cm: number | null; height_cm: number | null; min_pages: number | null; max_pages: number | null;
      base_kopecks: string | null; included_pages: number | null; extra_page_kopecks: string | null;
    }>(`SELECT l.id, l.owner_id, l.status, l.finished, l.version, l.last_scheme_page_num, l.scheme_theme_rel, l.unplaced, l.num_pages, l.photo_ids, l.font_size,
               pr.theme_id, f.width_cm, f.height_cm, f.min_pages, f.max_pages,
               price.base_kopecks, price.included_pages, price.extra_page_kopecks
        FROM layouts l LEFT JOIN formats f ON f.id = l.format_id LEFT JOIN products pr ON pr.id = l.product_id
          LEFT JOIN prices price ON price.format_id = l.format_id
        WHERE l.id = ANY($1::uuid[]) ORDER BY l.id ${lock}`, [ids], { prepare: true });
    // Read after the lock, in a statement of its own: a subquery of the locking statement keeps the snapshot taken
    // before its wait, and missed a step another process's batch committed meanwhile (its number then taken twice).
    const { rows: steps } = await sql.query<{ layout_id: string; last_step: number }>(
      'SELECT layout_id, max(step) AS last_step FROM layout_history WHERE layout_id = ANY($1::uuid[]) GROUP BY layout_id', [ids], { prepare: true });
    const lastSteps = new Map(steps.map((row) => [row.layout_id, row.last_step]));
    return new Map(rows.map((row) => [row.id, {
      id: row.id, ownerId: row.owner_id, status: row.status, finished: row.finished, version: row.version, lastSchemePageNum: row.last_scheme_page_num,
      schemeThemeRel: row.scheme_theme_rel, unplaced: row.unplaced, numPages: row.num_pages, numPagesRead: row.num_pages, photoIds: row.photo_ids, fontSize: row.font_size, themeId: row.theme_id,
      format: row.width_cm === null || row.height_cm === null ? null
        : { widthCm: row.width_cm, heightCm: row.height_cm, minPages: row.min_pages!, maxPages: row.max_pages! },
      priceRule: row.base_kopecks === null ? null : {
        baseKopecks: Number(row.base_kopecks), includedPages: row.included_pages!, extraPageKopecks: Number(row.extra_page_kopecks),
      },
      lastStep: lastSteps.get(row.id) ?? 0,
      changed: false,
    }]));
  }

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
    lockLayouts(ids: string[], wait: boolean): Promise<Map<string, EditedLayout>> {
      return layoutsRead(ids, `FOR UPDATE OF l ${wait ? '' : 'SKIP LOCKED'}`);
    },
    /** The layouts as they are, without locking them: for presenting their pages again (stored-acks.ts). */
    readLayouts(ids: string[]): Promise<Map<string, EditedLayout>> {
      return layoutsRead(ids, '');
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
      const read = readStatement(reads);
      const { rows: [row] } = await sql.query<{
        pages: PageRow[];
        schemes: Scheme[];
        accounts: { id: number; role: EditingAccount['role']; token_version: number }[];
        known: { user_id: number; transaction_id: string; message_hash: string; ack: object }[];
        photos: {
          id: number; owner_id: number; width: number; height: number; focus_x: number | null; focus_y: number | null; ready: boolean; deleted: boolean;
          captured_ms: number | null; duplicate_group: number | null; look: StoredLook | null;
        }[];
        backgrounds: { id: number; theme_id: number; image: string }[];
        steps: {
          layout_id: string; step: number; undone: boolean; before: HistoryStep['before']; after: HistoryStep['after'];
          user_id: number | null; version: number | null; skipped: boolean;
        }[];
      }>(read.text, read.values, { prepare: true });
      const storedSteps = new Map<string, HistoryStep[]>();
      for (const step of row.steps) {
        const list = storedSteps.get(step.layout_id) ?? [];
        list.push({
          step: step.step, undone: step.undone, before: step.before, after: step.after, userId: step.user_id, version: step.version, skipped: step.skipped,
        });
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
          ready: photo.ready, deleted: photo.deleted, duplicateGroup: photo.duplicate_group, ...lookOf(photo.captured_ms, photo.look),
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
        id: layout.id, version: layout.version, finished: layout.finished, last_scheme_page_num: layout.lastSchemePageNum,
        scheme_theme_rel: layout.schemeThemeRel, unplaced: layout.unplaced, num_pages: layout.numPages, photo_ids: layout.photoIds,
      }));
      const history = historyRows(state.history);
      // A book in its owner's open cart costs what its pages cost now (the order's unit price follows the page count).
      const cartPrices = [...state.layouts.values()].filter((layout) => layout.numPages !== layout.numPagesRead && layout.priceRule)
        .map((layout) => ({ layout_id: layout.id, price_kopecks: unitPriceKopecks(layout.priceRule!, layout.numPages) }));
      const write = writeStatement({
        removedPageIds: [...state.removedPages], pages, layouts, history, cartPrices, applied, notices,
      });
      await sql.query(write.text, write.values, { prepare: true });
    },

    /** The layouts and acks of applied transactions (those a change notice names), by appliedKey. */
    /** The layout's version now, without a lock (layout/finish's preflight is checked against it); undefined when there is none. */
    async versionOf(layoutId: string): Promise<number | undefined> {
      const { rows: [row] } = await sql.query<{ version: number }>('SELECT version FROM layouts WHERE id = $1', [layoutId]);
      return row?.version;
    },

    async appliedAcks(keys: NoticedTransaction[]): Promise<Map<string, { layoutId: string; ack: object }>> {
      const { rows } = await sql.query<{ user_id: number; transaction_id: string; layout_id: string; ack: object }>(
        `SELECT user_id, transaction_id, layout_id, ack FROM layout_transactions
         WHERE (user_id, transaction_id) IN (SELECT * FROM unnest($1::int[], $2::uuid[]))`,
        [keys.map((key) => key.userId), keys.map((key) => key.transactionId)], { prepare: true });
      return new Map(rows.map((row) => [appliedKey(row.user_id, row.transaction_id), { layoutId: row.layout_id, ack: row.ack }]));
    },
  };
}

export const TRIM_EVERY = 20;

/** The history rows a batch writes: new steps, dropped redo branches, steps past the bound, changed undone flags. */
function historyRows(logs: Map<string, HistoryLog>) {
  const rows: Required<BatchWrites['history']> = { created: [], dropStoredRedo: [], dropMembersRedo: [], deleted: [], trimmed: [], flagged: [] };
  for (const [layoutId, log] of logs) {
    if (log.dropStoredRedo) rows.dropStoredRedo.push(layoutId);
    for (const userId of log.dropMembersRedo ?? []) rows.dropMembersRedo.push({ layout_id: layoutId, user_id: userId });
    for (const step of log.deleted) rows.deleted.push({ layout_id: layoutId, step });
    for (const step of log.steps) {
      const own = { user_id: step.userId ?? null, version: step.version ?? null };
      if (step.created) rows.created.push({ layout_id: layoutId, step: step.step, undone: step.undone, before: step.before, after: step.after, ...own });
      else if (step.flagChanged) rows.flagged.push({ layout_id: layoutId, step: step.step, undone: step.undone, after: step.after, version: own.version, skipped: Boolean(step.skipped) });
    }
    // Old steps go in chunks (when the newest step number crosses a multiple of TRIM_EVERY): a book keeps at least
    // HISTORY_STEPS steps, at most about TRIM_EVERY more, and most edits delete nothing.
    const created = log.steps.filter((step) => step.created).length;
    if (created > 0 && Math.floor(log.lastStep / TRIM_EVERY) > Math.floor((log.lastStep - created) / TRIM_EVERY)) {
      const createdLive = log.steps.filter((step) => step.created && !step.undone).length;
      rows.trimmed.push({ layout_id: layoutId, keep: Math.max(0, HISTORY_STEPS - createdLive) });
    }
  }
  return rows;
}

export type EditingRepository = ReturnType<typeof createEditingRepository>;
