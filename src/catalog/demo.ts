// The demo catalog: themes with drawn images, linked to categories, products in every format with full layouts.
import { randomUUID } from 'node:crypto';
import { asc } from 'drizzle-orm';
import type { Database, Transaction } from '../db/database';
import { formats, templates, themeAuthors, themeCategoryLinks, themeElements, themes, type ThemeElementType } from '../db/tables/index';
import { buildLayoutPages, schemeFitsFormat, schemeUsage, type ThemeImages } from '../layouts/builder';
import { createLayoutsRepository } from '../layouts/repository';
import { storeWithDerivatives } from '../media/images';
import type { MediaStorage } from '../media/storage';
import { createProductsRepository } from '../products/repository';
import type { ProductsService } from '../products/service';
import { type DemoImageKind, drawDemoImage } from './demo-images';
import { DESCRIPTION_OCCASIONS, THEME_ADJECTIVES, THEME_NOUNS } from './demo-names';
import { loadReferenceData } from './fixtures';

export interface DemoDependencies {
  db: Database;
  media: MediaStorage;
  products: ProductsService;
}

const CATEGORY_COUNT = 16;
const PAGES_PER_LAYOUT = 10;
const IMAGE_SIDE = 1000;

const ELEMENTS: { type: ThemeElementType; kind: DemoImageKind; width: number; height: number }[] = [
  { type: 'FRONT_COVER_BACKGROUND', kind: 'front', width: IMAGE_SIDE, height: IMAGE_SIDE },
  { type: 'BACK_COVER_BACKGROUND', kind: 'back', width: IMAGE_SIDE, height: IMAGE_SIDE },
  { type: 'SPINE_BACKGROUND', kind: 'spine', width: IMAGE_SIDE / 10, height: IMAGE_SIDE },
  { type: 'PAGE_BACKGROUND', kind: 'page', width: IMAGE_SIDE, height: IMAGE_SIDE },
];

type Format = typeof formats.$inferSelect;
type Template = typeof templates.$inferSelect;

interface CatalogReference {
  formats: Format[];
  templates: Template[];
  authorIds: number[];
}

function themeName(index: number): string {
  return `${THEME_ADJECTIVES[index % THEME_ADJECTIVES.length]} ${THEME_NOUNS[Math.floor(index / THEME_ADJECTIVES.length) % THEME_NOUNS.length]}`;
}

async function drawElements(tx: Transaction, media: MediaStorage, themeId: number): Promise<ThemeImages> {
  const keys = new Map<ThemeElementType, string>();
  for (const element of ELEMENTS) {
    const image = await drawDemoImage(themeId, element.kind, element.width, element.height);
    const key = `themes/${themeId}/${randomUUID()}.jpg`;
    await storeWithDerivatives(media, key, image);
    await tx.orm.insert(themeElements).values({
      themeId, elementType: element.type, image: key, width: element.width, height: element.height,
      isPattern: element.kind === 'page',
    });
    keys.set(element.type, key);
  }
  return { frontCover: keys.get('FRONT_COVER_BACKGROUND') ?? null, pageBackground: keys.get('PAGE_BACKGROUND') ?? null };
}

async function seedTheme(deps: DemoDependencies, reference: CatalogReference, index: number): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const name = themeName(index);
    const [theme] = await tx.orm.insert(themes).values({
      name,
      description: `Тема «${name}» ${DESCRIPTION_OCCASIONS[index % DESCRIPTION_OCCASIONS.length]}`,
      approved: true,
      authorId: reference.authorIds[index % reference.authorIds.length],
      colorId: (index % 4) + 1,
      styleId: (index % 3) + 1,
    }).returning({ id: themes.id });
    const categoryIds = [...new Set([(index % CATEGORY_COUNT) + 1, ((index * 5) % CATEGORY_COUNT) + 1])];
    await tx.orm.insert(themeCategoryLinks).values(categoryIds.map((categoryId) => ({ themeId: theme.id, categoryId })));
    const images = await drawElements(tx, deps.media, theme.id);

    const layouts = createLayoutsRepository(tx.orm);
    for (const [formatIndex, format] of reference.formats.entries()) {
      const fitting = reference.templates.filter((template) => schemeFitsFormat(template, format));
      const pageTemplates = Array.from({ length: PAGES_PER_LAYOUT },
        (_, page) => fitting[(index + formatIndex + page * 3) % fitting.length]);
      const product = await deps.products.create(tx, {
        name: `Фотокнига «${name}» ${format.name}`,
        description: `Фотокнига ${format.name} см ${DESCRIPTION_OCCASIONS[(index + formatIndex) % DESCRIPTION_OCCASIONS.length]}`,
        themeId: theme.id,
        formatId: format.id,
        productTypeId: ((index + formatIndex) % 4) + 1,
        specialProject: index % 8 === 0 ? 'newyear' : null,
        popularity: (index * 37 + formatIndex * 101) % 1000,
        templateCategories: [...new Set(pageTemplates.map((template) => template.categoryId))].sort(),
        createdAt: new Date(Date.now() - (index * 5 + formatIndex) * 3_600_000),
      });
      const pages = buildLayoutPages(format, pageTemplates, images, product.name);
      const layoutId = await layouts.insertWithPages(
        { productId: product.id, formatId: format.id, name: product.name, schemeThemeRel: schemeUsage(pages) }, pages,
      );
      await tx.sql.query('UPDATE products SET layout_id = $1 WHERE id = $2', [layoutId, product.id]);
    }
    return reference.formats.length;
  });
}

/** Seeds the demo catalog when the database has no products; returns the number of products created. */
export async function seedDemoCatalog(
  deps: DemoDependencies,
  themeCount: number,
  onProgress: (done: number, total: number) => void = () => undefined,
): Promise<number> {
  await loadReferenceData(deps.db);
  if ((await createProductsRepository(deps.db.orm).count()) > 0) return 0;
  const authors = await deps.db.orm.insert(themeAuthors).values([
    { nameRu: 'Анна Смирнова', nameEn: 'Anna Smirnova' },
    { nameRu: 'Иван Петров', nameEn: 'Ivan Petrov' },
    { nameRu: 'Студия «Кадр»', nameEn: 'Kadr Studio' },
  ]).returning({ id: themeAuthors.id });
  const reference: CatalogReference = {
    formats: await deps.db.orm.select().from(formats).orderBy(asc(formats.id)),
    templates: await deps.db.orm.select().from(templates).orderBy(asc(templates.id)),
    authorIds: authors.map((author) => author.id),
  };
  let created = 0;
  for (let index = 0; index < themeCount; index += 1) {
    created += await seedTheme(deps, reference, index);
    onProgress(index + 1, themeCount);
  }
  return created;
}
