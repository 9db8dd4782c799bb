// A shop for checkout tests: reference data with the price list, one product per format, shoppers and their layouts.
import { loadFixture, loadReferenceData } from '../../src/seed/fixtures';
import type { Runtime } from '../../src/runtime';

export async function stockShop(runtime: Runtime): Promise<void> {
  await loadReferenceData(runtime.db);
  await loadFixture(runtime.db, {
    themes: [{ id: 1, name: 'Море', approved: true }],
    products: [1, 2, 3, 4, 5].map((format) => ({ id: format, name: `Книга ${format}`, theme_id: 1, format_id: format, product_type_id: 1 })),
  });
}

export interface Shopper {
  id: number;
  auth: string;
}

export async function shopper(runtime: Runtime, email: string): Promise<Shopper> {
  const user = await runtime.users.create({ email, role: 'user' });
  return { id: user.id, auth: `Bearer ${runtime.tokens.issue(user)}` };
}

/** A layout of the product in that format, owned by ownerId, with that many pages. */
export async function layoutOf(runtime: Runtime, ownerId: number, formatId: number, pages: number): Promise<string> {
  const { rows } = await runtime.db.sql.query<{ id: string }>(
    'INSERT INTO layouts (product_id, owner_id, name, num_pages) VALUES ($1, $2, $3, $4) RETURNING id',
    [formatId, ownerId, `Альбом ${pages}`, pages],
  );
  return rows[0].id;
}
