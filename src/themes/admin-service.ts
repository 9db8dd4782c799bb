// Administering themes. Each save enqueues its reactions in its own transaction: a created theme sends the
// notification e-mail; a theme saved approved without products gets its products generated (reactions.ts).
import { generateProducts } from '../jobs/generate-products';
import { sendThemeEmail } from '../jobs/send-theme-email';
import type { Transaction } from '../db/database';
import { pageOfList } from '../shared/paging';
import { derivedKeys } from '../media/images';
import type { Queue } from '../queue/queue';
import type { StoredFileDeletions } from '../file-deletions/stored-file-deletions';
import { conflict, type FieldErrors, invalid, notFound } from '../shared/errors';
import type { ThemeCreate, ThemeUpdate } from '../types/schemas';
import { createThemesAdminRepository, type ThemeFields } from './admin-repository';
import { createThemeReactions, type ThemeReactionDependencies } from './reactions';
import { createThemesRepository, type Theme } from './repository';

export type ThemeWithCategories = Theme & { categories: number[] };

export interface ThemesAdminDependencies extends ThemeReactionDependencies {
  queue: Queue;
  deletions: StoredFileDeletions;
}

const notExisting = (id: number) => `Invalid pk "${id}" - object does not exist.`;

function fieldsOf(input: ThemeUpdate): ThemeFields {
  const fields: ThemeFields = {
    name: input.name, description: input.description, approved: input.approved,
    authorId: input.author, colorId: input.color, styleId: input.style,
  };
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
}

export function createThemesAdminService(deps: ThemesAdminDependencies) {
  const { db, queue, deletions } = deps;

  /** Throws field errors for references that do not exist. */
  async function checkReferences(tx: Transaction, input: ThemeUpdate): Promise<void> {
    const repository = createThemesAdminRepository(tx.sql);
    const errors: FieldErrors = {};
    for (const field of ['author', 'color', 'style'] as const) {
      const id = input[field];
      if (typeof id === 'number' && (await repository.missingReferences(field, [id])).length > 0) errors[field] = [notExisting(id)];
    }
    const missing = await repository.missingReferences('categories', input.categories ?? []);
    if (missing.length > 0) errors.categories = missing.map(notExisting);
    if (Object.keys(errors).length > 0) throw invalid(errors);
  }

  /** Approved and still without products: generation is due (the job checks again under the theme's lock). */
  async function reactToApproval(tx: Transaction, theme: Theme): Promise<void> {
    if (theme.approved && !(await createThemesAdminRepository(tx.sql).hasProducts(theme.id))) {
      await queue.enqueue(tx, generateProducts, { themeId: theme.id });
    }
  }

  const withCategories = async (tx: Transaction, theme: Theme): Promise<ThemeWithCategories> =>
    ({ ...theme, categories: (await createThemesAdminRepository(tx.sql).categoriesOf([theme.id])).get(theme.id)! });

  return {
    ...createThemeReactions(deps),

    async create(userId: number, input: ThemeCreate): Promise<ThemeWithCategories> {
      return db.transaction(async (tx) => {
        await checkReferences(tx, input);
        const repository = createThemesAdminRepository(tx.sql);
        const theme = await repository.insert({ ...fieldsOf(input), name: input.name, createdBy: userId });
        await repository.setCategories(theme.id, [...new Set(input.categories ?? [])]);
        await queue.enqueue(tx, sendThemeEmail, { themeId: theme.id });
        await reactToApproval(tx, theme);
        return withCategories(tx, theme);
      });
    },

    async update(id: number, input: ThemeUpdate): Promise<ThemeWithCategories> {
      return db.transaction(async (tx) => {
        const repository = createThemesAdminRepository(tx.sql);
        if (!(await repository.lock(id))) throw notFound();
        await checkReferences(tx, input);
        const theme = await repository.update(id, fieldsOf(input));
        if (input.categories) await repository.setCategories(id, [...new Set(input.categories)]);
        await reactToApproval(tx, theme);
        return withCategories(tx, theme);
      });
    },

    /**
     * A conflict while the theme has products: they, their layouts and orders of copies depend on it. The theme's
     * element files are recorded for deletion in the deletion's transaction, and go once it is committed.
     */
    async delete(id: number): Promise<void> {
      const recorded = await db.transaction(async (tx) => {
        const repository = createThemesAdminRepository(tx.sql);
        if (!(await repository.lock(id))) throw notFound();
        if (await repository.hasProducts(id)) throw conflict('The theme has products: delete them first.');
        const images = (await createThemesRepository(tx.sql).listElements(id)).map((element) => element.image);
        await repository.delete(id);
        return deletions.record(tx, images.flatMap((image) => [image, ...derivedKeys(image)]));
      });
      await deletions.deleteSoon(recorded);
    },

    /** A page of themes, newest first; not found ("Invalid page.") for a page that does not exist. */
    async list(approved: boolean | undefined, rawPage: string | string[] | undefined, rawPageSize: string | string[] | undefined) {
      const repository = createThemesAdminRepository(db.sql);
      return pageOfList(await repository.countOf(approved), rawPage, rawPageSize, async (limit, offset) => {
        const themes = await repository.list(approved, limit, offset);
        const categories = await repository.categoriesOf(themes.map((theme) => theme.id));
        return themes.map((theme) => ({ ...theme, categories: categories.get(theme.id)! }));
      });
    },
  };
}

export type ThemesAdminService = ReturnType<typeof createThemesAdminService>;
