// A shopper for `photobook demo`: a user with a copy of the first demo product's layout, so that the cart, delivery
// and payment can be tried with the sandbox providers straight away.
import type { Runtime } from '../runtime';
import { createDemoShopperRepository } from './demo-shopper-repository';

export const DEMO_SHOPPER_EMAIL = 'shopper@example.com';

export async function ensureDemoShopper(runtime: Pick<Runtime, 'db' | 'users' | 'tokens' | 'services'>): Promise<{ token: string; layoutId: string } | undefined> {
  const repository = createDemoShopperRepository(runtime.db.sql);
  const user = (await runtime.users.findByEmail(DEMO_SHOPPER_EMAIL)) ?? (await runtime.users.create({ email: DEMO_SHOPPER_EMAIL, name: 'Demo Shopper' }));
  let layoutId = await repository.firstLayoutOf(user.id);
  if (!layoutId) {
    const productId = await repository.firstProductWithLayout();
    const copy = productId === undefined ? undefined : await runtime.services.layouts.copyProduct({ id: user.id, role: user.role }, productId);
    layoutId = copy?.id;
  }
  return layoutId ? { token: runtime.tokens.issue(user), layoutId } : undefined;
}
