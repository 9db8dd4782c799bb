// The demo catalog: themes with drawn images, linked to categories, products in every format with full layouts.
import { randomUUID } from 'node:crypto';
import type { Database } from '../db/database';
import type { ThemeElementType } from '../shared/theme-elements';
import { storeWithDerivatives } from '../media/images';
import type { MediaStorage } from '../media/storage';
import type { ProductsService } from '../products/service';
import { type DemoImageKind, drawDemoImage } from './demo-images';
import { DESCRIPTION_OCCASIONS, THEME_ADJECTIVES, THEME_NOUNS } from './demo-names';
import { ensureReferenceData } from './fixtures';
import { createSeedRepository, type FormatRow, type SeedRepository } from './repository';

export interface DemoDependencies {
  db: Database;
  media: MediaStorage;
  services: { products: ProductsService };
}

const CATEGORY_COUNT = 16;
const IMAGE_SIDE = 1000;

const ELEMENTS: { type: ThemeElementType; kind: DemoImageKind; width: number; height: number }[] = [
  { type: 'FRONT_COVER_BACKGROUND', kind: 'front', width: IMAGE_SIDE, height: IMAGE_SIDE },
  { type: 'BACK_COVER_BACKGROUND', kind: 'back', width: IMAGE_SIDE, height: IMAGE_SIDE },
  { type: 'SPINE_BACKGROUND', kind: 'spine', width: IMAGE_SIDE / 10, height: IMAGE_SIDE },
  { type: 'PAGE_BACKGROUND', kind: 'page', width: IMAGE_SIDE, height: IMAGE_SIDE },
];

interface CatalogReference {
  formats: FormatRow[];
  authorIds: number[];
}

// Themes drawn but not approved, so without products: approving one shows the generation reaction at work.
const UNAPPROVED_THEMES = 2;

function themeName(index: number): string {
  return `${THEME_ADJECTIVES[index % THEME_ADJECTIVES.length]} ${THEME_NOUNS[Math.floor(index / THEME_ADJECTIVES.length) % THEME_NOUNS.length]}`;
}

/**
 * The theme's element images, drawn at once and before its transaction: PGlite runs one transaction at a time, and the
 * worker drawing the previews of the themes before needs the database meanwhile. index + 1 is the theme's id on a
 * fresh database, the seed its pictures always had.
 */
function drawElementImages(index: number): Promise<Buffer[]> {
  return Promise.all(ELEMENTS.map((element) => drawDemoImage(index + 1, element.kind, element.width, element.height)));
}

async function storeElements(repository: SeedRepository, media: MediaStorage, themeId: number, images: Buffer[]): Promise<void> {
  for (const [elementIndex, element] of ELEMENTS.entries()) {
    const image = images[elementIndex];
    const key = `themes/${themeId}/${randomUUID()}.jpg`;
    await storeWithDerivatives(media, key, image);
    await repository.insertElement({
      themeId, elementType: element.type, image: key, width: element.width, height: element.height,
      isPattern: element.kind === 'page',
    });
  }
}
/** A theme with its drawn elements and categories; with products in every format when approved. */
async function seedTheme(deps: DemoDependencies, reference: CatalogReference, index: number, approved: boolean): Promise<number> {
  const images = await drawElementImages(index);
  return deps.db.transaction(async (tx) => {
    const repository = createSeedRepository(tx.sql);
    const name = themeName(index);
    const themeId = await repository.insertTheme({
      name,
      description: `Тема «${name}» ${DESCRIPTION_OCCASIONS[index % DESCRIPTION_OCCASIONS.length]}`,
      approved,
      authorId: reference.authorIds[index % reference.authorIds.length],
      colorId: (index % 4) + 1,
      styleId: (index % 3) + 1,
    });
    const categoryIds = [...new Set([(index % CATEGORY_COUNT) + 1, ((index * 5) % CATEGORY_COUNT) + 1])];
    await repository.linkCategories(themeId, categoryIds);
    await storeElements(repository, deps.media, themeId, images);
    if (!approved) return 0;
    for (const [formatIndex, format] of reference.formats.entries()) {
      await deps.services.products.createWithLayout(tx, {
        name: `Фотокнига «${name}» ${format.name}`,
        description: `Фотокнига ${format.name} см ${DESCRIPTION_OCCASIONS[(index + formatIndex) % DESCRIPTION_OCCASIONS.length]}`,
        themeId,
        formatId: format.id,
        productTypeId: ((index + formatIndex) % 4) + 1,
        specialProject: index % 8 === 0 ? 'newyear' : null,
        popularity: (index * 37 + formatIndex * 101) % 1000,
        createdAt: new Date(Date.now() - (index * 5 + formatIndex) * 3_600_000),
        schemeOffset: index + formatIndex,
      }, { priority: 'bulk' });
    }
    return reference.formats.length;
  });
}

/** Products whose preview is not drawn yet: the demo serves once there are none, so that no gallery tile is empty. */
export function productsWithoutPreview(db: Database): Promise<number> {
  return createSeedRepository(db.sql).productsWithoutPreview();
}

/**
 * Seeds the demo catalog when the database has no products; returns the number of products created. Their previews
 * are bulk jobs: a product someone creates meanwhile has its preview first.
 */
export async function seedDemoCatalog(
  deps: DemoDependencies,
  themeCount: number,
  onProgress: (done: number, total: number) => void = () => undefined,
): Promise<number> {
  await ensureReferenceData(deps.db);
  const repository = createSeedRepository(deps.db.sql);
  if ((await repository.productCount()) > 0) return 0;
  const reference: CatalogReference = {
    formats: await repository.formats(),
    authorIds: await repository.insertAuthors([
      { nameRu: 'Анна Смирнова', nameEn: 'Anna Smirnova' },
      { nameRu: 'Иван Петров', nameEn: 'Ivan Petrov' },
      { nameRu: 'Студия «Кадр»', nameEn: 'Kadr Studio' },
    ]),
  };
  let created = 0;
  for (let index = 0; index < themeCount; index += 1) {
    created += await seedTheme(deps, reference, index, true);
    onProgress(index + 1, themeCount);
  }
  for (let index = themeCount; index < themeCount + UNAPPROVED_THEMES; index += 1) await seedTheme(deps, reference, index, false);
  return created;
}
