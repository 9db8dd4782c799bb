// What the aggregator is told the parcel holds: the cart's own lines and count. A client may send them (the front
// end does), but only as a copy: a value that disagrees with the cart is refused, never passed on.
import { validationError } from '../http/errors';
import type { OrderSet } from '../orders/service';
import type { ProductLine } from './provider';
import type { DeliveryBody } from './request';

export interface ParcelContents {
  itemCount: number;
  products: ProductLine[];
}

/** One line per order of the set: its layout's name, the copies, the unit price in whole roubles (spec 2.3). */
export function parcelContentsOf(set: OrderSet): ParcelContents {
  const products = set.orders.map((order): ProductLine => ({
    name: order.layoutName, price_declared: Math.round(order.unitKopecks / 100), count: order.count,
  }));
  return { itemCount: set.orders.reduce((sum, order) => sum + order.count, 0), products };
}

// Fields the cart knows; vendor_code, barcode and nds are not the shop's to vouch for, so they are dropped.
const CHECKED_FIELDS = ['name', 'price_declared', 'count'] as const;

/** 400 by field when the client's item_count or product lines are not the cart's (what it leaves out is fine). */
export function checkClientContents(body: Pick<DeliveryBody, 'item_count' | 'products'>, contents: ParcelContents): void {
  const errors: Record<string, string[]> = {};
  if (body.item_count !== undefined && body.item_count !== contents.itemCount) {
    errors.item_count = [`The cart holds ${contents.itemCount} items.`];
  }
  const given = body.products;
  const agrees = given === undefined || (given.length === contents.products.length && given.every((line, index) =>
    CHECKED_FIELDS.every((field) => line[field] === undefined || line[field] === contents.products[index][field])));
  if (!agrees) errors.products = ['The product lines are not the cart\'s; leave them out or send the cart\'s.'];
  if (Object.keys(errors).length > 0) throw validationError(errors);
}
