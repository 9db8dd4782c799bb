// The specification's delivery request as the service uses it: checked against delivery-create.json, which also
// types it (src/types/schemas.d.ts) and fills its defaults.
import { invalid } from '../shared/errors';
import { kopecksOf, TWO_DECIMALS } from '../shared/money';
import type { DeliveryCreate } from '../types/schemas';
import type { ParcelContents } from './parcel-contents';
import type { AggregatorOrder, DeliveryType, ProductLine } from './provider';

export interface DeliveryChoice {
  type: DeliveryType;
  toCityId?: number;
  companyId?: number;
  pointId?: number;
}

export interface DeliveryRequest extends DeliveryChoice {
  body: DeliveryCreate;
  /** The client's figures in kopecks, checked against the server's when sent: price the goods, delivery_sum the delivery. */
  priceKopecks?: number;
  deliverySumKopecks?: number;
}

/** Company and point ids may arrive as strings ("12"); the schema has checked that they are digits. */
export const idOf = (value: number | string | undefined): number | undefined => (value === undefined ? undefined : Number(value));

function money(body: DeliveryCreate, field: 'price' | 'delivery_sum'): number | undefined {
  if (body[field] === undefined) return undefined;
  const kopecks = kopecksOf(body[field]);
  if (kopecks === null) throw invalid({ [field]: [TWO_DECIMALS] });
  return kopecks;
}

export function parseDeliveryRequest(body: DeliveryCreate): DeliveryRequest {
  const request: DeliveryRequest = {
    type: body.type,
    toCityId: idOf(body.to_city_id),
    companyId: idOf(body.delivery_company_id),
    pointId: idOf(body.delivery_point_id),
    body,
    priceKopecks: money(body, 'price'),
    deliverySumKopecks: money(body, 'delivery_sum'),
  };
  return request;
}

/** One form of a number the schema took (XXXXXXXXXX, +7XXXXXXXXXX, 8XXXXXXXXXX): +7 and its last ten digits. */
const normalisedPhone = (phone: string) => `+7${phone.slice(-10)}`;

/** The server's side of a delivery: the company that collects the parcels (the quoted offer's) and the cart's lines. */
export interface ServerDeliveryFacts extends Pick<ParcelContents, 'products'> {
  pickupCompanyId: number | null;
}

/**
 * What is kept with the delivery and shown back: the address and recipient, the number of parcels (checked against
 * the set's books), ids as numbers, nothing about money; the pickup company and lines are the server's.
 */
export function deliveryRecord(request: DeliveryRequest, server: ServerDeliveryFacts): Record<string, unknown> {
  const { body } = request;
  const aggregator = request.type !== 'PICKUP';
  return {
    to_city_id: aggregator ? request.toCityId ?? null : null,
    to_street: request.type === 'PVZ' || !aggregator ? null : body.to_street ?? null,
    to_house: request.type === 'PVZ' || !aggregator ? null : body.to_house ?? null,
    to_flat: request.type === 'PVZ' || !aggregator ? null : body.to_flat ?? null,
    to_postal_code: body.to_postal_code ?? null,
    delivery_point_id: request.type === 'PVZ' ? request.pointId ?? null : null,
    delivery_company_id: aggregator ? request.companyId ?? null : null,
    pickup_company_id: aggregator ? server.pickupCompanyId : null,
    fio_name: body.fio_name,
    fio_surname: body.fio_surname,
    fio_fathername: body.fio_fathername,
    to_phone: normalisedPhone(body.to_phone),
    to_add_phone: body.to_add_phone === undefined ? null : normalisedPhone(body.to_add_phone),
    to_email: body.to_email ?? null,
    item_count: body.item_count,
    npp_option: body.npp_option,
    comment: body.comment ?? null,
    products: server.products,
    services: body.services ?? [],
  };
}

/** The aggregator's order for a saved delivery record. */
export function aggregatorOrder(
  record: Record<string, unknown>, base: Pick<AggregatorOrder, 'orderSetId' | 'type' | 'parcel' | 'priceKopecks' | 'confirmed'>,
): AggregatorOrder {
  const text = (name: string) => (record[name] === null ? undefined : String(record[name]));
  return {
    ...base,
    companyId: Number(record.delivery_company_id),
    pickupCompanyId: record.pickup_company_id === null ? undefined : Number(record.pickup_company_id),
    pointId: record.delivery_point_id === null ? undefined : Number(record.delivery_point_id),
    address: base.type === 'PVZ' ? undefined : {
      street: text('to_street') ?? '', house: text('to_house') ?? '', flat: text('to_flat') ?? '', postalCode: text('to_postal_code'),
    },
    recipient: {
      name: [record.fio_surname, record.fio_name, record.fio_fathername].filter(Boolean).join(' '),
      phone: String(record.to_phone), additionalPhone: text('to_add_phone'), email: text('to_email'),
    },
    parcelCount: Number(record.item_count),
    products: record.products as ProductLine[],
    comment: text('comment'),
  };
}
