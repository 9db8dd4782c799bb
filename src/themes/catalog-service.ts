// Administering themes. Each save enqueues its reactions in its own transaction: a created theme sends the
// notification e-mail; a theme saved approved without products gets its products generated.
import { generateProducts } from '../../jobs/contracts/generate-products';
import { sendThemeEmail } from '../../jobs/contracts/send-theme-email';
import type { Database, Transaction } from '../db/database';
import type { FieldErrors } from '../http/errors';
import { pageOfList } from '../shared/paging';
import type { Queue } from '../queue/queue';
import { derivedKeys } from '../media/images';
import type { StoredFileDeletions } from '../retention/stored-file-deletions';
import { createCatalogRepository, type ThemeFields } from './catalog-repository';
import { createThemesRepository, type Theme } from './repository';

/** A theme as the administration API takes it (snake_case fields of theme-create.json). */
export interface ThemeInput {
  name?: string;
  description?: string;
  approved?: boolean;
  author?: number | null;
  color?: number | null;
  style?: number | null;
  categories?: number[];
}

export type SaveResult =
  | { kind: 'saved'; theme: Theme & { categories: number[] } }
  | { kind: 'invalid'; errors: FieldErrors }
  | { kind: 'not-found' };

const notExisting = (id: number) => `Invalid pk "${id}" - object does not exist.`;

function fieldsOf(input: ThemeInput): ThemeFields {
  const fields: ThemeFields = {
    name: input.name, description: input.description, approved: input.approved,
    authorId: input.author, colorId: input.color, styleId: input.style,
  };
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
}

export function createCatalogService(deps: { db: Database; queue: Queue; deletions: StoredFileDeletions }) {
  const { db, queue, deletions } = deps;

  /** Field errors for references that do not exist. */
  async function referenceErrors(tx: Transaction, input: ThemeInput): Promise<FieldErrors | undefined> {
    const repository = createCatalogRepository(tx.orm);
    const errors: FieldErrors = {};
    for (const field of ['author', 'color', 'style'] as const) {
      const id = input[field];
      if (typeof id === 'number' && (await repository.missingReferences(field, [id])).length > 0) errors[field] = [notExisting(id)];
    }
    const missing = await repository.missingReferences('categories', input.categories ?? []);
    if (missing.length > 0) errors.categories = missing.map(notExisting);
    return Object.keys(errors).length > 0 ? errors : undefined;
  }

  /** Approved and still without products: generation is due (the job checks again under the theme's lock). */
  async function reactToApproval(tx: Transaction, theme: Theme): Promise<void> {
    if (theme.approved && !(await createCatalogRepository(tx.orm).hasProducts(theme.id))) {
      await queue.enqueue(tx, generateProducts, { themeId: theme.id });
    }
  }

  const withCategories = async (tx: Transaction, theme: Theme) =>
    ({ ...theme, categories: (await createCatalogRepository(tx.orm).categoriesOf([theme.id])).get(theme.id)! });

  return {
    async create(userId: number, input: ThemeInput & { name: string }): Promise<SaveResult> {
      return db.transaction(async (tx) => {
        const errors = await referenceErrors(tx, input);
        if (errors) return { kind: 'invalid', errors };
        const repository = createCatalogRepository(tx.orm);
        const theme = await repository.insert({ ...fieldsOf(input), name: input.name, createdBy: userId });
        await repository.setCategories(theme.id, [...new Set(input.categories ?? [])]);
        await queue.enqueue(tx, sendThemeEmail, { themeId: theme.id });
        await reactToApproval(tx, theme);
        return { kind: 'saved', theme: await withCategories(tx, theme) };
      });
    },

    async update(id: number, input: ThemeInput): Promise<SaveResult> {
      return db.transaction(async (tx) => {
        const repository = createCatalogRepository(tx.orm);
        if (!(await repository.lock(id))) return { kind: 'not-found' };
        const errors = await referenceErrors(tx, input);
        if (errors) return { kind: 'invalid', errors };
        const theme = await repository.update(id, fieldsOf(input));
        if (input.categories) await repository.setCategories(id, [...new Set(input.categories)]);
        await reactToApproval(tx, theme);
        return { kind: 'saved', theme: await withCategories(tx, theme) };
      });
    },

    /**
     * 'conflict' while the theme has products: they, their layouts and orders of copies depend on it. The theme's
     * element files are recorded for deletion in the deletion's transaction, and go once it is committed.
     */
    async delete(id: number): Promise<'deleted' | 'not-found' | 'conflict'> {
      const outcome = await db.transaction(async (tx) => {
        const repository = createCatalogRepository(tx.orm);
        if (!(await repository.lock(id))) return 'not-found' as const;
        if (await repository.hasProducts(id)) return 'conflict' as const;
        const images = (await createThemesRepository(tx.orm).listElements(id)).map((element) => element.image);
        await repository.delete(id);
        return deletions.record(tx, images.flatMap((image) => [image, ...derivedKeys(image)]));
      });
      if (typeof outcome === 'string') return outcome;
      await deletions.deleteSoon(outcome);
      return 'deleted';
    },

    async list(approved: boolean | undefined, rawPage: string | string[] | undefined, rawPageSize: string | string[] | undefined) {
      const repository = createCatalogRepository(db.orm);
      return pageOfList(await repository.countOf(approved), rawPage, rawPageSize, async (limit, offset) => {
        const themes = await repository.list(approved, limit, offset);
        const categories = await repository.categoriesOf(themes.map((theme) => theme.id));
        return themes.map((theme) => ({ ...theme, categories: categories.get(theme.id)! }));
      });
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
