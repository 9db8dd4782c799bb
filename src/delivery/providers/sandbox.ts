// The built-in aggregator for demos and development: a few cities, companies and pickup points, and tariffs that
// depend only on the parcel and the distance from the shop (Moscow), so every quote can be checked by hand.
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { SANDBOX_SLOW_MS, sandboxFault } from '../../util/sandbox-faults';
import { VendorError } from '../../util/vendor-http';
import { dateAfterDays } from '../dates';
import type { City, Company, DeliveryProvider, Offer, Offers, Parcel, PickupPoint, PlacedOrder } from '../provider';

const CITIES: (City & { distanceKm: number })[] = [
  { id: 1, name: 'Москва', region: 'Москва', distanceKm: 0 },
  { id: 2, name: 'Санкт-Петербург', region: 'Санкт-Петербург', distanceKm: 700 },
  { id: 3, name: 'Нижний Новгород', region: 'Нижегородская область', distanceKm: 420 },
  { id: 4, name: 'Казань', region: 'Республика Татарстан', distanceKm: 820 },
  { id: 5, name: 'Екатеринбург', region: 'Свердловская область', distanceKm: 1800 },
  { id: 6, name: 'Новосибирск', region: 'Новосибирская область', distanceKm: 3300 },
];

/**
 * Tariff: base + per started kilogram + per started 500 km, in kopecks; types it serves; days on the road; whether
 * it takes cash on delivery.
 */
const COMPANIES: (Company & {
  abbr: string; types: (1 | 2 | 3)[]; baseKopecks: number; perKgKopecks: number; per500KmKopecks: number; days: number; isCash: boolean;
})[] = [
  { id: 1, name: 'СДЭК', abbr: 'SDEK', types: [1, 2], baseKopecks: 25000, perKgKopecks: 5000, per500KmKopecks: 7000, days: 2, isCash: true },
  { id: 2, name: 'Boxberry', abbr: 'BB', types: [1], baseKopecks: 21000, perKgKopecks: 4500, per500KmKopecks: 8000, days: 3, isCash: true },
  { id: 3, name: 'Почта России', abbr: 'RP', types: [3], baseKopecks: 18000, perKgKopecks: 4000, per500KmKopecks: 5000, days: 5, isCash: true },
  { id: 4, name: 'DPD', abbr: 'DPD', types: [2], baseKopecks: 32000, perKgKopecks: 6000, per500KmKopecks: 6000, days: 2, isCash: false },
];

const TYPE_NAMES = { 1: 'Самовывоз из пункта выдачи', 2: 'Курьер', 3: 'Почта России' } as const;

// Two pickup points in each city, of companies 1 and 2: ids city * 10 + company.
const POINTS: PickupPoint[] = CITIES.flatMap((city) => [1, 2].map((companyId) => ({
  id: city.id * 10 + companyId,
  name: `${COMPANIES[companyId - 1].name}, ${city.name}`,
  address: `${city.name}, ул. Ленина, ${companyId * 10}`,
  city_id: city.id,
  delivery_company_id: companyId,
})));

/** The commission on the declared value (insurance), in percent, rounded up to the kopeck. */
const DECLARED_COMMISSION_PERCENT = 0.5;
const declaredCommissionKopecks = (declaredKopecks: number) => Math.ceil((declaredKopecks * DECLARED_COMMISSION_PERCENT) / 100);
/** A pickup point keeps a parcel this many days after it arrives; a courier or the post holds nothing. */
const PICKUP_POINT_HOLD_DAYS = 7;

/** total_price = price_delivery (the tariff) + price_commission_declared, all in kopecks. */
function offer(company: (typeof COMPANIES)[number], code: 1 | 2 | 3, parcel: Parcel, distanceKm: number, now: Date): Offer {
  const distanceSteps = Math.ceil(distanceKm / 500);
  const carriageKopecks = company.baseKopecks + Math.ceil(parcel.box.weight) * company.perKgKopecks + distanceSteps * company.per500KmKopecks;
  const commissionKopecks = declaredCommissionKopecks(parcel.declaredKopecks);
  const days = company.days + distanceSteps;
  return {
    companyId: company.id,
    companyName: company.name,
    companyAbbr: company.abbr,
    pickupCompanyId: company.id,
    priceKopecks: carriageKopecks + commissionKopecks,
    carriageKopecks,
    declaredCommissionKopecks: commissionKopecks,
    declaredCommissionPercent: DECLARED_COMMISSION_PERCENT,
    isCash: company.isCash,
    days,
    deliveryDate: dateAfterDays(now, days),
    holdDate: code === 1 ? dateAfterDays(now, days + PICKUP_POINT_HOLD_DAYS) : '-',
    services: [],
  };
}

/** Orders placed are remembered (per process, the newest this many) so that a lost answer can be looked up. */
const REMEMBERED_ORDERS = 10_000;

export function createSandboxDeliveryProvider(): DeliveryProvider {
  const orders = new Map<number, PlacedOrder>();
  return {
    name: 'sandbox',
    placingDeadlineMs: SANDBOX_SLOW_MS + 1000,
    async cities(query) {
      const needle = query.trim().toLocaleLowerCase('ru');
      return CITIES.filter((city) => city.name.toLocaleLowerCase('ru').includes(needle))
        .map(({ id, name, region }) => ({ id, name, region }));
    },
    async points(cityId) {
      return POINTS.filter((point) => point.city_id === cityId);
    },
    async point(id) {
      return POINTS.find((point) => point.id === id) ?? null;
    },
    async companies() {
      return COMPANIES.map(({ id, name }) => ({ id, name }));
    },
    async offers(parcel) {
      const city = CITIES.find((candidate) => candidate.id === parcel.toCityId);
      const result = {} as Offers;
      const now = new Date();
      for (const code of [1, 2, 3] as const) {
        const serving = city ? COMPANIES.filter((company) => company.types.includes(code)) : [];
        result[code] = { typeName: TYPE_NAMES[code], offers: serving.map((company) => offer(company, code, parcel, city!.distanceKm, now)) };
      }
      return result;
    },
    // The comment's fault switch: fail (refused, nothing placed), slow (answers late), lost (placed, no answer).
    async placeOrder(order) {
      const fault = sandboxFault(order.comment, 'delivery');
      if (fault === 'fail') throw new VendorError('sandbox', 'fault switch: order refused');
      if (fault === 'slow') await sleep(SANDBOX_SLOW_MS);
      const placed = { externalId: `sandbox-${randomUUID()}`, confirmed: order.confirmed };
      orders.delete(order.orderSetId);
      orders.set(order.orderSetId, placed);
      if (orders.size > REMEMBERED_ORDERS) orders.delete(orders.keys().next().value!);
      if (fault === 'lost') throw new VendorError('sandbox', 'fault switch: order placed, answer lost', undefined, true);
      return placed.externalId;
    },
    async findOrder(orderSetId) {
      return orders.get(orderSetId) ?? null;
    },
    // Confirming a draft only marks it, and is always harmless.
    async confirmOrder(externalId) {
      for (const order of orders.values()) if (order.externalId === externalId) order.confirmed = true;
    },
  };
}
