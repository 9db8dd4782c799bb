// Theme elements: uploads checked and stored with their derivatives, deletes that leave no file behind.
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { Database } from '../db/database';
import { derivedKeys, storeWithDerivatives } from '../media/images';
import { InvalidImageError, inspectImage } from '../media/image-check';
import type { MediaStorage } from '../media/storage';
import type { Queue } from '../queue/queue';
import { forbidden, invalid, notFound, unauthenticated } from '../shared/errors';
import type { AuthenticatedUser } from '../shared/user';
import type { StoredFileDeletions } from '../file-deletions/stored-file-deletions';
import type { Limiter } from '../util/limiter';
import { frontCoverChanged } from './front-cover';
import { createThemesRepository, type Theme, type ThemeElement } from './repository';

/** What a caller asks of a theme: to read it (its page, its elements) or to change it (administrators). */
export type ThemeAccess = 'read' | 'admin';

/** What an administrator says of an element; the image and its size come from the upload. */
export type ElementFields = Pick<ThemeElement, 'elementType' | 'imageType' | 'position' | 'format' | 'isPattern' | 'scale'>;

export interface ThemesServiceDependencies {
  db: Database;
  media: MediaStorage;
  imageWork: Limiter;
  maxPixels: number;
  log: Logger;
  queue: Queue;
  deletions: StoredFileDeletions;
}

export function createThemesService({ db, media, imageWork, maxPixels, log, queue, deletions }: ThemesServiceDependencies) {
  const repository = createThemesRepository(db.sql);

  async function deleteFiles(image: string): Promise<void> {
    await Promise.all([image, ...derivedKeys(image)].map((key) =>
      media.delete(key).catch((error) => log.error({ err: error, key }, 'theme element file left behind'))));
  }

  return {

    /**
     * The theme, if the caller may have it: an approved theme is open to all, the others to administrators only
     * (access 'admin': administrators only, which the route's role check has already decided). Not found, or
     * unauthenticated for nobody and forbidden for anyone else.
     */
    async themeFor(user: AuthenticatedUser | undefined, themeId: number, access: ThemeAccess): Promise<Theme> {
      const theme = await repository.findTheme(themeId);
      if (!theme) throw notFound();
      if (access === 'read' && !theme.approved && user?.role !== 'admin') throw user ? forbidden() : unauthenticated();
      return theme;
    },
    listElements: repository.listElements,

    /**
     * Checks the uploaded file, stores it and its derivatives, then records the element. A file that is not an
     * accepted image is refused as the file field; any failure leaves no file and no row.
     */
    async addElement(themeId: number, fields: ElementFields, uploadedFile: string): Promise<ThemeElement> {
      const { image, width, height } = await imageWork.run(async () => {
        const facts = await inspectImage(uploadedFile, maxPixels);
        const key = `themes/${themeId}/elements/${randomUUID()}.${facts.extension}`;
        await storeWithDerivatives(media, key, uploadedFile, maxPixels);
        return { image: key, width: facts.width, height: facts.height };
      }).catch((error: unknown) => {
        throw error instanceof InvalidImageError ? invalid({ file: [error.message] }) : error;
      });
      try {
        return await db.transaction(async (tx) => {
          const element = await createThemesRepository(tx.sql).insertElement({ themeId, image, width, height, ...fields });
          if (element.elementType === 'FRONT_COVER_BACKGROUND') await frontCoverChanged(tx, queue, themeId);
          return element;
        });
      } catch (error) {
        await deleteFiles(image);
        throw error;
      }
    },

    /**
     * Removes the row, recording its files for deletion in the same transaction; they go once it is committed (or,
     * when the storage fails, once the delete-stored-files job gets through). Not found when no such element.
     */
    async deleteElement(themeId: number, elementId: number): Promise<void> {
      const recorded = await db.transaction(async (tx) => {
        const element = await createThemesRepository(tx.sql).deleteElement(themeId, elementId);
        if (!element) return undefined;
        if (element.elementType === 'FRONT_COVER_BACKGROUND') await frontCoverChanged(tx, queue, themeId);
        return deletions.record(tx, [element.image, ...derivedKeys(element.image)]);
      });
      if (!recorded) throw notFound();
      await deletions.deleteSoon(recorded);
    },
  };
}

export type ThemesService = ReturnType<typeof createThemesService>;
