// Turning a photo of the owner's library (PUT /api/photo/): a new print master made from the original with its
// orientation and the owner's total turn (never from a master, which is encoded already), its cached sizes dropped.
import { randomUUID } from 'node:crypto';
import type { Database } from '../db/database';
import type { MediaStorage } from '../media/storage';
import type { StoredFileDeletions } from '../file-deletions/stored-file-deletions';
import { conflict, invalid, notFound } from '../shared/errors';
import type { Limiter } from '../util/limiter';
import { createAnalysisRepository } from './analysis/repository';
import { derivativeKeysOf, masterKeyOf } from './photo-sizes';
import { processPhoto } from './processing';
import { createPhotosRepository, type Photo } from './repository';

/** The rotation after turning by angle degrees clockwise: 0, 90, 180 or 270. */
export function turnedRotation(rotation: number, angle: number): number {
  return (((rotation + angle) % 360) + 360) % 360;
}

/**
 * Where the master of a turn lives: a new key for every turn, so that neither a cache nor a pending deletion of an
 * earlier turn's files ever meets it.
 */
export function rotatedMasterKey(originalKey: string, rotation: number): string {
  return masterKeyOf(originalKey).replace(/\.jpg$/, `-r${rotation}-${randomUUID().slice(0, 8)}.jpg`);
}

/** A part of the photos service's dependencies (service.ts). */
export interface RotationDependencies {
  db: Database;
  /** The private file area of the photos. */
  files: MediaStorage;
  deletions: StoredFileDeletions;
  imageWork: Limiter;
  maxPixels: number;
}

export function createPhotoRotation(deps: RotationDependencies) {
  const { db, files, deletions, imageWork, maxPixels } = deps;
  const repository = createPhotosRepository(db.sql);

  return {
    /**
     * Turns the owner's photo by angle degrees clockwise (a multiple of 90; negative turns anticlockwise) and tells
     * the owner's /photos/ws connections; the photo as it is now. not_found for another owner's, a hidden one or
     * none; invalid for another angle; conflict while it is not ready or when another turn came first.
     */
    async rotate(ownerId: number, photoId: number, angle: number): Promise<Photo> {
      if (angle % 90 !== 0) throw invalid({ angle: ['Ensure this value is a multiple of 90.'] });
      const photo = await repository.findOwned(ownerId, photoId);
      if (!photo) throw notFound();
      if (photo.status !== 'ready' || !photo.masterKey) throw conflict('The photo is still being processed; turn it once it is ready.');
      const rotation = turnedRotation(photo.rotation, angle);
      if (rotation === photo.rotation) return photo;
      const masterKey = rotatedMasterKey(photo.originalKey, rotation);
      const original = await files.read(photo.originalKey);
      const turned = await imageWork.run(() => processPhoto(original, { maxPixels, uploadTime: photo.createdAt, rotation }), { owner: ownerId });
      await files.put(masterKey, turned.master);
      const oldMaster = photo.masterKey;
      const { rotated, recorded } = await db.transaction(async (tx) => {
        const photos = createPhotosRepository(tx.sql);
        const row = await photos.markRotated(photo.id, photo.rotation, { rotation, masterKey, width: turned.width, height: turned.height, focus: turned.focus });
        // Lost to another turn (or the photo went): the master just stored is named by no row.
        if (!row) return { rotated: undefined, recorded: await deletions.record(tx, [masterKey], 'private') };
        // Its faces turn with it (the row above was read before: it is read again with them turned).
        await createAnalysisRepository(tx.sql).turnFaces(row.id, rotation - photo.rotation);
        row.analysis = (await photos.find(row.id))?.analysis ?? null;
        await photos.announceRotated(row.id, ownerId);
        // The old master's sizes are its pixels turned the old way; the master itself stays while an order prints it.
        const stale = [...derivativeKeysOf(oldMaster), ...(await photos.heldByOrder(oldMaster) ? [] : [oldMaster])];
        return { rotated: row, recorded: await deletions.record(tx, stale, 'private') };
      }).catch(async (error: unknown) => {
        // The database failed after the master was stored: no row names it, so it goes now (the sweep takes it else).
        await files.delete(masterKey).catch(() => undefined);
        throw error;
      });
      await deletions.deleteSoon(recorded);
      if (!rotated) throw conflict('The photo was changed meanwhile; try again.');
      return rotated;
    },
  };
}
