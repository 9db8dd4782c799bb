// A shopper for `photobook demo`: a user with a copy of the first demo product's layout, so that the cart, delivery
// and payment can be tried with the sandbox providers straight away.
import type { Runtime } from '../runtime';

export const DEMO_SHOPPER_EMAIL = 'shopper@example.com';

export async function ensureDemoShopper(runtime: Pick<Runtime, 'db' | 'users' | 'tokens' | 'services'>): Promise<{ token: string; layoutId: string } | undefined> {
  const user = (await runtime.users.findByEmail(DEMO_SHOPPER_EMAIL)) ?? (await runtime.users.create({ email: DEMO_SHOPPER_EMAIL, name: 'Demo Shopper' }));
  const { rows: own } = await runtime.db.sql.query<{ id: string }>(
    'SELECT id FROM layouts WHERE owner_id = $1 ORDER BY created_at LIMIT 1', [user.id]);
  let layoutId: string | undefined = own[0]?.id;
  if (!layoutId) {
    const { rows: [product] } = await runtime.db.sql.query<{ id: number }>('SELECT id FROM products WHERE layout_id IS NOT NULL ORDER BY id LIMIT 1');
    const copy = product && (await runtime.services.layouts.copyProduct({ id: user.id, role: user.role }, product.id));
    layoutId = copy?.kind === 'copied' ? copy.layout.id : undefined;
  }
  return layoutId ? { token: runtime.tokens.issue(user), layoutId } : undefined;
}
