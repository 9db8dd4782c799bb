// SQL for folders, the owner's collections over the photo library: a folder holds photos, never owns them.
import type { SqlExecutor } from '../db/database';
import { type Photo, PHOTO_COLUMNS } from './repository';

export interface Folder {
  id: number;
  name: string;
}

/** Of the ids, the owner's photos still in the library. */
const OWNED_PHOTOS = 'SELECT id FROM photos WHERE owner_id = $1 AND id = ANY($2::int[]) AND deleted_at IS NULL';

export function createFoldersRepository(sql: SqlExecutor) {
  return {
    /** Oldest first. */
    async list(ownerId: number): Promise<Folder[]> {
      return (await sql.query<Folder>('SELECT id, name FROM folders WHERE owner_id = $1 ORDER BY id', [ownerId])).rows;
    },
    async count(ownerId: number): Promise<number> {
      return (await sql.query<{ n: number }>('SELECT count(*)::int AS n FROM folders WHERE owner_id = $1', [ownerId])).rows[0].n;
    },
    async findOwned(ownerId: number, id: number): Promise<Folder | undefined> {
      return (await sql.query<Folder>('SELECT id, name FROM folders WHERE id = $1 AND owner_id = $2', [id, ownerId])).rows[0];
    },
    async insert(ownerId: number, name: string): Promise<Folder> {
      return (await sql.query<Folder>('INSERT INTO folders (owner_id, name) VALUES ($1, $2) RETURNING id, name', [ownerId, name])).rows[0];
    },
    async rename(ownerId: number, id: number, name: string): Promise<Folder | undefined> {
      return (await sql.query<Folder>('UPDATE folders SET name = $3 WHERE id = $1 AND owner_id = $2 RETURNING id, name', [id, ownerId, name])).rows[0];
    },
    /** Deletes the folder, not its photos; false when the owner has no such folder. */
    async delete(ownerId: number, id: number): Promise<boolean> {
      return (await sql.query('DELETE FROM folders WHERE id = $1 AND owner_id = $2', [id, ownerId])).rowCount > 0;
    },
    /** Puts the owner's photos of these ids into the folder (those already in it stay); how many were added. */
    async add(ownerId: number, folderId: number, photoIds: number[]): Promise<number> {
      const { rowCount } = await sql.query(
        `INSERT INTO folder_photos (folder_id, photo_id) SELECT $3, id FROM (${OWNED_PHOTOS}) owned
          ON CONFLICT DO NOTHING`, [ownerId, photoIds, folderId]);
      return rowCount;
    },
    /** Takes photos of these ids out of the folder; the ids it held. */
    async remove(folderId: number, photoIds: number[]): Promise<number[]> {
      const { rows } = await sql.query<{ photoId: number }>(
        'DELETE FROM folder_photos WHERE folder_id = $1 AND photo_id = ANY($2::int[]) RETURNING photo_id AS "photoId"', [folderId, photoIds]);
      return rows.map((row) => row.photoId);
    },
    async countPhotos(folderId: number): Promise<number> {
      return (await sql.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM folder_photos f JOIN photos p ON p.id = f.photo_id
          WHERE f.folder_id = $1 AND p.deleted_at IS NULL`, [folderId])).rows[0].n;
    },
    /** The folder's photos still in the library, newest upload first, after the photo `before` when given. */
    async listPhotos(folderId: number, limit: number, before: number | null): Promise<Photo[]> {
      const { rows } = await sql.query<Photo>(
        `SELECT ${PHOTO_COLUMNS} FROM folder_photos f JOIN photos p ON p.id = f.photo_id
          WHERE f.folder_id = $1 AND p.deleted_at IS NULL AND ($2::int IS NULL OR p.id < $2) ORDER BY p.id DESC LIMIT $3`,
        [folderId, before, limit]);
      return rows;
    },
  };
}
