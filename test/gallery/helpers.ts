import { expect } from 'chai';
import type request from 'supertest';
import { type FixtureProduct, VISIBLE_PRODUCTS, byNew } from './catalog-fixture';

export type Client = ReturnType<typeof request>;

/** Every product id of a filtered list, walking all pages of the given size. */
export async function walkIds(client: Client, path: string, pageSize = 30): Promise<number[]> {
  const ids: number[] = [];
  for (let page = 1; ; page += 1) {
    const separator = path.includes('?') ? '&' : '?';
    const response = await client.get(`${path}${separator}page=${page}&page_size=${pageSize}`);
    expect(response.status, `${path} page ${page}`).to.equal(200);
    ids.push(...response.body.results.map((item: { id: number }) => item.id));
    if (response.body.next === null) return ids;
    expect(response.body.next).to.equal(page + 1);
  }
}

/** The ids the gallery should list for a filter, newest first. */
export const expectedIds = (keep: (product: FixtureProduct) => boolean, order = byNew) =>
  VISIBLE_PRODUCTS.filter(keep).sort(order).map((product) => product.id);

/** The response, once the cache is in use (the first requests of a process are answered while it starts listening). */
export async function whenCaching(client: Client, path: string) {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const response = await client.get(path);
    if (response.headers['x-cache'] !== 'BYPASS') return response;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('the gallery cache never came into use');
}
