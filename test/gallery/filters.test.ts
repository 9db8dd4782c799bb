import { expect } from 'chai';
import { parseCatalogChange, type ProductVersion } from '../../src/gallery/changes';
import { filterKey, matcherFor, type ProductQuery } from '../../src/gallery/filters';
import type { CatalogSnapshot } from '../../src/gallery/snapshot';

// Themes 1 and 2 approved, 3 not.
const snapshot = { approvedThemeIds: new Set([1, 2]), caseFoldingAgrees: true } as CatalogSnapshot;
const query = (change: Partial<ProductQuery>): ProductQuery => ({ approvedOnly: true, sort: 'new', ...change });
/** A row version as a notification delivers it (parsed from the trigger's tuple). */
function version(change: Partial<Omit<ProductVersion, 'searchable'> & { name: string | null; description: string | null }>): ProductVersion {
  const row = { themeId: 1, formatId: 1, productTypeId: 1, specialProject: null, templateCategories: ['bigphoto'], sign: 1, name: 'Фотокнига', description: '', ...change };
  const payload = { scope: 'products', tx: 1, rows: [[row.themeId, row.formatId, row.productTypeId, row.specialProject, row.templateCategories, row.sign, row.name, row.description]] };
  const parsed = parseCatalogChange(JSON.stringify(payload));
  if (parsed.scope !== 'products') throw new Error('not a product change');
  return parsed.moved[0];
}

describe('gallery filters', () => {
  it('key a filter by its parameters, lists sorted and without repeats, whatever their order', () => {
    expect(filterKey({ fmt: [3, 1, 3], theme_cat: [2], search: '  море ' })).to.equal(filterKey({ theme_cat: [2], fmt: [1, 3], search: 'море', sort: 'new' }));
    expect(filterKey({ sort: 'top' })).to.not.equal(filterKey({}));
    expect(filterKey({ fmt: [1, 3] })).to.not.equal(filterKey({ type: [1, 3] }));
  });

  it('key no value as if it were another parameter or another list', () => {
    expect(filterKey({ search: 'книга&fmt=1' })).to.not.equal(filterKey({ search: 'книга', fmt: [1] }));
    expect(filterKey({ special_project: ['newyear,school'] })).to.not.equal(filterKey({ special_project: ['newyear', 'school'] }));
    expect(filterKey({ search: '["x"]' })).to.not.equal(filterKey({ search: 'x' }));
  });

  it('tell which rows a filter lists from a notification\'s attributes', () => {
    const matcher = matcherFor(query({ formatIds: [1, 2], specialProjects: ['newyear'], templateCategories: ['bigphoto', 'notext'] }), snapshot);
    expect(matcher.row(version({ specialProject: 'newyear' }))).to.equal(true);
    expect(matcher.row(version({ specialProject: null }))).to.equal(false);
    expect(matcher.row(version({ specialProject: 'newyear', themeId: 3 }))).to.equal(false);
    expect(matcher.row(version({ specialProject: 'newyear', formatId: 5 }))).to.equal(false);
    expect(matcher.row(version({ specialProject: 'newyear', templateCategories: ['withtext'] }))).to.equal(false);
    const typed = matcherFor(query({ productTypeIds: [2] }), snapshot);
    expect([typed.row(version({ productTypeId: 2 })), typed.row(version({ productTypeId: 1 }))]).to.deep.equal([true, false]);
    expect([1, 2, 3].map((theme) => matcher.theme(theme))).to.deep.equal([true, true, false]);
  });

  it('find a search in the name or description as ILIKE does, and say when they cannot tell', () => {
    const matcher = matcherFor(query({ search: 'МорСК' }), snapshot);
    expect(matcher.row(version({ name: 'Морская книга' }))).to.equal(true);
    expect(matcher.row(version({ description: 'для МОРСКИХ снимков' }))).to.equal(true);
    expect(matcher.row(version({ name: 'Горная книга' }))).to.equal(false);
    // The text was too long for the notification.
    expect(matcher.row(version({ name: null, description: null }))).to.equal(undefined);
    // Letters whose case rules differ between JavaScript and the database's locale.
    expect(matcher.row(version({ name: 'İstanbul морская' }))).to.equal(undefined);
    expect(matcherFor(query({ search: 'ΣΟΦΙΑ' }), snapshot).row(version({ name: 'σοφια' }))).to.equal(undefined);
    // A database that folds case otherwise (a C locale folds only ASCII letters).
    const cLocale = { ...snapshot, caseFoldingAgrees: false } as CatalogSnapshot;
    expect(matcherFor(query({ search: 'морск' }), cLocale).row(version({ name: 'Морская книга' }))).to.equal(undefined);
    // A row the filter cannot list at all is not listed, whatever its text.
    expect(matcher.row(version({ themeId: 3, name: null, description: null }))).to.equal(false);
  });
});
