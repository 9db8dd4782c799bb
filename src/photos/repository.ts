// SQL for shoppers' photos: the library's rows, their processing state and the owner's usage. No rules here.
import type { SqlExecutor } from '../db/database';
import type { FocusPoint } from '../shared/photo-placement';
import { type ListedAnalysis, PHOTO_ANALYSIS_COLUMN } from './analysis/listed';
import type { CaptureTime, PhotoFormat } from './processing';

export type PhotoStatus = 'processing' | 'ready' | 'failed';

export interface Photo {
  id: number;
  ownerId: number;
  contentHash: string;
  originalKey: string;
  masterKey: string | null;
  format: PhotoFormat;
  bytes: number;
  importFrom: string;
  width: number;
  height: number;
  orientation: number | null;
  /** The owner's quarter turns clockwise on top of the orientation: 0, 90, 180 or 270. */
  rotation: number;
  capturedAt: Date | null;
  captureOffsetMinutes: number | null;
  captureSource: CaptureTime['source'] | null;
  perceptualHash: string | null;
  duplicateGroup: number | null;
  /** The centre of the master's most interesting region, in fractions of its width and height; null until processed. */
  focusX: number | null;
  focusY: number | null;
  status: PhotoStatus;
  failureReason: string | null;
  processingAttempts: number;
  deletedAt: Date | null;
  createdAt: Date;
  /** What processing saw in it (analysis/), null before then. */
  analysis: ListedAnalysis | null;
}

export type NewPhoto = Pick<Photo, 'ownerId' | 'contentHash' | 'originalKey' | 'format' | 'bytes' | 'width' | 'height'>;

/** What processing found, written when the photo becomes ready. */
export interface ProcessedFacts {
  masterKey: string;
  width: number;
  height: number;
  orientation: number;
  capturedAt: CaptureTime;
  perceptualHash: string;
  duplicateGroup: number;
  focus: FocusPoint;
}

/** What a book needs of a ready photo to place it: its master, its size upright and its focus point (the centre when unknown). */
export interface PlacementFacts {
  id: number;
  width: number;
  height: number;
  focusX: number;
  focusY: number;
  masterKey: string;
  status: PhotoStatus;
  deletedAt: Date | null;
}

/** Where a photo's files are: its original and its current master (none until processed). */
export type PhotoKeys = Pick<Photo, 'originalKey' | 'masterKey'>;

/** What an owner holds: photos in the library (hidden ones excluded) and bytes stored (hidden ones included). */
export interface PhotoUsage {
  count: number;
  bytes: number;
}

// bigint comes back as text from node-postgres: bytes fit a JavaScript number.
export const PHOTO_COLUMNS = `p.id, p.owner_id AS "ownerId", p.content_hash AS "contentHash", p.original_key AS "originalKey",
  p.master_key AS "masterKey", p.format, p.bytes::float8 AS bytes, p.import_from AS "importFrom", p.width, p.height,
  p.orientation, p.rotation, p.captured_at AS "capturedAt", p.capture_offset_minutes AS "captureOffsetMinutes",
  p.capture_source AS "captureSource", p.perceptual_hash AS "perceptualHash", p.duplicate_group AS "duplicateGroup",
  round(p.focus_x::numeric, 4)::float8 AS "focusX", round(p.focus_y::numeric, 4)::float8 AS "focusY", p.status, p.failure_reason AS "failureReason", p.processing_attempts AS "processingAttempts",
  p.deleted_at AS "deletedAt", p.created_at AS "createdAt", ${PHOTO_ANALYSIS_COLUMN}`;

/**
 * The NOTIFY channel of photos whose processing ended or that were turned (photo-events.ts): {photo_id, owner_id,
 * event}, sent at commit.
 */
export const PHOTO_EVENTS_CHANNEL = 'photobook_photos';

// The first key of the owner's photos lock (the second is the owner's id): a constant no other advisory lock uses.
export const OWNER_LOCK_CLASS = 7_305_030;

export function createPhotosRepository(sql: SqlExecutor) {
  return {
    /** Holds the owner's photos lock until the transaction ends: uploads and groupings of one owner take turns. */
    async lockOwner(ownerId: number): Promise<void> {
      await sql.query('SELECT pg_advisory_xact_lock($1, $2)', [OWNER_LOCK_CLASS, ownerId]);
    },
    async findByHash(ownerId: number, contentHash: string): Promise<Photo | undefined> {
      return (await sql.query<Photo>(`SELECT ${PHOTO_COLUMNS} FROM photos p WHERE p.owner_id = $1 AND p.content_hash = $2`,
        [ownerId, contentHash])).rows[0];
    },
    async find(id: number): Promise<Photo | undefined> {
      return (await sql.query<Photo>(`SELECT ${PHOTO_COLUMNS} FROM photos p WHERE p.id = $1`, [id])).rows[0];
    },
    /** The photo if the owner has it in the library (not hidden). */
    async findOwned(ownerId: number, id: number): Promise<Photo | undefined> {
      return (await sql.query<Photo>(
        `SELECT ${PHOTO_COLUMNS} FROM photos p WHERE p.id = $1 AND p.owner_id = $2 AND p.deleted_at IS NULL`, [id, ownerId])).rows[0];
    },
    async usage(ownerId: number): Promise<PhotoUsage> {
      const { rows } = await sql.query<PhotoUsage>(
        `SELECT count(*) FILTER (WHERE deleted_at IS NULL)::int AS count, coalesce(sum(bytes), 0)::float8 AS bytes
          FROM photos WHERE owner_id = $1`, [ownerId]);
      return rows[0];
    },
    async insert(photo: NewPhoto): Promise<Photo> {
      const { rows } = await sql.query<Photo>(
        `INSERT INTO photos AS p (owner_id, content_hash, original_key, format, bytes, width, height)
          VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${PHOTO_COLUMNS}`,
        [photo.ownerId, photo.contentHash, photo.originalKey, photo.format, photo.bytes, photo.width, photo.height]);
      return rows[0];
    },
    /** Brings a hidden photo back into the library (its bytes were uploaded again); false when it is gone. */
    async unhide(id: number): Promise<boolean> {
      return (await sql.query('UPDATE photos SET deleted_at = NULL WHERE id = $1', [id])).rowCount > 0;
    },
    /** Counts a run of the process-photo job; the photo as it is now, or undefined when there is no such row. */
    async startAttempt(id: number): Promise<Photo | undefined> {
      return (await sql.query<Photo>(
        `UPDATE photos p SET processing_attempts = processing_attempts + 1 WHERE id = $1 RETURNING ${PHOTO_COLUMNS}`, [id])).rows[0];
    },
    async markReady(id: number, facts: ProcessedFacts): Promise<void> {
      await sql.query(
        `UPDATE photos SET status = 'ready', failure_reason = NULL, master_key = $2, width = $3, height = $4, orientation = $5,
          captured_at = $6, capture_offset_minutes = $7, capture_source = $8, perceptual_hash = $9, duplicate_group = $10,
          focus_x = $11, focus_y = $12 WHERE id = $1`,
        [id, facts.masterKey, facts.width, facts.height, facts.orientation, facts.capturedAt.instant,
          facts.capturedAt.offsetMinutes, facts.capturedAt.source, facts.perceptualHash, facts.duplicateGroup, facts.focus.x, facts.focus.y]);
    },
    /** Up to `limit` photos processing, oldest first. */
    async processingPhotos(limit: number): Promise<number[]> {
      const { rows } = await sql.query<{ id: number }>("SELECT id FROM photos WHERE status = 'processing' ORDER BY id LIMIT $1", [limit]);
      return rows.map((row) => row.id);
    },
    /** A failed photo back to processing, its runs counted afresh; false when it is not failed (any more). */
    async processAgain(id: number): Promise<boolean> {
      const { rowCount } = await sql.query(
        "UPDATE photos SET status = 'processing', failure_reason = NULL, processing_attempts = 0 WHERE id = $1 AND status = 'failed'", [id]);
      return rowCount > 0;
    },
    async markFailed(id: number, reason: string): Promise<void> {
      await sql.query("UPDATE photos SET status = 'failed', failure_reason = $2 WHERE id = $1 AND status = 'processing'", [id, reason]);
    },
    /** Tells every process, once the transaction commits, that the photo's processing ended (ready or failed). */
    async announceProcessed(id: number, ownerId: number): Promise<void> {
      await sql.query('SELECT pg_notify($1, $2)', [PHOTO_EVENTS_CHANNEL, JSON.stringify({ photo_id: id, owner_id: ownerId, event: 'processed' })]);
    },
    /** Tells every process, once the transaction commits, that the owner turned the photo. */
    async announceRotated(id: number, ownerId: number): Promise<void> {
      await sql.query('SELECT pg_notify($1, $2)', [PHOTO_EVENTS_CHANNEL, JSON.stringify({ photo_id: id, owner_id: ownerId, event: 'rotated' })]);
    },
    /**
     * Records a turn of a ready photo whose rotation is still `from` (another turn since loses): its new master and
     * size and focus point; the photo as it is now, or undefined when it changed or is gone.
     */
    async markRotated(id: number, from: number, turned: { rotation: number; masterKey: string; width: number; height: number; focus: FocusPoint }): Promise<Photo | undefined> {
      return (await sql.query<Photo>(
        `UPDATE photos p SET rotation = $3, master_key = $4, width = $5, height = $6, focus_x = $7, focus_y = $8
          WHERE id = $1 AND rotation = $2 AND status = 'ready' AND deleted_at IS NULL RETURNING ${PHOTO_COLUMNS}`,
        [id, from, turned.rotation, turned.masterKey, turned.width, turned.height, turned.focus.x, turned.focus.y])).rows[0];
    },
    /**
     * The owner's ready photos of these ids (hidden ones too, with deletedAt: a book may still hold them), as a book
     * places them; ids of another owner, or not ready, are left out.
     */
    async placementFacts(ownerId: number, photoIds: number[]): Promise<PlacementFacts[]> {
      const { rows } = await sql.query<PlacementFacts>(
        `SELECT id, width, height, round(coalesce(focus_x, 0.5)::numeric, 4)::float8 AS "focusX", round(coalesce(focus_y, 0.5)::numeric, 4)::float8 AS "focusY",
            master_key AS "masterKey", status, deleted_at AS "deletedAt"
          FROM photos WHERE owner_id = $1 AND id = ANY($2::int[]) AND status = 'ready' ORDER BY id`, [ownerId, photoIds]);
      return rows;
    },
    /** Whether a book an order holds names this file, or an ordered book placed it (the order still has to print it). */
    async heldByOrder(key: string): Promise<boolean> {
      const { rows } = await sql.query(
        `SELECT 1 FROM orders o JOIN layout_pages lp ON lp.layout_id = o.layout_id, jsonb_array_elements(lp.blocks) AS block
          WHERE block->'content'->>'image' = $1
         UNION ALL SELECT 1 FROM layout_print_photos WHERE master_key = $1 LIMIT 1`, [key]);
      return rows.length > 0;
    },
    /**
     * Whether the book (layout) of this hash names the photo, one of its owner's: in its list of photos or in a PHOTO
     * block of a page. A book that places another owner's photo (a copy made before copies dropped them) opens none.
     */
    async namedByBook(id: number, layoutHash: string): Promise<boolean> {
      const { rows } = await sql.query(
        `SELECT 1 FROM layouts l JOIN photos p ON p.id = $1 AND p.owner_id = l.owner_id
          WHERE l.hash = $2 AND (l.photo_ids @> jsonb_build_array($1::int) OR EXISTS (
            SELECT 1 FROM layout_pages lp, jsonb_array_elements(lp.blocks) AS block
             WHERE lp.layout_id = l.id AND block->'content'->'photo'->>'photo_id' = $1::text))`, [id, layoutHash]);
      return rows.length > 0;
    },
    /** Newest first, after the photo `before` (keyset paging) when given. */
    async listOwned(ownerId: number, limit: number, before: number | null): Promise<Photo[]> {
      const { rows } = await sql.query<Photo>(
        `SELECT ${PHOTO_COLUMNS} FROM photos p WHERE p.owner_id = $1 AND p.deleted_at IS NULL AND ($2::int IS NULL OR p.id < $2)
          ORDER BY p.id DESC LIMIT $3`, [ownerId, before, limit]);
      return rows;
    },
    /**
     * Deletes the owner's photos (hidden ones too) but those a book an order holds names (by any file of the photo's
     * folder, a master of an earlier turn included: the order still has to print it) or that a confirmed order's book
     * places (layout_print_photos); the deleted photos' keys.
     */
    async deleteOwnedBy(ownerId: number): Promise<PhotoKeys[]> {
      const { rows } = await sql.query<PhotoKeys>(
        `DELETE FROM photos p WHERE p.owner_id = $1 AND NOT EXISTS (
            SELECT 1 FROM orders o JOIN layout_pages lp ON lp.layout_id = o.layout_id, jsonb_array_elements(lp.blocks) AS block
             WHERE starts_with(block->'content'->>'image', regexp_replace(p.original_key, '[^/]+$', '')))
          AND NOT EXISTS (SELECT 1 FROM layout_print_photos f WHERE f.photo_id = p.id)
          RETURNING p.original_key AS "originalKey", p.master_key AS "masterKey"`, [ownerId]);
      return rows;
    },
    /** The photos of `fromOwnerId` whose bytes `toOwnerId` has too, each with the id of that owner's photo. */
    async sameBytesOf(fromOwnerId: number, toOwnerId: number): Promise<(PhotoKeys & { id: number; sameAs: number; visible: boolean })[]> {
      const { rows } = await sql.query<PhotoKeys & { id: number; sameAs: number; visible: boolean }>(
        `SELECT p.id, same.id AS "sameAs", p.original_key AS "originalKey", p.master_key AS "masterKey", p.deleted_at IS NULL AS visible
          FROM photos p JOIN photos same ON same.owner_id = $2 AND same.content_hash = p.content_hash
          WHERE p.owner_id = $1 ORDER BY p.id`, [fromOwnerId, toOwnerId]);
      return rows;
    },
    /**
     * Each photo of ids[i] gives way to sameAs[i]: that one joins its folders and comes back to the library when it
     * was there; the photo's row goes.
     */
    async replaceBy(ids: number[], sameAs: number[], visible: boolean[]): Promise<void> {
      await sql.query(
        `INSERT INTO folder_photos (folder_id, photo_id)
          SELECT fp.folder_id, pair.same_as FROM folder_photos fp JOIN unnest($1::int[], $2::int[]) AS pair(id, same_as) ON fp.photo_id = pair.id
          ON CONFLICT DO NOTHING`, [ids, sameAs]);
      await sql.query(
        'UPDATE photos SET deleted_at = NULL WHERE id IN (SELECT same_as FROM unnest($1::int[], $2::bool[]) AS pair(same_as, visible) WHERE visible)',
        [sameAs, visible]);
      await sql.query('DELETE FROM photos WHERE id = ANY($1::int[])', [ids]);
    },
    /** Gives every photo and folder of one owner to another; how many photos moved. */
    async moveOwned(fromOwnerId: number, toOwnerId: number): Promise<number> {
      await sql.query('UPDATE folders SET owner_id = $2 WHERE owner_id = $1', [fromOwnerId, toOwnerId]);
      return (await sql.query('UPDATE photos SET owner_id = $2 WHERE owner_id = $1', [fromOwnerId, toOwnerId])).rowCount;
    },
    /** Hides those of the ids the owner has in the library; how many it hid. */
    async hide(ownerId: number, ids: number[]): Promise<number> {
      const { rowCount } = await sql.query(
        'UPDATE photos SET deleted_at = now() WHERE owner_id = $1 AND id = ANY($2::int[]) AND deleted_at IS NULL', [ownerId, ids]);
      return rowCount;
    },
  };
}

export type PhotosRepository = ReturnType<typeof createPhotosRepository>;
