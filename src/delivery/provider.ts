// The delivery aggregator as the shop needs it: reference lists, quotes for a parcel, placing an order.
import type { BoxSize } from '../orders/pricing';

export type DeliveryType = 'PVZ' | 'COURIER' | 'POCHTA' | 'PICKUP';
/** The aggregator's codes for the types it delivers (PICKUP, from the shop itself, never reaches it). */
export const TYPE_CODES = { PVZ: 1, COURIER: 2, POCHTA: 3 } as const;
export type AggregatorType = keyof typeof TYPE_CODES;

export interface City { id: number; name: string; region: string }
export interface Company { id: number; name: string }
export interface PickupPoint { id: number; name: string; address: string; city_id: number; delivery_company_id: number }

/** One company's offer for a type, as the aggregator's calculator answers it (the fields of spec 2.5). */
export interface Offer {
  companyId: number;
  companyName: string;
  companyAbbr: string;
  pickupCompanyId: number;
  /** What the delivery costs the shopper: the carriage plus the commission on the declared value. */
  priceKopecks: number;
  /** The carriage alone. */
  carriageKopecks: number;
  declaredCommissionKopecks: number;
  declaredCommissionPercent: number;
  /** Whether the company can take cash on delivery. */
  isCash: boolean;
  days: number;
  /** DD.MM.YYYY, or "-" when the aggregator gave neither a date nor a number of days. */
  deliveryDate: string;
  /** DD.MM.YYYY until which the parcel is kept for the recipient, or "-" when it is not held. */
  holdDate: string;
  /** The company's extra services, as the aggregator describes them. */
  services: unknown[];
}

/** Offers per type code (1, 2, 3), each with the type's name. */
export type Offers = Record<1 | 2 | 3, { typeName: string; offers: Offer[] }>;

export interface Parcel {
  toCityId: number;
  box: BoxSize;
  declaredKopecks: number;
}

export interface Recipient {
  name: string;
  phone: string;
  additionalPhone?: string;
  email?: string;
}

/** A line of the parcel (spec 2.3); the aggregator gets the cart's lines (see parcel-contents.ts). */
export interface ProductLine {
  name?: string;
  vendor_code?: string;
  barcode?: string;
  nds?: 0 | 10 | 18;
  /** Whole roubles. */
  price_declared?: number;
  count?: number;
}

export const PRODUCT_LINE_FIELDS = ['name', 'vendor_code', 'barcode', 'nds', 'price_declared', 'count'] as const satisfies (keyof ProductLine)[];

export interface AggregatorOrder {
  /** Our order set: the shop's reference at the aggregator. */
  orderSetId: number;
  type: AggregatorType;
  parcel: Parcel;
  companyId: number;
  pickupCompanyId?: number;
  pointId?: number;
  address?: { street: string; house: string; flat: string; postalCode?: string };
  recipient: Recipient;
  /** The number of parcels (the aggregator's places, its item_count); the product lines are the whole cart's. */
  parcelCount: number;
  products: ProductLine[];
  comment?: string;
  priceKopecks: number;
  /** The aggregator's is_confirm: true places the order confirmed, false as a draft there (confirmed once paid). */
  confirmed: boolean;
}

/** An order the aggregator holds, found by the shop's reference. */
export interface PlacedOrder {
  externalId: string;
  /** False for a draft there (is_confirm 0). */
  confirmed: boolean;
}

export interface DeliveryProvider {
  readonly name: 'sandbox' | 'ddelivery';
  /** The longest a placeOrder call can run: a placing claimed longer ago than twice this is no longer in flight. */
  readonly placingDeadlineMs: number;
  cities(query: string): Promise<City[]>;
  points(cityId: number): Promise<PickupPoint[]>;
  /** A pickup point by its id alone (with its city), or null when the aggregator has none. */
  point(id: number): Promise<PickupPoint | null>;
  companies(): Promise<Company[]>;
  offers(parcel: Parcel): Promise<Offers>;
  /**
   * Places the order; the aggregator's order id. Not idempotent at the aggregator, so never retried: a failure with
   * VendorError.outcomeUnknown may have placed it, and findOrder tells.
   */
  placeOrder(order: AggregatorOrder): Promise<string>;
  /** The order placed for this order set (the shop's reference, shop_refnum), or null when the aggregator has none. */
  findOrder(orderSetId: number): Promise<PlacedOrder | null>;
  /** Confirms an order placed as a draft; harmless for an order already confirmed, so it may be repeated. */
  confirmOrder(externalId: string): Promise<void>;
}
