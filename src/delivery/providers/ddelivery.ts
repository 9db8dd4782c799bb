// DDelivery (SafeRoute) over HTTP: <DDELIVERY_URL>/<api key>/<method>.json, answers in the envelope
// {status: "ok" | "error", message, data}. Reads are retried once (safe); order/create never is (a lost answer is
// looked up by shop_refnum in order/list.json before placing again). The wire format is
// written from the public SDK's behaviour, as is the choice of order/confirm.json (form: order_id) for a draft.
import { kopecksOf } from '../../shared/money';
import { dateAfterDays, daysUntil, isAggregatorDate } from '../dates';
import { isObject, type VendorCall, VendorError, vendorRequest } from '../../util/vendor-http';
import { type AggregatorOrder, type City, type Company, type DeliveryProvider, type Offer, type Offers, type PickupPoint, PRODUCT_LINE_FIELDS } from '../provider';

export interface DDeliveryOptions {
  url: string;
  apiKey: string;
  timeoutMs: number;
}

const VENDOR = 'ddelivery';

const fail = (message: string): never => {
  throw new VendorError(VENDOR, message);
};

function dataOf(json: unknown, status: number): unknown {
  // Not the envelope: whatever answered, a write may have been done behind it.
  if (!isObject(json) || typeof json.status !== 'string') throw new VendorError(VENDOR, `answered ${status} without the envelope`, status, true);
  if (json.status !== 'ok') return fail(`error envelope: ${String(json.message ?? json.status)}`);
  return json.data;
}

const positiveInteger = (value: unknown, what: string): number => {
  const number = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  return typeof number === 'number' && Number.isSafeInteger(number) && number >= 0 ? number : fail(`bad ${what}`);
};
const text = (value: unknown, what: string): string => (typeof value === 'string' ? value : fail(`bad ${what}`));
const list = (value: unknown, what: string): unknown[] => (Array.isArray(value) ? value : fail(`${what} is not a list`));
const record = (value: unknown, what: string): Record<string, unknown> => (isObject(value) ? value : fail(`bad ${what}`));

/** Roubles as a number or a numeric string, exactly in kopecks; undefined when absent. */
function optionalKopecks(value: unknown, what: string): number | undefined {
  if (value === undefined || value === null) return undefined;
  return kopecksOf(typeof value === 'string' && value.trim() !== '' ? Number(value) : value) ?? fail(`bad ${what}`);
}

const flag = (value: unknown): boolean => value === true || value === 1 || value === '1';

/**
 * An offer of the calculator's answer. The aggregator leaves fields out (older tariffs, some companies), so only the
 * company and a price are required; the rest has a default: no commission, no cash, no abbreviation, no services,
 * total = carriage + commission (or carriage = total - commission), days from the date or the date from the days
 * ("-" when neither is given), and "-" for no hold date.
 */
function offerOf(value: unknown, now: Date): Offer {
  const offer = record(value, 'offer');
  const companyId = positiveInteger(offer.delivery_company_id, 'delivery_company_id');
  const commissionKopecks = optionalKopecks(offer.price_commission_declared, 'price_commission_declared') ?? 0;
  const totalKopecks = optionalKopecks(offer.total_price, 'total_price');
  const carriageKopecks = optionalKopecks(offer.price_delivery, 'price_delivery');
  if (totalKopecks === undefined && carriageKopecks === undefined) return fail('offer without total_price or price_delivery');
  const priceKopecks = totalKopecks ?? carriageKopecks! + commissionKopecks;
  const percent = typeof offer.percent_commission_declared === 'string' ? Number(offer.percent_commission_declared) : offer.percent_commission_declared;
  const givenDate = isAggregatorDate(offer.delivery_date) ? offer.delivery_date : undefined;
  const givenDays = offer.delivery_days === undefined || offer.delivery_days === null ? undefined : positiveInteger(offer.delivery_days, 'delivery_days');
  return {
    companyId,
    companyName: text(offer.delivery_company_name, 'delivery_company_name'),
    companyAbbr: typeof offer.delivery_company_abbr === 'string' ? offer.delivery_company_abbr : '',
    pickupCompanyId: offer.pickup_company_id === undefined ? companyId : positiveInteger(offer.pickup_company_id, 'pickup_company_id'),
    priceKopecks,
    carriageKopecks: carriageKopecks ?? Math.max(0, priceKopecks - commissionKopecks),
    declaredCommissionKopecks: commissionKopecks,
    declaredCommissionPercent: typeof percent === 'number' && Number.isFinite(percent) && percent >= 0 ? percent : 0,
    isCash: flag(offer.is_cash),
    days: givenDays ?? (givenDate ? daysUntil(givenDate, now) : 0),
    deliveryDate: givenDate ?? (givenDays === undefined ? '-' : dateAfterDays(now, givenDays)),
    holdDate: isAggregatorDate(offer.delivery_hold_date) ? offer.delivery_hold_date : '-',
    // The calculator answers services as an object keyed by service id; the spec's form is a list.
    services: Array.isArray(offer.service) ? offer.service : isObject(offer.service) ? Object.values(offer.service) : [],
  };
}

function offersOf(data: unknown, now: Date): Offers {
  const types = record(data, 'calculator data');
  const result = {} as Offers;
  for (const code of [1, 2, 3] as const) {
    const entry = types[String(code)];
    if (entry === undefined) {
      result[code] = { typeName: '', offers: [] };
      continue;
    }
    const type = record(entry, `type ${code}`);
    result[code] = { typeName: text(type.type_name, 'type_name'), offers: list(type.delivery, 'delivery').map((offer) => offerOf(offer, now)) };
  }
  return result;
}

/** A pickup point; its city is the one asked for, or the one the answer names. */
function pointOf(value: unknown, cityId?: number): PickupPoint {
  const point = record(value, 'point');
  return {
    id: positiveInteger(point.id, 'point id'), name: text(point.name, 'point name'),
    address: typeof point.address === 'string' ? point.address : '',
    city_id: cityId ?? positiveInteger(point.city_id ?? point.city, 'point city'),
    delivery_company_id: positiveInteger(point.delivery_company_id ?? point.delivery_company, 'point company'),
  };
}

const roublesText = (kopecks: number) => (kopecks / 100).toFixed(2);

function orderForm(order: AggregatorOrder): URLSearchParams {
  const { parcel } = order;
  const form = new URLSearchParams({
    type: String({ PVZ: 1, COURIER: 2, POCHTA: 3 }[order.type]),
    shop_refnum: String(order.orderSetId),
    to_city: String(parcel.toCityId),
    delivery_company: String(order.companyId),
    dimension_side1: String(parcel.box.width),
    dimension_side2: String(parcel.box.height),
    dimension_side3: String(parcel.box.depth),
    weight: String(parcel.box.weight),
    declared_price: roublesText(parcel.declaredKopecks),
    // Paid online before shipping: nothing to collect on delivery.
    payment_price: '0',
    price: roublesText(order.priceKopecks),
    is_confirm: order.confirmed ? '1' : '0',
    to_name: order.recipient.name,
    to_phone: order.recipient.phone,
    item_count: String(order.parcelCount),
  });
  const optional: Record<string, string | number | undefined> = {
    pickup_company: order.pickupCompanyId, delivery_point: order.pointId, to_add_phone: order.recipient.additionalPhone,
    to_email: order.recipient.email, to_street: order.address?.street, to_house: order.address?.house,
    to_flat: order.address?.flat, to_index: order.address?.postalCode, comment: order.comment,
  };
  for (const [name, value] of Object.entries(optional)) if (value !== undefined && value !== '') form.set(name, String(value));
  order.products.forEach((line, index) => {
    for (const field of PRODUCT_LINE_FIELDS) if (line[field] !== undefined) form.set(`products[${index}][${field}]`, String(line[field]));
  });
  return form;
}

export function createDDeliveryProvider(options: DDeliveryOptions): DeliveryProvider {
  const base = `${options.url}/${encodeURIComponent(options.apiKey)}`;
  const reads: VendorCall = { vendor: VENDOR, timeoutMs: options.timeoutMs, retries: 1, backoffMs: () => 200 };

  const get = async (method: string, query: Record<string, string | number> = {}) => {
    const url = new URL(`${base}/${method}`);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, String(value));
    const response = await vendorRequest(url.toString(), { headers: { Accept: 'application/json' } }, reads);
    return dataOf(response.json, response.status);
  };
  // Writes are not retried here: order/create is not idempotent, and a failed confirm is retried by its job.
  const post = async (method: string, form: URLSearchParams) => {
    const response = await vendorRequest(`${base}/${method}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      body: form.toString(),
    }, { vendor: VENDOR, timeoutMs: options.timeoutMs });
    return dataOf(response.json, response.status);
  };

  return {
    name: 'ddelivery',
    placingDeadlineMs: options.timeoutMs,
    async cities(query) {
      return list(await get('list/city.json', { q: query }), 'cities').map((value): City => {
        const city = record(value, 'city');
        return { id: positiveInteger(city.id, 'city id'), name: text(city.name, 'city name'), region: typeof city.region === 'string' ? city.region : '' };
      });
    },
    async points(cityId) {
      return list(await get('list/delivery-point.json', { city_id: cityId }), 'points').map((value) => pointOf(value, cityId));
    },
    // The same list asked by id: the point, whose city then comes from the answer.
    async point(id) {
      const points = list(await get('list/delivery-point.json', { id }), 'points').map((value) => pointOf(value));
      return points.find((point) => point.id === id) ?? null;
    },
    async companies() {
      return list(await get('list/delivery-company.json'), 'companies').map((value): Company => {
        const company = record(value, 'company');
        return { id: positiveInteger(company.id, 'company id'), name: text(company.name, 'company name') };
      });
    },
    async offers(parcel) {
      return offersOf(await get('calculator.json', {
        city_to: parcel.toCityId, dimension_side1: parcel.box.width, dimension_side2: parcel.box.height,
        dimension_side3: parcel.box.depth, weight: parcel.box.weight, declared_price: roublesText(parcel.declaredKopecks),
        payment_price: 0,
      }), new Date());
    },
    async placeOrder(order) {
      const data = await post('order/create.json', orderForm(order));
      // The envelope said ok, so the order exists: an unreadable id leaves it to be found by findOrder.
      try {
        const created = record(data, 'order data');
        return String(positiveInteger(created.order_id ?? created.order, 'order id'));
      } catch (error) {
        throw new VendorError(VENDOR, (error as Error).message, undefined, true);
      }
    },
    // order/list.json filtered by shop_refnum (the order set id): each order with its order_id and is_confirm.
    async findOrder(orderSetId) {
      const orders = list(await get('order/list.json', { shop_refnum: orderSetId }), 'orders').map((value) => record(value, 'order'));
      const order = orders.find((candidate) => String(candidate.shop_refnum) === String(orderSetId));
      return order ? { externalId: String(positiveInteger(order.order_id, 'order id')), confirmed: flag(order.is_confirm) } : null;
    },
    // order/confirm.json turns a draft into a confirmed order; the aggregator answers a repeated confirm as the first.
    async confirmOrder(externalId) {
      await post('order/confirm.json', new URLSearchParams({ order_id: externalId }));
    },
  };
}
