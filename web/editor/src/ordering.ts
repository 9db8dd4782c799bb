// Finishing and ordering: layout/finish over the editing channel (refused with the preflight's errors when the book
// cannot print), then one copy into the cart as the shop's "Заказать" puts it, then the shop's cart page when the
// shop's front end is served on this origin, or the editor's own cart summary.
import { api } from './api';
import type { EditSession } from './edit-session';
import type { PreflightProblem } from './types';

export interface CartSummary {
  total_cost: number;
  orders: { id: number; layout_name: string; count: number; cost: number }[];
}

export type OrderOutcome =
  | { kind: 'refused'; problems: PreflightProblem[] }
  | { kind: 'failed' }
  | { kind: 'shop_cart' }
  | { kind: 'cart'; cart: CartSummary };

export const SHOP_CART_PATH = '/myproducts/cart/';

/** The shop's front end answers its own pages with HTML; the service alone answers an unknown path with a JSON 404. */
async function shopCartServedHere(): Promise<boolean> {
  const response = await fetch(SHOP_CART_PATH, { headers: { Accept: 'text/html' } }).catch(() => null);
  return !!response?.ok && (response.headers.get('content-type') ?? '').includes('text/html');
}

export async function finishAndOrder(session: EditSession, token: string, layoutId: string): Promise<OrderOutcome> {
  const ack = await session.send('layout', 'finish', undefined, {});
  if (ack.error) return ack.error.code === 'preflight_failed' ? { kind: 'refused', problems: ack.error.problems ?? [] } : { kind: 'failed' };
  await api(token, `/api/ua/layout/${layoutId}/`, { method: 'POST' });
  if (await shopCartServedHere()) return { kind: 'shop_cart' };
  const sets = await api<{ status: string; total_cost: number; orders: CartSummary['orders'] }[]>(token, '/api/merch/orderset/');
  const open = sets.find((set) => set.status === 'OPEN');
  return { kind: 'cart', cart: { total_cost: open?.total_cost ?? 0, orders: open?.orders ?? [] } };
}
