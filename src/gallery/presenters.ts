// Response bodies of the gallery, in the shapes of schemas/gallery-*.json.
import type { Language } from '../http/language';
import { localizedName } from '../http/language';
import type { MediaStorage } from '../media/storage';
import type { GalleryRow } from './repository';
import type { GalleryPage } from './service';
import type { CatalogSnapshot, Named } from './snapshot';

const previewUrl = (media: MediaStorage, key: string | null) => (key ? media.publicUrl(key) : null);

function formatOf(snapshot: CatalogSnapshot, row: GalleryRow) {
  const format = snapshot.formats.get(row.format_id);
  return { format: format?.name ?? null, orientation: format?.orientation ?? null };
}

function pageLinks(page: GalleryPage) {
  return {
    count: page.count,
    next: page.page < page.lastPage ? page.page + 1 : null,
    previous: page.page > 1 ? page.page - 1 : null,
  };
}

/** Version 1: frozen (schemas/gallery-product-list.json); add a version rather than change it. */
export function presentV1Page(page: GalleryPage, snapshot: CatalogSnapshot, media: MediaStorage) {
  return {
    ...pageLinks(page),
    results: page.rows.map((row) => ({
      id: row.id,
      name: row.name,
      description: row.description,
      theme_id: row.theme_id,
      format_id: row.format_id,
      ...formatOf(snapshot, row),
      product_type_id: row.product_type_id,
      special_project: row.special_project,
      popularity: row.popularity,
      preview_cover: previewUrl(media, row.preview_cover),
      created_at: new Date(row.created_at).toISOString(),
    })),
  };
}

export function presentV2Page(
  page: GalleryPage, snapshot: CatalogSnapshot, media: MediaStorage, language: Language, queryParams?: Record<string, string>,
) {
  const groups = new Map(snapshot.productTypes.map((type) => [type.id, { id: type.id, name: localizedName(type, language) }]));
  return {
    ...pageLinks(page),
    results: page.rows.map((row) => {
      const { format, orientation } = formatOf(snapshot, row);
      return {
        id: row.id, orientation, name: row.name, theme_id: row.theme_id, format, preview_cover: previewUrl(media, row.preview_cover),
        product_group: groups.get(row.product_type_id) ?? { id: row.product_type_id, name: '' },
      };
    }),
    ...(queryParams ? { query_params: queryParams } : {}),
  };
}

const named = <Id>(rows: Named<Id>[], language: Language) => rows.map((row) => ({ id: row.id, name: localizedName(row, language) }));

export function presentMeta(snapshot: CatalogSnapshot, language: Language) {
  return {
    theme_color: named(snapshot.themeColors, language),
    product_type: named(snapshot.productTypes, language),
    theme_cat: named(snapshot.themeCategories.filter((category) => category.inV1Meta), language),
    theme_style: named(snapshot.themeStyles, language),
    fmt_orient: named(snapshot.orientations, language),
    template_cat: named(snapshot.templateCategories, language),
    theme_author: named(snapshot.themeAuthors, language),
    fmt: [...snapshot.formats.values()].map((format) => ({ id: format.id, name: format.name })),
  };
}

export const presentThemeCategories = (snapshot: CatalogSnapshot, language: Language) => named(snapshot.themeCategories, language);
