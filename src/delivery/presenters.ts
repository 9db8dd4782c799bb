// The aggregator form (spec 2.5): the calculator's envelope, per type code each company with its price and dates.
import { roubles } from '../shared/money';
import type { Offers } from './provider';

export function presentOffers(offers: Offers) {
  return {
    status: 'ok',
    message: '',
    data: Object.fromEntries(([1, 2, 3] as const).map((code) => [String(code), {
      type: code,
      type_name: offers[code].typeName,
      delivery: offers[code].offers.map((offer) => ({
        is_cash: offer.isCash,
        price_commission_declared: roubles(offer.declaredCommissionKopecks),
        percent_commission_declared: offer.declaredCommissionPercent,
        pickup_company_id: offer.pickupCompanyId,
        total_price: roubles(offer.priceKopecks),
        price_delivery: roubles(offer.carriageKopecks),
        delivery_company_name: offer.companyName,
        delivery_company_abbr: offer.companyAbbr,
        delivery_company_id: offer.companyId,
        delivery_date: offer.deliveryDate,
        delivery_hold_date: offer.holdDate,
        delivery_days: offer.days,
        service: offer.services,
      })),
    }])),
  };
}
