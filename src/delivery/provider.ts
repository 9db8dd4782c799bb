// The delivery aggregator as the shop needs it: reference lists, quotes for a parcel, placing an order.
import type { BoxSize } from '../orders/pricing';

export type DeliveryType = 'PVZ' | 'COURIER' | 'POCHTA' | 'PICKUP';
/** The aggregator's codes for the types it delivers (PICKUP, from the shop itself, never reaches it). */
export const TYPE_CODES = { PVZ: 1, COURIER: 2, POCHTA: 3 } as const;
export type AggregatorType = keyof typeof TYPE_CODES;

export interface City { id: number; name: string; region: string }
export interface Company { id: number; name: string }
export interface PickupPoint { id: number; name: string; address: string; city_id: number; delivery_company_id: number }

export interface Offer {
  companyId: number;
  companyName: string;
  pickupCompanyId: number;
  priceKopecks: number;
  daysMin: number;
  daysMax: number;
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
  itemCount: number;
  products: { name: string; priceKopecks: number; count: number; nds: number }[];
  comment?: string;
  priceKopecks: number;
}

export interface DeliveryProvider {
  readonly name: 'sandbox' | 'ddelivery';
  cities(query: string): Promise<City[]>;
  points(cityId: number): Promise<PickupPoint[]>;
  companies(): Promise<Company[]>;
  offers(parcel: Parcel): Promise<Offers>;
  /** Places the order; the aggregator's order id. Not idempotent at the aggregator, so never retried. */
  placeOrder(order: AggregatorOrder): Promise<string>;
}
