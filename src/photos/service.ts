// Shoppers' photos: an upload stored as sent and recorded with its processing job in one transaction, the job's work
// (print master, facts, near-duplicate group), and the owner's library. No upload or job leaves a file no row names.
import { createHash, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Logger } from 'pino';
import { processPhoto as processPhotoJob } from '../jobs/process-photo';
import type { PhotoQuota } from '../config/photos';
import type { Database } from '../db/database';
import type { MediaStorage } from '../media/storage';
import type { Queue } from '../queue/queue';
import type { StoredFileDeletions } from '../file-deletions/stored-file-deletions';
import { conflict, invalid, notFound, quota } from '../shared/errors';
import type { AuthenticatedUser } from '../shared/user';
import type { Limiter } from '../util/limiter';
import { analysePhoto } from './analysis/analysis';
import { type FaceDetector, processFaceDetector } from './analysis/face-detector';
import { createAnalysisRepository } from './analysis/repository';
import { looksDuplicate } from './analysis/similarity';
import { masterKeyOf } from './photo-sizes';
import { inspectPhoto, processPhoto, UnprocessablePhotoError, type PhotoFormat } from './processing';
import { createPhotosRepository, type Photo, type PhotoUsage } from './repository';
import { createPhotoRotation } from './rotation';

export interface PhotosServiceDependencies {
  db: Database;
  /** The private file area: a photo's files are never public (the original keeps its metadata, GPS included). */
  files: MediaStorage;
  queue: Queue;
  deletions: StoredFileDeletions;
  log: Logger;
  /** Decodes at once per process, shared with the other image work. */
  imageWork: Limiter;
  maxPixels: number;
  quotas: { user: PhotoQuota; visitor: PhotoQuota };
  /** Runs of the process-photo job in all (its retries and the first): the last one that fails marks the photo failed. */
  processingRuns: number;
  /** The face detector (the process's one when not given: analysis/face-detector.ts). */
  faces?: FaceDetector;
}

/** Photos looked at per run of restartStranded. */
const STRANDED_BATCH = 1000;

const EXTENSIONS: Record<PhotoFormat, string> = { jpeg: 'jpg', png: 'png', webp: 'webp', heif: 'heic' };
/** What the owner is told when processing failed for a reason other than the file itself (the details are logged). */
export const PROCESSING_FAILED = 'The photo could not be processed; upload it again later.';


export interface LibraryPage {
  photos: Photo[];
  /** Photos in the owner's library. */
  count: number;
  /** The id to read the next page after, or null at the end. */
  nextBefore: number | null;
}

export function createPhotosService(deps: PhotosServiceDependencies) {
  const { db, files, queue, deletions, log, imageWork, maxPixels } = deps;
  const repository = createPhotosRepository(db.sql);

  function checkQuota(owner: AuthenticatedUser, usage: PhotoUsage, addedPhotos: number, addedBytes: number): void {
    const limits = owner.role === 'visitor' ? deps.quotas.visitor : deps.quotas.user;
    if (usage.count + addedPhotos > limits.photos) {
      throw quota(`Photo limit reached: a library holds at most ${limits.photos} photos. Delete some to upload more.`);
    }
    if (usage.bytes + addedBytes > limits.bytes) {
      throw quota(`Storage limit reached: at most ${limits.bytes} bytes of photos may be stored.`);
    }
  }

  /** A stored file no row will name: deleted now, or recorded in the outbox of deletions when the storage refuses. */
  async function discard(key: string): Promise<void> {
    try {
      await files.delete(key);
    } catch (error) {
      await db.transaction((tx) => deletions.record(tx, [key], 'private')).catch((recordError: unknown) =>
        log.error({ err: recordError, key, deleteError: error }, 'photo file left behind: neither deleted nor recorded for deletion'));
    }
  }

  /**
   * The photo these bytes already are: a hidden one comes back (within the quota); one whose processing failed for
   * a reason other than its file is processed again, its original stored again in case that was what failed; so is
   * one left processing with no job to end it (a job's outcome lost to a fault). The
   * owner's /photos/ws is told of it again when it is not being processed (the front end shows an upload's photo
   * only once it hears of it; a photo being processed is told of when its job ends). Undefined when the photo was
   * removed meanwhile (a hidden photo the retention sweep took): the upload is then a new photo.
   */
  async function reuse(owner: AuthenticatedUser, existing: Photo, original: Buffer): Promise<number | undefined> {
    const retry = existing.status === 'failed' && existing.failureReason === PROCESSING_FAILED;
    if (retry) await files.put(existing.originalKey, original);
    return db.transaction(async (tx) => {
      const photos = createPhotosRepository(tx.sql);
      if (existing.deletedAt !== null || retry) await photos.lockOwner(owner.id);
      if (existing.deletedAt !== null) {
        checkQuota(owner, await photos.usage(owner.id), 1, 0);
        if (!await photos.unhide(existing.id)) return undefined;
      }
      // Read again: a job that ended since the photo was looked up told of it before this upload was answered.
      const status = (await photos.find(existing.id))?.status;
      if (retry && await photos.processAgain(existing.id)) {
        await queue.enqueue(tx, processPhotoJob, { photoId: existing.id });
      } else if (status === 'processing' && !await queue.isPending(tx.sql, processPhotoJob, { photoId: existing.id })) {
        // Processing with no job left to end it (one lost to a fault): the upload starts one.
        await queue.enqueue(tx, processPhotoJob, { photoId: existing.id });
      } else if (status !== 'processing') {
        await photos.announceProcessed(existing.id, owner.id);
      }
      return existing.id;
    });
  }

  return {
    /**
     * Gives a process-photo job to each photo processing with none waiting or running for it (a job's outcome lost to
     * a fault); how many. At most STRANDED_BATCH a run: the next run takes the rest.
     */
    async restartStranded(): Promise<number> {
      let restarted = 0;
      for (const photoId of await repository.processingPhotos(STRANDED_BATCH)) {
        restarted += await db.transaction(async (tx) => {
          if (await queue.isPending(tx.sql, processPhotoJob, { photoId })) return 0;
          await queue.enqueue(tx, processPhotoJob, { photoId });
          return 1;
        });
      }
      return restarted;
    },

    /**
     * Stores the uploaded file as sent and records the photo with its process-photo job in one transaction; the
     * photo's id. The same bytes again (per owner) are the same photo, stored once. Throws invalid for a file that
     * is not an accepted photo or is over the pixel limit, a quota error (429) past the owner's quota.
     */
    async upload(owner: AuthenticatedUser, uploadedFile: string): Promise<number> {
      const original = await readFile(uploadedFile);
      const contentHash = createHash('sha256').update(original).digest('hex');
      const existing = await repository.findByHash(owner.id, contentHash);
      const reused = existing && await reuse(owner, existing, original);
      if (reused !== undefined) return reused;
      const header = await inspectPhoto(original, maxPixels).catch((error: unknown) => {
        if (error instanceof UnprocessablePhotoError) throw invalid({ files: [error.message] });
        throw error;
      });
      // Checked before storing too, so that an owner past the quota costs no write.
      checkQuota(owner, await repository.usage(owner.id), 1, original.length);
      const originalKey = `photos/${randomUUID()}/original.${EXTENSIONS[header.format]}`;
      await files.put(originalKey, original);
      try {
        const { photo, inserted } = await db.transaction(async (tx) => {
          const photos = createPhotosRepository(tx.sql);
          await photos.lockOwner(owner.id);
          // Another request of the owner may have stored the same bytes since.
          const same = await photos.findByHash(owner.id, contentHash);
          if (same) return { photo: same, inserted: false };
          checkQuota(owner, await photos.usage(owner.id), 1, original.length);
          const row = await photos.insert({
            ownerId: owner.id, contentHash, originalKey, format: header.format, bytes: original.length, width: header.width, height: header.height,
          });
          await queue.enqueue(tx, processPhotoJob, { photoId: row.id });
          return { photo: row, inserted: true };
        });
        if (inserted) return photo.id;
        await discard(originalKey);
        const reused = await reuse(owner, photo, original);
        // Found under the owner's lock a moment ago: gone since only if the retention sweep took it in between.
        if (reused === undefined) throw conflict('The photo was changed meanwhile; upload it again.');
        return reused;
      } catch (error) {
        await discard(originalKey);
        throw error;
      }
    },

    /**
     * The process-photo job's work: reads the original, makes the print master, stores it and marks the photo ready
     * with its facts and near-duplicate group. A file that cannot be processed marks it failed at once; another
     * failure is thrown (the job retries) until the last run, which marks it failed. Safe to repeat.
     */
    async process(photoId: number): Promise<{ status: string; reason?: string }> {
      const photo = await repository.startAttempt(photoId);
      if (!photo || photo.status !== 'processing') return { status: photo?.status ?? 'missing' };
      const masterKey = masterKeyOf(photo.originalKey);
      try {
        const original = await files.read(photo.originalKey);
        // The analysis (faces, sharpness, exposure, colours: analysis/analysis.ts) reads the master's copy processing made.
        const { processed, analysis } = await imageWork.run(async () => {
          const made = await processPhoto(original, { maxPixels, uploadTime: photo.createdAt });
          return { processed: made, analysis: await analysePhoto(made.picture, original, deps.faces ?? processFaceDetector()) };
        }, { owner: photo.ownerId });
        await files.put(masterKey, processed.master);
        await db.transaction(async (tx) => {
          const photos = createPhotosRepository(tx.sql);
          // One owner's photos are grouped one at a time, so that two near-duplicates processed together meet.
          await photos.lockOwner(photo.ownerId);
          // Near-duplicates look alike in structure and in colour (analysis/similarity.ts).
          const near = (await createAnalysisRepository(tx.sql).similarityOfOwner(photo.ownerId, photo.id))
            .find((other) => looksDuplicate(other, { perceptualHash: processed.perceptualHash, colourSignature: analysis.colourSignature }));
          await photos.markReady(photo.id, {
            masterKey, width: processed.width, height: processed.height, orientation: processed.orientation,
            capturedAt: processed.capturedAt, perceptualHash: processed.perceptualHash, duplicateGroup: near?.duplicateGroup ?? photo.id,
            focus: processed.focus,
          });
          await createAnalysisRepository(tx.sql).save(photo.id, photo.ownerId, analysis);
          await photos.announceProcessed(photo.id, photo.ownerId);
        });
        return { status: 'ready' };
      } catch (error) {
        const unprocessable = error instanceof UnprocessablePhotoError;
        if (!unprocessable && photo.processingAttempts < deps.processingRuns) throw error;
        const reason = unprocessable ? error.message : PROCESSING_FAILED;
        log.warn({ err: error, photoId }, 'photo processing failed for good');
        // A master stored before the failure is named by no row: it goes with the failure.
        const recorded = await db.transaction(async (tx) => {
          const photos = createPhotosRepository(tx.sql);
          await photos.markFailed(photo.id, reason);
          await photos.announceProcessed(photo.id, photo.ownerId);
          return deletions.record(tx, [masterKey], 'private');
        });
        await deletions.deleteSoon(recorded);
        return { status: 'failed', reason };
      }
    },

    /** The owner's library, newest first, pageSize photos after the photo `before` (when given). */
    async library(ownerId: number, pageSize: number, before: number | null): Promise<LibraryPage> {
      const [rows, usage] = await Promise.all([repository.listOwned(ownerId, pageSize + 1, before), repository.usage(ownerId)]);
      const photos = rows.slice(0, pageSize);
      return { photos, count: usage.count, nextBefore: rows.length > pageSize ? photos[photos.length - 1].id : null };
    },

    /** One photo of the owner's library; not_found for another owner's, a hidden one, or none. */
    async photo(ownerId: number, id: number): Promise<Photo> {
      const photo = await repository.findOwned(ownerId, id);
      if (!photo) throw notFound();
      return photo;
    },

    /**
     * Hides the owner's photos of these ids from the library (others' ids are ignored); how many it hid. Their files
     * are kept: a book's layout may name them (docs/api.md, "Shoppers' photos").
     */
    hide: (ownerId: number, ids: number[]): Promise<number> => repository.hide(ownerId, ids),

    /** Turns the owner's photo by a multiple of 90 degrees (rotation.ts). */
    rotate: createPhotoRotation(deps).rotate,
  };
}

export type PhotosService = ReturnType<typeof createPhotosService>;
