// The aggregator form (the specification's shape): per type code, each company with its price and dates.
import { roubles } from '../orders/money';
import type { Offers } from './provider';

const day = 24 * 3600 * 1000;
const dateAfter = (now: Date, days: number) => new Date(now.getTime() + days * day).toISOString().slice(0, 10);

export function presentOffers(offers: Offers, now = new Date()) {
  return Object.fromEntries(([1, 2, 3] as const).map((code) => [String(code), {
    type: code,
    type_name: offers[code].typeName,
    delivery: offers[code].offers.map((offer) => ({
      delivery_company_id: offer.companyId,
      delivery_company_name: offer.companyName,
      pickup_company_id: offer.pickupCompanyId,
      total_price: roubles(offer.priceKopecks),
      days_min: offer.daysMin,
      days_max: offer.daysMax,
      delivery_date_min: dateAfter(now, offer.daysMin),
      delivery_date_max: dateAfter(now, offer.daysMax),
    })),
  }]));
}
