// Products' own layouts (the catalog's, not a shopper's copy): planned from the format's fitting page schemes, then
// built with the theme's images and the title inside the transaction that makes the product; their cover's title
// follows a renamed product. The products domain asks for them here rather than writing layouts itself.
import type { Transaction } from '../db/database';
import { buildLayoutPages, NEW_LAYOUT_FONT_SIZE_PT, pickSchemes, schemeUsage, type ThemeImages } from './builder';
import { createLayoutsRepository, type Format, type Template } from './repository';

const PAGES_PER_LAYOUT = 10;

/** What a new product's layout will be made of, known before the product exists. */
export interface CatalogLayoutPlan {
  format: Format;
  pageSchemes: Template[];
  /** The categories of its page schemes, sorted: the product's template categories. */
  categories: string[];
}

export function createCatalogLayouts() {
  return {
    /** Ten page schemes that fit the format, taken in turn from schemeOffset; undefined for an unknown format. */
    async plan(tx: Transaction, formatId: number, schemeOffset: number): Promise<CatalogLayoutPlan | undefined> {
      const layouts = createLayoutsRepository(tx.sql);
      const format = await layouts.format(formatId);
      if (!format) return undefined;
      const pageSchemes = pickSchemes(await layouts.templates([]), format, PAGES_PER_LAYOUT, schemeOffset);
      return { format, pageSchemes, categories: [...new Set(pageSchemes.map((scheme) => scheme.categoryId))].sort() };
    },

    /**
     * The product's layout as planned: a cover with the theme's front cover background and the product's name as its
     * title, the pages on the theme's page background. Its id.
     */
    async create(tx: Transaction, plan: CatalogLayoutPlan, product: { id: number; name: string }, images: ThemeImages): Promise<string> {
      const layouts = createLayoutsRepository(tx.sql);
      const { format } = plan;
      const pages = buildLayoutPages(format, await layouts.coverTemplate(format), plan.pageSchemes, images, product.name);
      return layouts.insertWithPages(
        {
          productId: product.id, formatId: format.id, name: product.name, fontSize: NEW_LAYOUT_FONT_SIZE_PT, unplaced: [],
          schemeThemeRel: schemeUsage(pages), lastSchemePageNum: pages.length - 1,
        },
        pages,
      );
    },

    /** The title on the cover of a product's layout follows the product's new name. */
    retitleCover: (tx: Transaction, layoutId: string, title: string): Promise<void> => createLayoutsRepository(tx.sql).retitleCover(layoutId, title),
  };
}

export type CatalogLayouts = ReturnType<typeof createCatalogLayouts>;
