import { expect } from 'chai';
import request from 'supertest';
import { buildApp } from '../../src/app';
import { loadFixture, loadReferenceData } from '../../src/seed/fixtures';
import { createValidator } from '../../src/http/validation';
import { DATABASE_KIND } from '../helpers/database';
import { type TestRuntime, testRuntime } from '../helpers/runtime';
import { FORMAT_NAME, FORMAT_ORIENTATION, VISIBLE_PRODUCTS, byNew, byTop, fixture, themeOf } from './catalog-fixture';
import { type Client, expectedIds, walkIds, whenCaching } from './helpers';

const PRODUCT_GROUP_RU: Record<number, string> = { 1: 'Фотокнига', 2: 'Фотожурнал', 3: 'Фотоальбом', 4: 'Фотокалендарь' };

describe(`gallery product lists (${DATABASE_KIND})`, () => {
  let runtime: TestRuntime;
  let client: Client;
  let validator: ReturnType<typeof createValidator>;
  before(async () => {
    runtime = await testRuntime();
    await loadReferenceData(runtime.db);
    await loadFixture(runtime.db, fixture());
    await runtime.db.sql.query("UPDATE products SET preview_cover = 'products/' || id || '/preview.jpg' WHERE id % 2 = 0");
    client = request(buildApp(runtime).callback());
    validator = createValidator(runtime.schemas);
  });
  after(() => runtime.dispose());

  describe('version 2', () => {
    it('answers the first page with count, integer page links and the item fields, matching its schema', async () => {
      const response = await client.get('/api/gallery2/product/');
      expect(response.status).to.equal(200);
      expect(validator.errorsOf('gallery2-product-list.json', response.body)).to.equal(null);
      expect(response.body).to.include({ count: 45, next: 3 - 1, previous: null });
      expect(response.body).not.to.have.property('query_params');
      const newest = [...VISIBLE_PRODUCTS].sort(byNew)[0];
      expect(response.body.results).to.have.length(20);
      expect(response.body.results[0]).to.deep.equal({
        id: newest.id,
        orientation: FORMAT_ORIENTATION[newest.format_id],
        name: newest.name,
        theme_id: newest.theme_id,
        format: FORMAT_NAME[newest.format_id],
        preview_cover: newest.id % 2 === 0 ? `http://photobook.test/media/products/${newest.id}/preview.jpg` : null,
        product_group: { id: newest.product_type_id, name: PRODUCT_GROUP_RU[newest.product_type_id] },
      });
    });

    it('names each product\'s group in the caller\'s language, and keeps the answers of each language apart', async () => {
      const groupsOf = (response: request.Response) => new Set(response.body.results.map((item: { product_group: { name: string } }) => item.product_group.name));
      const url = '/api/gallery2/product/?page_size=30';
      // Once the cache is in use: a loaded machine may still be starting its listener (the answers then bypass it).
      const russian = await whenCaching(client, url);
      const english = await client.get(url).set('Accept-Language', 'en-GB,en;q=0.9');
      expect(groupsOf(russian)).to.deep.equal(new Set(Object.values(PRODUCT_GROUP_RU)));
      expect(groupsOf(english)).to.deep.equal(new Set(['Photobook', 'Photo magazine', 'Photo album', 'Photo calendar']));
      expect(english.headers.vary).to.match(/Accept-Language/);
      const russianAgain = await client.get(url);
      expect(russianAgain.headers['x-cache']).to.equal('HIT');
      expect(russianAgain.body).to.deep.equal(russian.body);
    });

    it('walks every page without repeating or skipping a product, in both sorts, at several page sizes', async () => {
      for (const [sort, order] of [['new', byNew], ['top', byTop]] as const) {
        for (const size of [1, 7, 20, 30]) {
          expect(await walkIds(client, `/api/gallery2/product/?sort=${sort}`, size), `${sort} ${size}`).to.deep.equal(expectedIds(() => true, order));
        }
      }
    });

    it('serves page=last as the last page, and page links at both ends', async () => {
      const last = await client.get('/api/gallery2/product/?page=last&page_size=7');
      expect(last.status).to.equal(200);
      expect(last.body).to.include({ count: 45, next: null, previous: 6 });
      expect(last.body.results.map((item: { id: number }) => item.id)).to.deep.equal(expectedIds(() => true).slice(42));
      const seventh = await client.get('/api/gallery2/product/?page=7&page_size=7');
      expect(seventh.body).to.deep.equal(last.body);
      const middle = await client.get('/api/gallery2/product/?page=4&page_size=7&sort=top');
      expect(middle.body.results.map((item: { id: number }) => item.id)).to.deep.equal(expectedIds(() => true, byTop).slice(21, 28));
    });

    it('answers an invalid page or one past the last with 404 Invalid page.', async () => {
      for (const page of ['0', '-1', 'abc', '1.5', '8', '99999999999', 'LAST', ' 1']) {
        const response = await client.get(`/api/gallery2/product/?page_size=7&page=${encodeURIComponent(page)}`);
        expect(response.status, page).to.equal(404);
        expect(response.body).to.deep.equal({ detail: 'Invalid page.' });
      }
    });

    it('serves page 1 and page=last of an empty result as a valid empty page', async () => {
      for (const page of ['1', 'last']) {
        const response = await client.get(`/api/gallery2/product/?special_project=nothing-has-this&page=${page}`);
        expect(response.status).to.equal(200);
        expect(response.body).to.include({ count: 0, next: null, previous: null });
        expect(response.body.results).to.deep.equal([]);
      }
      expect((await client.get('/api/gallery2/product/?special_project=nothing-has-this&page=2')).status).to.equal(404);
    });

    it('applies the page size rules: at most 30, and 20 for missing, zero, negative or non-numeric', async () => {
      const sizes: Record<string, number> = { '31': 30, '1000': 30, '30': 30, '5': 5, '0': 20, '-5': 20, abc: 20, '': 20, '2.5': 20 };
      for (const [given, served] of Object.entries(sizes)) {
        const response = await client.get(`/api/gallery2/product/?page_size=${given}`);
        expect(response.status, given).to.equal(200);
        expect(response.body.results, given).to.have.length(served);
      }
    });

    const filters: Record<string, (product: (typeof VISIBLE_PRODUCTS)[number]) => boolean> = {
      'fmt=3': (p) => p.format_id === 3,
      'fmt_orient=SQUARE': (p) => FORMAT_ORIENTATION[p.format_id] === 'SQUARE',
      'theme_cat=2': (p) => themeOf(p).categories.includes(2),
      'theme_cat=8': (p) => themeOf(p).categories.includes(8),
      'special_project=newyear': (p) => p.special_project === 'newyear',
      'type=2': (p) => p.product_type_id === 2,
      'template_cat=withtext': (p) => p.template_categories.includes('withtext'),
      'theme_color=2': (p) => themeOf(p).color_id === 2,
      'theme_style=3': (p) => themeOf(p).style_id === 3,
      'theme_author=1': (p) => themeOf(p).author_id === 1,
      'search=СВАДЕБ': (p) => /свадеб/i.test(p.name) || /свадеб/i.test(p.description),
    };
    for (const [query, keep] of Object.entries(filters)) {
      it(`filters by ${query} alone`, async () => {
        const expected = expectedIds(keep);
        expect(expected.length, 'the fixture has matches').to.be.greaterThan(0);
        expect(expected.length, 'the fixture has non-matches').to.be.lessThan(45);
        expect(await walkIds(client, `/api/gallery2/product/?${query}`)).to.deep.equal(expected);
        const first = await client.get(`/api/gallery2/product/?${query}`);
        expect(first.body.count).to.equal(expected.length);
      });
    }

    it('combines different filters (all must hold) and repeated values (any may hold)', async () => {
      const combined = await walkIds(client, '/api/gallery2/product/?fmt=1&fmt=3&theme_cat=2&special_project=newyear&special_project=school');
      expect(combined).to.deep.equal(expectedIds((p) => [1, 3].includes(p.format_id) && themeOf(p).categories.includes(2)
        && ['newyear', 'school'].includes(p.special_project ?? '')));
      const categories = await walkIds(client, '/api/gallery2/product/?theme_cat=1&theme_cat=8&fmt_orient=HORIZONTAL&fmt_orient=VERTICAL');
      expect(categories).to.deep.equal(expectedIds((p) => (themeOf(p).categories.includes(1) || themeOf(p).categories.includes(8))
        && FORMAT_ORIENTATION[p.format_id] !== 'SQUARE'));
    });

    it('echoes the applied query parameters as strings in filtered responses', async () => {
      const response = await client.get('/api/gallery2/product/?fmt=1&fmt=3&theme_cat=2&page_size=5&sort=top&unknown=1');
      expect(response.body.query_params).to.deep.equal({ fmt: '1,3', theme_cat: '2', page_size: '5', sort: 'top' });
    });

    it('never lists products of a theme that is not approved', async () => {
      const all = await walkIds(client, '/api/gallery2/product/?theme_author=1&theme_cat=1');
      expect(all).not.to.include.members([46, 47]);
      expect(all.length).to.be.greaterThan(0);
    });
  });

  describe('search', () => {
    const searches: Record<string, number[]> = {
      '%': [10],
      '_': [12],
      '100%': [10],
      '"Мамы"': [13],
      "'папы'": [13],
      'C:\\фото': [14],
      '\\': [14],
      'свадебная КНИГА': [15],
      '%%%': [],
      "'; DROP TABLE products; --": [],
    };
    for (const [text, ids] of Object.entries(searches)) {
      it(`matches ${JSON.stringify(text)} literally and case-insensitively`, async () => {
        const found = await walkIds(client, `/api/gallery2/product/?search=${encodeURIComponent(text)}`);
        expect(found.sort((a, b) => a - b)).to.deep.equal(ids);
      });
    }

    it('ignores an empty search', async () => {
      expect((await client.get('/api/gallery2/product/?search=')).body.count).to.equal(45);
      expect((await client.get('/api/gallery2/product/?search=%20%20')).body.count).to.equal(45);
    });
  });

  describe('version 1', () => {
    it('answers in its frozen shape', async () => {
      const response = await client.get('/api/gallery/product/?page_size=2');
      expect(response.status).to.equal(200);
      expect(validator.errorsOf('gallery-product-list.json', response.body)).to.equal(null);
      expect(Object.keys(response.body)).to.deep.equal(['count', 'next', 'previous', 'results']);
      const newest = [...VISIBLE_PRODUCTS].sort(byNew)[0];
      expect(response.body.results[0]).to.deep.equal({
        id: newest.id, name: newest.name, description: newest.description, theme_id: newest.theme_id,
        format_id: newest.format_id, format: FORMAT_NAME[newest.format_id], orientation: FORMAT_ORIENTATION[newest.format_id],
        product_type_id: newest.product_type_id, special_project: newest.special_project, popularity: newest.popularity,
        preview_cover: newest.id % 2 === 0 ? `http://photobook.test/media/products/${newest.id}/preview.jpg` : null,
        created_at: newest.created_at,
      });
    });

    it('applies three repeated filters with sort=top', async () => {
      const ids = await walkIds(client, '/api/gallery/product/?type=1&type=2&fmt=2&fmt=4&theme_color=1&theme_color=3&sort=top');
      expect(ids).to.deep.equal(expectedIds((p) => [1, 2].includes(p.product_type_id) && [2, 4].includes(p.format_id)
        && [1, 3].includes(themeOf(p).color_id), byTop));
    });

    it('ignores special_project, which only version 2 knows, like any unknown parameter', async () => {
      expect((await client.get('/api/gallery/product/?special_project=newyear&colour=red')).body.count).to.equal(45);
    });
  });

  describe('bad input', () => {
    const cases: Record<string, Record<string, string[]>> = {
      'fmt=abc': { fmt: ['A valid integer is required.'] },
      'fmt_orient=DIAGONAL': { fmt_orient: ['"DIAGONAL" is not a valid choice.'] },
      'sort=best': { sort: ['"best" is not a valid choice.'] },
      'fmt=99': { fmt: ['Select a valid choice. 99 is not one of the available choices.'] },
      'theme_cat=17': { theme_cat: ['Select a valid choice. 17 is not one of the available choices.'] },
      'theme_author=3': { theme_author: ['Select a valid choice. 3 is not one of the available choices.'] },
      'type=0': { type: ['Ensure this value is greater than or equal to 1.'] },
      'theme_color=1.5': { theme_color: ['A valid integer is required.'] },
      'theme_style=99999999999': { theme_style: ['Ensure this value is less than or equal to 2147483647.'] },
      'template_cat=lotsofphotos': { template_cat: ['Select a valid choice. lotsofphotos is not one of the available choices.'] },
      'template_cat=1': { template_cat: ['Enter a valid value.'] },
      'sort=new&sort=top': { sort: ['Not a valid string.'] },
    };
    for (const [query, errors] of Object.entries(cases)) {
      it(`answers ${query} with 400 and the field's errors, on both versions`, async () => {
        for (const path of ['/api/gallery/product/', '/api/gallery2/product/']) {
          const response = await client.get(`${path}?${query}`);
          expect(response.status, path).to.equal(400);
          expect(response.body, path).to.deep.equal(errors);
          expect(response.headers.etag).to.equal(undefined);
        }
      });
    }

    it('never answers 500, whatever the query', async () => {
      const queries = ['fmt=', 'fmt[]=1', 'fmt=1&fmt=x', `search=${'a'.repeat(300)}`, 'search=%00', 'page=%FF', 'theme_cat=-0',
        'page_size=99999999999999999999', 'fmt_orient=', 'special_project=', `special_project=${'x'.repeat(101)}`, 'search[a]=1',
        `${'fmt=1&'.repeat(60)}x=1`];
      const refused = await client.get('/api/gallery2/product/?search=a%00b');
      expect(refused.status).to.equal(400);
      expect(refused.body).to.deep.equal({ search: ['Enter a valid value.'] });
      for (const query of queries) {
        const response = await client.get(`/api/gallery2/product/?${query}`);
        expect(response.status, query).to.be.within(200, 499);
      }
    });
  });
});
