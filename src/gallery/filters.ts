// From validated query parameters to a product query: ids are checked against the catalog, theme-level and
// orientation filters become lists of theme and format ids.
import type { FieldErrors } from '../http/errors';
import type { Gallery2Filter } from '../types/schemas';
import { type ProductVersion, SIMPLE_CASE_LETTERS } from './changes';
import type { FilterMatcher } from './page-cache';
import type { CatalogSnapshot } from './snapshot';

export type GallerySort = 'new' | 'top';

/** The query parameters after schema validation (gallery-filter.json, gallery2-filter.json). */
export interface GalleryFilterParams {
  search?: string;
  type?: number[];
  fmt?: number[];
  fmt_orient?: string[];
  template_cat?: string[];
  theme_cat?: number[];
  theme_color?: number[];
  theme_style?: number[];
  theme_author?: number[];
  special_project?: string[];
  sort?: GallerySort;
}

/** What the repository is asked for. An undefined list means "no condition"; an empty one matches nothing. */
export interface ProductQuery {
  /** Products of approved themes only (when no theme condition gives a list, and some theme is not approved). */
  approvedOnly: boolean;
  themeIds?: number[];
  formatIds?: number[];
  productTypeIds?: number[];
  specialProjects?: string[];
  templateCategories?: string[];
  search?: string;
  sort: GallerySort;
}

export const V1_FILTER_PARAMS = [
  'search', 'type', 'fmt', 'fmt_orient', 'template_cat', 'theme_cat', 'theme_color', 'theme_style', 'theme_author', 'sort',
] as const;
export const V2_FILTER_PARAMS = [...V1_FILTER_PARAMS, 'special_project'] as const;
export type FilterParamName = (typeof V2_FILTER_PARAMS)[number];

/** The parameters a version knows; anything else in the query string is ignored. */
export function pickFilterParams(query: Gallery2Filter, known: readonly FilterParamName[]): GalleryFilterParams {
  return Object.fromEntries(known.filter((name) => query[name] !== undefined).map((name) => [name, query[name]]));
}

const unique = <T>(values: T[]) => [...new Set(values)];

function checkChoices<T>(errors: FieldErrors, field: string, given: T[] | undefined, known: Set<T>): void {
  const invalid = given?.find((value) => !known.has(value));
  if (invalid !== undefined) errors[field] = [`Select a valid choice. ${String(invalid)} is not one of the available choices.`];
}

function matchingThemeIds(params: GalleryFilterParams, snapshot: CatalogSnapshot): number[] | undefined {
  const conditions: ((theme: { colorId: number | null; styleId: number | null; authorId: number | null; categoryIds: number[] }) => boolean)[] = [];
  if (params.theme_cat) conditions.push((theme) => theme.categoryIds.some((id) => params.theme_cat!.includes(id)));
  if (params.theme_color) conditions.push((theme) => theme.colorId !== null && params.theme_color!.includes(theme.colorId));
  if (params.theme_style) conditions.push((theme) => theme.styleId !== null && params.theme_style!.includes(theme.styleId));
  if (params.theme_author) conditions.push((theme) => theme.authorId !== null && params.theme_author!.includes(theme.authorId));
  // Shoppers see products of approved themes only: without a theme condition that is a flag, not a list of ids.
  if (conditions.length === 0) return undefined;
  return [...snapshot.themes.entries()]
    .filter(([, theme]) => theme.approved && conditions.every((condition) => condition(theme))).map(([id]) => id);
}

function matchingFormatIds(params: GalleryFilterParams, snapshot: CatalogSnapshot): number[] | undefined {
  if (!params.fmt && !params.fmt_orient) return undefined;
  return [...snapshot.formats.values()]
    .filter((format) => (!params.fmt || params.fmt.includes(format.id)) && (!params.fmt_orient || params.fmt_orient.includes(format.orientation)))
    .map((format) => format.id);
}

/** The product query, or the field errors of ids that are well formed but do not exist (400, as django-filter). */
export function resolveFilters(
  params: GalleryFilterParams, snapshot: CatalogSnapshot,
): { query: ProductQuery; errors?: undefined } | { errors: FieldErrors } {
  const errors: FieldErrors = {};
  const ids = <T>(rows: { id: T }[]) => new Set(rows.map((row) => row.id));
  checkChoices(errors, 'type', params.type, ids(snapshot.productTypes));
  checkChoices(errors, 'fmt', params.fmt, new Set(snapshot.formats.keys()));
  checkChoices(errors, 'template_cat', params.template_cat, ids(snapshot.templateCategories));
  checkChoices(errors, 'theme_cat', params.theme_cat, ids(snapshot.themeCategories));
  checkChoices(errors, 'theme_color', params.theme_color, ids(snapshot.themeColors));
  checkChoices(errors, 'theme_style', params.theme_style, ids(snapshot.themeStyles));
  checkChoices(errors, 'theme_author', params.theme_author, ids(snapshot.themeAuthors));
  if (Object.keys(errors).length > 0) return { errors };
  const search = params.search?.trim();
  const themeIds = matchingThemeIds(params, snapshot);
  const query: ProductQuery = {
    approvedOnly: themeIds === undefined && snapshot.approvedThemeIds.size < snapshot.themes.size,
    themeIds,
    formatIds: matchingFormatIds(params, snapshot),
    productTypeIds: params.type && unique(params.type),
    specialProjects: params.special_project && unique(params.special_project),
    templateCategories: params.template_cat && unique(params.template_cat),
    search: search ? search : undefined,
    sort: params.sort ?? 'new',
  };
  return { query };
}

/**
 * The filter's cache key: the parameters that decide which products are listed, each list sorted and without
 * repeats, so that a catalog of many themes still gives a short key. JSON, so that no value can pass for another
 * parameter (a search for "a&fmt=1", a special project named "x,y").
 */
export function filterKey(params: GalleryFilterParams): string {
  const key: unknown[] = [params.sort ?? 'new', params.search?.trim() || null];
  for (const name of V2_FILTER_PARAMS) {
    const value = params[name];
    if (name !== 'search' && name !== 'sort') key.push(Array.isArray(value) ? [...new Set<string | number>(value)].sort() : null);
  }
  return JSON.stringify(key);
}

// ILIKE '%s%' is "the lower-cased text contains the lower-cased s" (PostgreSQL lower-cases both for multibyte text).
// The gallery decides that itself only for letters it has checked the database folds as JavaScript does.
function searchFinds(needle: string, version: ProductVersion): boolean | undefined {
  const text = version.searchable;
  return text && (text.name.includes(needle) || text.description.includes(needle));
}

/** Which product rows the query lists, as far as a change notification tells. */
export function matcherFor(query: ProductQuery, snapshot: CatalogSnapshot): FilterMatcher {
  const themes = query.themeIds ? new Set(query.themeIds) : snapshot.approvedThemeIds;
  const formats = query.formatIds && new Set(query.formatIds);
  const types = query.productTypeIds && new Set(query.productTypeIds);
  const specials = query.specialProjects && new Set(query.specialProjects);
  const categories = query.templateCategories && new Set(query.templateCategories);
  // Sets of its own (not the snapshot's), at about 64 bytes an element.
  const bytes = [query.themeIds && themes, formats, types, specials, categories].reduce((sum, set) => sum + (set ? 100 + set.size * 64 : 0), 0);
  const needle = query.search !== undefined && snapshot.caseFoldingAgrees && SIMPLE_CASE_LETTERS.test(query.search)
    ? query.search.toLowerCase() : undefined;
  return {
    bytes,
    theme: (themeId) => themes.has(themeId),
    row: (row) => {
      const listed = themes.has(row.themeId)
        && (!formats || formats.has(row.formatId))
        && (!types || types.has(row.productTypeId))
        && (!specials || (row.specialProject !== null && specials.has(row.specialProject)))
        && (!categories || row.templateCategories.some((category) => categories.has(category)));
      if (!listed || query.search === undefined) return listed;
      return needle === undefined ? undefined : searchFinds(needle, row);
    },
  };
}
