// A shopper for `photobook demo`: a user with a layout of their own (of the first demo product), so that the cart,
// delivery and payment can be tried with the sandbox providers before the layout editor exists.
import type { Runtime } from '../runtime';

export const DEMO_SHOPPER_EMAIL = 'shopper@example.com';

export async function ensureDemoShopper(runtime: Pick<Runtime, 'db' | 'users' | 'tokens'>): Promise<{ token: string; layoutId: string } | undefined> {
  const user = (await runtime.users.findByEmail(DEMO_SHOPPER_EMAIL)) ?? (await runtime.users.create({ email: DEMO_SHOPPER_EMAIL, name: 'Demo Shopper' }));
  const { rows: own } = await runtime.db.sql.query<{ id: string }>(
    'SELECT id FROM layouts WHERE owner_id = $1 ORDER BY created_at LIMIT 1', [user.id]);
  let layoutId = own[0]?.id;
  if (!layoutId) {
    const { rows } = await runtime.db.sql.query<{ id: string }>(
      `INSERT INTO layouts (product_id, owner_id, name, num_pages, font_size)
       SELECT p.id, $1, l.name, l.num_pages, l.font_size FROM products p JOIN layouts l ON l.id = p.layout_id
        ORDER BY p.id LIMIT 1
       RETURNING id`, [user.id]);
    layoutId = rows[0]?.id;
  }
  return layoutId ? { token: runtime.tokens.issue(user), layoutId } : undefined;
}
