// Delivery for an order set: quotes from the aggregator, and the delivery request that places exactly one
// aggregator order, confirms the set and starts exactly one payment, however many requests arrive at once.
import type { Logger } from 'pino';
import type { Database } from '../db/database';
import { HttpError, notFound, validationError } from '../http/errors';
import { roubles } from '../orders/money';
import { type OrderSet, type OrdersService, unchangeable } from '../orders/service';
import type { PaymentsService } from '../payments/service';
import { createTtlCache } from '../util/ttl-cache';
import { VendorError } from '../util/vendor-http';
import type { AggregatorType, City, Company, DeliveryProvider, Offers, Parcel, PickupPoint } from './provider';
import { TYPE_CODES } from './provider';
import { createDeliveryRepository } from './repository';
import { aggregatorOrder, type DeliveryChoice, deliveryRecord, type DeliveryRequest } from './request';

/** The aggregator failed (down, slow, garbage, an error envelope); the cause is logged where it is caught. */
export class DeliveryUnavailableError extends Error {}

/** Reference lists change rarely: each is kept this long per process. */
export const LIST_CACHE_SECONDS = 3600;

const conflict = (detail: string, extra: Record<string, unknown> = {}) => new HttpError(409, { error: 409, detail, ...extra });
const beingConfirmed = () => new HttpError(423, { error: 423, detail: 'The order set is being confirmed.' });

export function createDeliveryService(deps: {
  db: Database; provider: DeliveryProvider; orders: OrdersService; payments: PaymentsService; log: Logger;
}) {
  const { db, provider, orders, payments, log } = deps;
  const repository = createDeliveryRepository();
  const cities = createTtlCache<City[]>(LIST_CACHE_SECONDS * 1000, 500);
  const points = createTtlCache<PickupPoint[]>(LIST_CACHE_SECONDS * 1000, 500);
  const pointsById = createTtlCache<PickupPoint | null>(LIST_CACHE_SECONDS * 1000, 5000);
  const companies = createTtlCache<Company[]>(LIST_CACHE_SECONDS * 1000, 1);

  /** Runs a call to the aggregator; its failures become DeliveryUnavailableError, logged with the cause. */
  async function aggregator<T>(what: string, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (!(error instanceof VendorError)) throw error;
      log.error({ err: error, call: what }, 'delivery aggregator failed');
      throw new DeliveryUnavailableError(error.message);
    }
  }

  async function ownSet(userId: number, orderSetId: number): Promise<OrderSet> {
    const set = await orders.load(userId, orderSetId);
    if (!set) throw notFound();
    return set;
  }

  const parcelOf = (set: OrderSet, toCityId: number): Parcel => {
    if (set.orders.length === 0) throw validationError({ non_field_errors: ['The order set is empty.'] });
    return { toCityId, box: set.box, declaredKopecks: set.goodsKopecks };
  };

  const listPoints = (cityId: number) => points.get(String(cityId), () => aggregator('points', () => provider.points(cityId)));
  // Found or not, a point is kept like the lists: the aggregator rarely opens or closes one.
  const pointById = (id: number) => pointsById.get(String(id), () => aggregator('point', () => provider.point(id)));

  /** A pickup point names its city and its company: a choice of one gets both from it (a city or company sent must match). */
  async function withPoint<Choice extends DeliveryChoice>(choice: Choice): Promise<Choice> {
    if (choice.type !== 'PVZ' || choice.pointId === undefined) return choice;
    const point = await pointById(choice.pointId);
    if (!point) throw validationError({ delivery_point_id: ['No such pickup point.'] });
    if (choice.toCityId !== undefined && choice.toCityId !== point.city_id) {
      throw validationError({ delivery_point_id: ['This pickup point is in another city.'] });
    }
    if (choice.companyId !== undefined && choice.companyId !== point.delivery_company_id) {
      throw validationError({ delivery_company_id: ['This pickup point belongs to another company.'] });
    }
    return { ...choice, toCityId: point.city_id, companyId: point.delivery_company_id };
  }

  /** The server's price of a delivery choice (its city and company known) for this set. */
  async function quote(set: OrderSet, choice: DeliveryChoice): Promise<number> {
    if (choice.type === 'PICKUP') return 0;
    const offers = await aggregator('calculator', () => provider.offers(parcelOf(set, choice.toCityId!)));
    const offer = offers[TYPE_CODES[choice.type]].offers.find((candidate) => candidate.companyId === choice.companyId);
    if (!offer) throw validationError({ delivery_company_id: ['This company does not deliver this way to this city.'] });
    return offer.priceKopecks;
  }

  const valuesOf = (request: DeliveryRequest, priceKopecks: number) => ({
    provider: request.type === 'PICKUP' ? 'shop' : provider.name, type: request.type, option: deliveryRecord(request), priceKopecks,
  });

  /**
   * The payment link of a CONFIRMED set (a second request, the pay action, paying again after a decline): nothing
   * is placed again. Null for an OPEN set, whose request must carry the delivery.
   */
  async function linkOfConfirmed(set: OrderSet): Promise<string | null> {
    if (set.status === 'CONFIRMED') return payments.link(set);
    const refusal = unchangeable(set, set.delivery);
    if (refusal) throw set.delivery?.status === 'placing' ? beingConfirmed() : conflict(String(refusal.body.detail));
    return null;
  }

  /** Places the set's delivery once and confirms the set; false when another request holds or did the placing. */
  async function place(set: OrderSet, request: DeliveryRequest, priceKopecks: number): Promise<boolean> {
    const values = valuesOf(request, priceKopecks);
    const claimed = await db.transaction(async (tx) => {
      const locked = (await orders.lockAndLoad(tx.sql, set.userId, set.id))!;
      // Confirmed meanwhile, or being placed by another request: that request's outcome stands.
      if (locked.status === 'CONFIRMED' || locked.delivery?.status === 'placing') return false;
      const refusal = unchangeable(locked, null);
      if (refusal) throw conflict(String(refusal.body.detail));
      // The quote was for this cart: one changed since then needs a new quote.
      if (locked.goodsKopecks !== set.goodsKopecks || JSON.stringify(locked.box) !== JSON.stringify(set.box)) {
        throw conflict('The cart changed; check the delivery price again.');
      }
      return repository.claim(tx.sql, set.id, values);
    });
    if (!claimed) return false;
    let externalId: string | null = null;
    try {
      if (request.type !== 'PICKUP') {
        externalId = await aggregator('order/create', () => provider.placeOrder(aggregatorOrder(values.option, {
          orderSetId: set.id, type: request.type as AggregatorType, parcel: parcelOf(set, request.toCityId!), priceKopecks,
          confirmed: request.body.is_confirm,
        })));
      }
    } catch (error) {
      await repository.release(db.sql, set.id);
      throw error;
    }
    await db.transaction(async (tx) => {
      await repository.markPlaced(tx.sql, set.id, externalId, request.body.is_confirm);
      await repository.confirmOrderSet(tx.sql, set.id);
    });
    return true;
  }

  return {
    cities: (query: string) => cities.get(query.trim().toLowerCase(), () => aggregator('cities', () => provider.cities(query.trim()))),
    points: listPoints,
    companies: () => companies.get('all', () => aggregator('companies', () => provider.companies())),

    async checkPrice(userId: number, orderSetId: number, choice: DeliveryChoice): Promise<number> {
      return quote(await ownSet(userId, orderSetId), choice);
    },

    async offers(userId: number, orderSetId: number, toCityId: number): Promise<Offers> {
      const parcel = parcelOf(await ownSet(userId, orderSetId), toCityId);
      return aggregator('calculator', () => provider.offers(parcel));
    },

    /** The pay action: a CONFIRMED set's payment link, or null when the set is OPEN and needs its delivery. */
    payAction: async (userId: number, orderSetId: number) => linkOfConfirmed(await ownSet(userId, orderSetId)),

    /**
     * Checks the client's figures, places the aggregator order (a draft there unless is_confirm), confirms the set
     * and starts the payment: the payment link.
     */
    async create(userId: number, orderSetId: number, given: DeliveryRequest): Promise<string> {
      const set = await ownSet(userId, orderSetId);
      const link = await linkOfConfirmed(set);
      if (link !== null) return link;
      const request = await withPoint(given);
      const priceKopecks = await quote(set, request);
      // A figure the client leaves out is the server's (the front end sends delivery_sum and no price).
      const goodsDiffer = request.priceKopecks !== undefined && request.priceKopecks !== set.goodsKopecks;
      if (goodsDiffer || (request.deliverySumKopecks !== undefined && request.deliverySumKopecks !== priceKopecks)) {
        throw conflict('The price has changed.', { price: roubles(set.goodsKopecks), delivery_sum: roubles(priceKopecks) });
      }
      const placedHere = await place(set, request, priceKopecks);
      const confirmed = (await orders.load(userId, orderSetId))!;
      if (!placedHere && confirmed.status !== 'CONFIRMED') throw beingConfirmed();
      return payments.link(confirmed);
    },
  };
}

export type DeliveryService = ReturnType<typeof createDeliveryService>;
