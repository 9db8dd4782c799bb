// Folders: an owner's named collections over the photo library. Putting a photo in a folder, moving it between
// folders or taking it out never changes the photo; another owner's folders and photos are not found.
import type { Database } from '../db/database';
import { notFound, quota } from '../shared/errors';
import { createFoldersRepository, type Folder } from './folders-repository';
import { createPhotosRepository } from './repository';
import type { LibraryPage } from './service';

/** Folders one owner may have: enough for any library, a bound on what one account can make us store. */
export const FOLDERS_PER_OWNER = 1000;

export function createFoldersService(db: Database) {
  const folders = createFoldersRepository(db.sql);

  async function ownedFolder(ownerId: number, id: number): Promise<Folder> {
    const folder = await folders.findOwned(ownerId, id);
    if (!folder) throw notFound();
    return folder;
  }

  return {
    /** Oldest first. */
    list: (ownerId: number): Promise<Folder[]> => folders.list(ownerId),

    /** Throws a quota error past FOLDERS_PER_OWNER. */
    create: (ownerId: number, name: string): Promise<Folder> => db.transaction(async (tx) => {
      await createPhotosRepository(tx.sql).lockOwner(ownerId);
      const inTx = createFoldersRepository(tx.sql);
      if (await inTx.count(ownerId) >= FOLDERS_PER_OWNER) {
        throw quota(`Folder limit reached: at most ${FOLDERS_PER_OWNER} folders.`);
      }
      return inTx.insert(ownerId, name);
    }),

    async rename(ownerId: number, id: number, name: string): Promise<Folder> {
      const folder = await folders.rename(ownerId, id, name);
      if (!folder) throw notFound();
      return folder;
    },

    /** The folder goes; its photos stay in the library. */
    async delete(ownerId: number, id: number): Promise<void> {
      if (!await folders.delete(ownerId, id)) throw notFound();
    },

    /** Puts the owner's photos of these ids into the folder; how many were not in it yet. */
    async copy(ownerId: number, photoIds: number[], folderId: number): Promise<number> {
      await ownedFolder(ownerId, folderId);
      return folders.add(ownerId, folderId, photoIds);
    },

    /** Moves photos of these ids from one folder into another; how many the first folder held. */
    async move(ownerId: number, fromId: number, photoIds: number[], toId: number): Promise<number> {
      await Promise.all([ownedFolder(ownerId, fromId), ownedFolder(ownerId, toId)]);
      return db.transaction(async (tx) => {
        const inTx = createFoldersRepository(tx.sql);
        const moved = await inTx.remove(fromId, photoIds);
        await inTx.add(ownerId, toId, moved);
        return moved.length;
      });
    },

    /** Takes photos of these ids out of the folder (they stay in the library); how many it held. */
    async remove(ownerId: number, folderId: number, photoIds: number[]): Promise<number> {
      await ownedFolder(ownerId, folderId);
      return (await folders.remove(folderId, photoIds)).length;
    },

    /** The folder's photos, newest upload first, pageSize after the photo `before` (when given). */
    async photos(ownerId: number, folderId: number, pageSize: number, before: number | null): Promise<LibraryPage> {
      await ownedFolder(ownerId, folderId);
      const [rows, count] = await Promise.all([folders.listPhotos(folderId, pageSize + 1, before), folders.countPhotos(folderId)]);
      const photos = rows.slice(0, pageSize);
      return { photos, count, nextBefore: rows.length > pageSize ? photos[photos.length - 1].id : null };
    },
  };
}

export type FoldersService = ReturnType<typeof createFoldersService>;
