// A small catalog whose every attribute is known, so each gallery answer can be computed in the test.
export interface FixtureProduct {
  id: number;
  name: string;
  description: string;
  theme_id: number;
  format_id: number;
  product_type_id: number;
  special_project: string | null;
  popularity: number;
  template_categories: string[];
  created_at: string;
}

export const FIXTURE_THEMES = [
  { id: 1, name: 'Море', approved: true, color_id: 1, style_id: 1, author_id: 1, categories: [1, 2] },
  { id: 2, name: 'Горы', approved: true, color_id: 2, style_id: 2, author_id: 2, categories: [2, 3] },
  { id: 3, name: 'Город', approved: true, color_id: 3, style_id: 3, author_id: null, categories: [8] },
  // Not approved: its products are never shown.
  { id: 4, name: 'Черновик', approved: false, color_id: 1, style_id: 1, author_id: 1, categories: [1] },
];

export const FORMAT_ORIENTATION: Record<number, string> = { 1: 'SQUARE', 2: 'SQUARE', 3: 'HORIZONTAL', 4: 'VERTICAL', 5: 'SQUARE' };
export const FORMAT_NAME: Record<number, string> = { 1: '15x15', 2: '20x20', 3: '30x20', 4: '20x30', 5: '30x30' };

const TEMPLATE_SETS = [['bigphoto'], ['smallphoto', 'withtext'], ['notext'], ['bigphoto', 'shorttext']];
const SPECIAL_NAMES: Record<number, string> = {
  10: 'Скидка 100% на всё',
  11: 'Скидка 1000 рублей',
  12: 'Альбом_с_подчёркиванием',
  13: "Книга \"Мамы\" и 'папы'",
  14: 'Путь C:\\фото\\лето',
  15: 'СВАДЕБНАЯ книга',
};

function product(id: number, themeId: number): FixtureProduct {
  // Three products share each creation time and popularity repeats, so ties are broken by id.
  const created = new Date(Date.UTC(2026, 0, 1) + Math.floor(id / 3) * 3_600_000);
  return {
    id,
    name: SPECIAL_NAMES[id] ?? `Фотокнига ${id}`,
    description: id % 9 === 0 ? 'Для свадебных фотографий' : 'Книга для путешествий',
    theme_id: themeId,
    format_id: (id % 5) + 1,
    product_type_id: (id % 4) + 1,
    special_project: id % 7 === 0 ? 'newyear' : id % 11 === 0 ? 'school' : null,
    popularity: (id * 37) % 10,
    template_categories: TEMPLATE_SETS[id % 4],
    created_at: created.toISOString(),
  };
}

export const VISIBLE_PRODUCTS: FixtureProduct[] = Array.from({ length: 45 }, (_, index) => product(index + 1, (index % 3) + 1));
export const HIDDEN_PRODUCTS: FixtureProduct[] = [product(46, 4), product(47, 4)];

export function fixture() {
  return {
    theme_authors: [{ id: 1, name_ru: 'Анна', name_en: 'Anna' }, { id: 2, name_ru: 'Иван', name_en: 'Ivan' }],
    themes: FIXTURE_THEMES.map(({ categories: _categories, ...theme }) => theme),
    theme_category_links: FIXTURE_THEMES.flatMap((theme) => theme.categories.map((category_id) => ({ theme_id: theme.id, category_id }))),
    products: [...VISIBLE_PRODUCTS, ...HIDDEN_PRODUCTS],
  };
}

export const byNew = (a: FixtureProduct, b: FixtureProduct) => b.created_at.localeCompare(a.created_at) || b.id - a.id;
export const byTop = (a: FixtureProduct, b: FixtureProduct) => b.popularity - a.popularity || b.id - a.id;
export const themeOf = (product: FixtureProduct) => FIXTURE_THEMES.find((theme) => theme.id === product.theme_id)!;
