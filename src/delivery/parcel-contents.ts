// What the aggregator is told the shipment holds: the cart's own lines, in as many parcels (places) as the client asks
// for. A client may send the lines (the front end does), but only as a copy: lines that disagree are refused.
import type { OrderSet } from '../orders/service';
import { invalid } from '../shared/errors';
import type { DeliveryCreate } from '../types/schemas';
import type { ProductLine } from './provider';

export interface ParcelContents {
  /** The books in the set: the sum of its orders' copies, the most parcels a shipment can be split into. */
  bookCount: number;
  products: ProductLine[];
}

/** One line per order of the set: its layout's name, the copies, the unit price in whole roubles (spec 2.3). */
export function parcelContentsOf(set: OrderSet): ParcelContents {
  const products = set.orders.map((order): ProductLine => ({
    name: order.layoutName, price_declared: Math.round(order.unitKopecks / 100), count: order.count,
  }));
  return { bookCount: set.orders.reduce((sum, order) => sum + order.count, 0), products };
}

// Fields the cart knows; vendor_code, barcode and nds are not the shop's to vouch for, so they are dropped.
const CHECKED_FIELDS = ['name', 'price_declared', 'count'] as const;

/**
 * 400 by field when the client asks for more parcels than the set has books (item_count, spec 2.2: the aggregator's
 * places; the schema keeps it at least 1, 1 when not sent), or sends product lines that are not the cart's (what it
 * leaves out is fine).
 */
export function checkClientContents(body: Pick<DeliveryCreate, 'item_count' | 'products'>, contents: ParcelContents): void {
  const errors: Record<string, string[]> = {};
  if (body.item_count > contents.bookCount) {
    errors.item_count = [`item_count is the number of parcels: 1 to ${contents.bookCount}, the books in the set.`];
  }
  const given = body.products;
  const agrees = given === undefined || (given.length === contents.products.length && given.every((line, index) =>
    CHECKED_FIELDS.every((field) => line[field] === undefined || line[field] === contents.products[index][field])));
  if (!agrees) errors.products = ['The product lines are not the cart\'s; leave them out or send the cart\'s.'];
  if (Object.keys(errors).length > 0) throw invalid(errors);
}
