// Serving a photo's files from the private area: who may see them, and the sizes made from the print master on
// demand and cached beside it. Photos are never under /media/: the original keeps its metadata, GPS included.
import type { Database } from '../db/database';
import type { MediaStorage, OpenedFile } from '../media/storage';
import { notFound } from '../shared/errors';
import type { AuthenticatedUser } from '../shared/user';
import type { Limiter } from '../util/limiter';
import type { PhotoFormat } from './processing';
import { derivativeKeyOf, renderDerivative, type RequestedSize, type ServedSize, servedSize } from './photo-sizes';
import { createPhotosRepository, type Photo } from './repository';

const ORIGINAL_TYPES: Record<PhotoFormat, string> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp', heif: 'image/heic' };

/** A stored file about to be served: its validator first, so that a 304 costs no read. */
export interface ServedPhotoFile {
  contentType: string;
  etag: string;
  /** Not found when the file went between its validator and its read (the photo was deleted meanwhile). */
  open(): Promise<OpenedFile>;
}

/**
 * Who asks: the caller's account (when a token came), whether the request carries a valid signed link to the photo,
 * and the hash of the book whose valid viewer link it carries (that book's photos open by it).
 */
export interface PhotoViewer {
  user: AuthenticatedUser | undefined;
  signed: boolean;
  book?: string;
}

export function createPhotoFiles(deps: { db: Database; files: MediaStorage; imageWork: Limiter }) {
  const { files, imageWork } = deps;
  const repository = createPhotosRepository(deps.db.sql);
  /** Derivatives being made in this process: two requests for one size make it once. */
  const making = new Map<string, Promise<void>>();

  /**
   * The photo if the viewer may see its files: with a signed link, or as its owner, a moderator or an administrator;
   * or with a viewer link to a book that names it (hidden from the library or not: the book still shows it).
   * A photo hidden from the library is shown to moderators and administrators only otherwise. not_found else.
   */
  async function viewable(photoId: number, viewer: PhotoViewer): Promise<Photo> {
    const photo = await repository.find(photoId);
    const staff = viewer.user?.role === 'moderator' || viewer.user?.role === 'admin';
    const allowed = staff || (photo?.deletedAt === null && (viewer.signed || viewer.user?.id === photo.ownerId))
      || (photo !== undefined && viewer.book !== undefined && await repository.namedByBook(photo.id, viewer.book));
    if (!photo || !allowed) throw notFound();
    return photo;
  }

  async function served(key: string, contentType: string): Promise<ServedPhotoFile | undefined> {
    const facts = await files.stat(key);
    return facts && {
      contentType, etag: facts.etag,
      open: async () => {
        const opened = await files.open(key);
        if (!opened) throw notFound();
        return opened;
      },
    };
  }

  /** Made in the owner's turn of the image work, so that another shopper's many photos do not hold it up. */
  async function makeDerivative(masterKey: string, key: string, size: ServedSize, ownerId: number): Promise<void> {
    const master = await files.read(masterKey);
    await files.put(key, await imageWork.run(() => renderDerivative(master, size), { owner: ownerId }));
  }

  return {
    /** The photo at the size asked, snapped to a served size (made and cached on first use); not_found until ready. */
    async image(photoId: number, viewer: PhotoViewer, size: RequestedSize): Promise<ServedPhotoFile> {
      const photo = await viewable(photoId, viewer);
      if (photo.status !== 'ready' || !photo.masterKey) throw notFound();
      const { masterKey } = photo;
      const snapped = servedSize(size, photo);
      const key = snapped === null ? masterKey : derivativeKeyOf(masterKey, snapped);
      let file = await served(key, 'image/jpeg');
      if (!file && snapped !== null) {
        let made = making.get(key);
        if (!made) {
          made = makeDerivative(masterKey, key, snapped, photo.ownerId).finally(() => making.delete(key));
          making.set(key, made);
        }
        await made;
        file = await served(key, 'image/jpeg');
      }
      if (!file) throw notFound();
      return file;
    },

    /** The original as sent, metadata and all. */
    async original(photoId: number, viewer: PhotoViewer): Promise<ServedPhotoFile> {
      const photo = await viewable(photoId, viewer);
      const file = await served(photo.originalKey, ORIGINAL_TYPES[photo.format]);
      if (!file) throw notFound();
      return file;
    },
  };
}

export type PhotoFiles = ReturnType<typeof createPhotoFiles>;
