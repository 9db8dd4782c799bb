// Delivery for an order set: quotes from the aggregator, and the delivery request that places exactly one
// aggregator order, confirms the set and starts exactly one payment, however many requests arrive at once.
import type { Logger } from 'pino';
import type { Database } from '../db/database';
import { type OrderSet, type OrdersService, unchangeable } from '../orders/service';
import type { PaymentsService } from '../payments/service';
import { conflict, invalid, locked, notFound, ServiceError, unavailable } from '../shared/errors';
import type { Preflight } from '../shared/preflight';
import { roubles } from '../shared/money';
import { createTtlCache } from '../util/ttl-cache';
import { VendorError } from '../util/vendor-http';
import type { AggregatorType, City, Company, DeliveryProvider, Offers, Parcel, PickupPoint } from './provider';
import { TYPE_CODES } from './provider';
import { createPaidDraftConfirmation } from './confirm-paid';
import { checkClientContents, parcelContentsOf } from './parcel-contents';
import { createDeliveryRepository } from './repository';
import { aggregatorOrder, type DeliveryChoice, deliveryRecord, type DeliveryRequest, idOf } from './request';

/** The aggregator failed (down, slow, garbage, an error envelope); the cause is logged where it is caught. */
export class DeliveryUnavailableError extends Error {}

/** Reference lists change rarely: each is kept this long per process. */
export const LIST_CACHE_SECONDS = 3600;

/** A refusal as the front end's contract words a delivery's: {error: 409, detail} and the figures it names. */
const refused = (detail: string, extra: Record<string, unknown> = {}) => conflict(detail, { extra: { error: 409, ...extra } });
const emptySet = () => invalid({ non_field_errors: ['The order set is empty.'] });

/** The server's quote of a delivery choice: its price and the company that collects the parcel (null for PICKUP). */
interface Quote {
  priceKopecks: number;
  pickupCompanyId: number | null;
}

export function createDeliveryService(deps: {
  db: Database; provider: DeliveryProvider; orders: OrdersService; payments: PaymentsService; log: Logger;
}) {
  const { db, provider, orders, payments, log } = deps;
  const repository = createDeliveryRepository(db.sql);
  const cities = createTtlCache<City[]>(LIST_CACHE_SECONDS * 1000, 500);
  const points = createTtlCache<PickupPoint[]>(LIST_CACHE_SECONDS * 1000, 500);
  const pointsById = createTtlCache<PickupPoint | null>(LIST_CACHE_SECONDS * 1000, 5000);
  const companies = createTtlCache<Company[]>(LIST_CACHE_SECONDS * 1000, 1);
  // A placing without an answer is settled once it cannot be in flight any more: that is when to come back.
  const unansweredMs = 2 * provider.placingDeadlineMs;
  const retryAfterSeconds = Math.ceil(unansweredMs / 1000);
  const beingConfirmed = () => locked('The order set is being confirmed.', { retryAfterSeconds, extra: { error: 423 } });
  const outcomeUnknown = () => unavailable(
    'The delivery aggregator did not answer whether it placed the order. Try again later: the retry finds that order and never places a second one.',
    { retryAfterSeconds, extra: { error: 503 } });

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
    if (set.orders.length === 0) throw emptySet();
    return { toCityId, box: set.box, declaredKopecks: set.goodsKopecks };
  };

  const listPoints = (cityId: number) => points.get(String(cityId), () => aggregator('points', () => provider.points(cityId)));
  // Found or not, a point is kept like the lists: the aggregator rarely opens or closes one.
  const pointById = (id: number) => pointsById.get(String(id), () => aggregator('point', () => provider.point(id)));

  /** A pickup point names its city and its company: a choice of one gets both from it (a city or company sent must match). */
  async function withPoint<Choice extends DeliveryChoice>(choice: Choice): Promise<Choice> {
    if (choice.type !== 'PVZ' || choice.pointId === undefined) return choice;
    const point = await pointById(choice.pointId);
    if (!point) throw invalid({ delivery_point_id: ['No such pickup point.'] });
    if (choice.toCityId !== undefined && choice.toCityId !== point.city_id) {
      throw invalid({ delivery_point_id: ['This pickup point is in another city.'] });
    }
    if (choice.companyId !== undefined && choice.companyId !== point.delivery_company_id) {
      throw invalid({ delivery_company_id: ['This pickup point belongs to another company.'] });
    }
    return { ...choice, toCityId: point.city_id, companyId: point.delivery_company_id };
  }

  /** The server's quote of a delivery choice (its city and company known) for this set. */
  async function quote(set: OrderSet, choice: DeliveryChoice): Promise<Quote> {
    if (choice.type === 'PICKUP') return { priceKopecks: 0, pickupCompanyId: null };
    const offers = await aggregator('calculator', () => provider.offers(parcelOf(set, choice.toCityId!)));
    const offer = offers[TYPE_CODES[choice.type]].offers.find((candidate) => candidate.companyId === choice.companyId);
    if (!offer) throw invalid({ delivery_company_id: ['This company does not deliver this way to this city.'] });
    return { priceKopecks: offer.priceKopecks, pickupCompanyId: offer.pickupCompanyId };
  }

  /** What is placed: the client's address and recipient, the server's figures, company and contents. */
  const valuesOf = (set: OrderSet, request: DeliveryRequest, quoted: Quote) => ({
    provider: request.type === 'PICKUP' ? 'shop' : provider.name, type: request.type, priceKopecks: quoted.priceKopecks,
    option: deliveryRecord(request, { pickupCompanyId: quoted.pickupCompanyId, ...parcelContentsOf(set) }),
  });

  /**
   * Settles a placing whose answer was lost (or whose process died) once it cannot be in flight any more: the
   * aggregator is asked for an order with the set's reference, which is adopted; without one the set is a draft
   * again. 'in-flight' while the placing may still be running, or another request is settling it.
   */
  async function settleUnanswered(orderSetId: number): Promise<'adopted' | 'released' | 'in-flight'> {
    const placedWith = await repository.takeOverUnanswered(orderSetId, unansweredMs);
    if (placedWith === undefined) return 'in-flight';
    if (placedWith !== provider.name && placedWith !== 'shop') {
      log.error({ orderSetId, provider: placedWith }, 'unanswered placing is at another aggregator; look it up there');
      throw outcomeUnknown();
    }
    let found = null;
    try {
      // PICKUP never reaches the aggregator: its placing only died before it was recorded.
      if (placedWith !== 'shop') found = await provider.findOrder(orderSetId);
    } catch (error) {
      if (!(error instanceof VendorError)) throw error;
      log.warn({ err: error, orderSetId }, 'aggregator could not be asked for an unanswered order; left placing');
      throw outcomeUnknown();
    }
    if (!found) {
      await repository.release(orderSetId);
      log.info({ orderSetId }, 'unanswered placing not at the aggregator; the set is a draft again');
      return 'released';
    }
    await db.transaction(async (tx) => {
      const repo = createDeliveryRepository(tx.sql);
      await repo.markPlaced(orderSetId, found.externalId, found.confirmed);
      await repo.confirmOrderSet(orderSetId);
    });
    log.info({ orderSetId, externalId: found.externalId }, 'unanswered placing found at the aggregator and adopted');
    return 'adopted';
  }

  /**
   * The payment link of a CONFIRMED set (a second request, the pay action, paying again after a decline): nothing
   * is placed again. Null for an OPEN set, whose request must carry the delivery.
   */
  async function linkOfConfirmed(set: OrderSet): Promise<string | null> {
    if (set.status === 'CONFIRMED') return payments.link(set);
    if (set.status === 'OPEN' && set.delivery?.status === 'placing') {
      const outcome = await settleUnanswered(set.id);
      if (outcome === 'in-flight') throw beingConfirmed();
      return linkOfConfirmed((await orders.load(set.userId, set.id))!);
    }
    const refusal = unchangeable(set, set.delivery);
    if (refusal) throw set.delivery?.status === 'placing' ? beingConfirmed() : refused(refusal.message);
    return null;
  }

  /** Places the set's delivery once and confirms the set; false when another request holds or did the placing. */
  async function place(set: OrderSet, request: DeliveryRequest, quoted: Quote): Promise<boolean> {
    const values = valuesOf(set, request, quoted);
    const claimed = await db.transaction(async (tx) => {
      const locked = (await orders.lockAndLoad(tx.sql, set.userId, set.id))!;
      // Confirmed meanwhile, or being placed by another request: that request's outcome stands.
      if (locked.status === 'CONFIRMED' || locked.delivery?.status === 'placing') return false;
      const refusal = unchangeable(locked, null);
      if (refusal) throw refused(refusal.message);
      // The quote was for this cart: one changed since then needs a new quote.
      if (locked.goodsKopecks !== set.goodsKopecks || JSON.stringify(locked.box) !== JSON.stringify(set.box)) {
        throw refused('The cart changed; check the delivery price again.');
      }
      // The preflight counted the photos; one removed since (the retention sweep) refuses the set as the preflight
      // would. From the claim on, the sweep keeps the photos of a set being placed, so the confirm records them all.
      const repo = createDeliveryRepository(tx.sql);
      const missing = await repo.lockBooksAndFindMissingPhotos(set.id);
      if (missing.length > 0) throw refused(`A photo placed in the book is no longer in your library (photo ${missing.join(', ')}); place another.`);
      return repo.claim(set.id, values);
    });
    if (!claimed) return false;
    let externalId: string | null = null;
    try {
      if (request.type !== 'PICKUP') {
        externalId = await provider.placeOrder(aggregatorOrder(values.option, {
          orderSetId: set.id, type: request.type as AggregatorType, parcel: parcelOf(set, request.toCityId!),
          priceKopecks: quoted.priceKopecks, confirmed: request.body.is_confirm,
        }));
      }
    } catch (error) {
      // Unanswered is not failed: the order may exist, so the placing stays until a retry looks it up.
      if (error instanceof VendorError && error.outcomeUnknown) {
        log.warn({ err: error, orderSetId: set.id }, 'aggregator did not answer order/create; left placing until looked up');
        throw outcomeUnknown();
      }
      await repository.release(set.id);
      if (!(error instanceof VendorError)) throw error;
      log.error({ err: error, call: 'order/create' }, 'delivery aggregator failed');
      throw new DeliveryUnavailableError(error.message);
    }
    await db.transaction(async (tx) => {
      const repo = createDeliveryRepository(tx.sql);
      await repo.markPlaced(set.id, externalId, request.body.is_confirm);
      await repo.confirmOrderSet(set.id);
    });
    return true;
  }

  return {
    cities: (query: string) => cities.get(query.trim().toLowerCase(), () => aggregator('cities', () => provider.cities(query.trim()))),
    points: listPoints,
    companies: () => companies.get('all', () => aggregator('companies', () => provider.companies())),

    async checkPrice(userId: number, orderSetId: number, choice: DeliveryChoice): Promise<number> {
      return (await quote(await ownSet(userId, orderSetId), choice)).priceKopecks;
    },

    async offers(userId: number, orderSetId: number, toCityId: number): Promise<Offers> {
      const parcel = parcelOf(await ownSet(userId, orderSetId), toCityId);
      return aggregator('calculator', () => provider.offers(parcel));
    },

    /** After the set is paid (the order-paid job): its delivery, when placed as a draft at the aggregator, is confirmed there. */
    confirmPaid: createPaidDraftConfirmation({ provider, repository, log }),

    /** The pay action: a CONFIRMED set's payment link, or null when the set is OPEN and needs its delivery. */
    payAction: async (userId: number, orderSetId: number) => linkOfConfirmed(await ownSet(userId, orderSetId)),

    /**
     * Checks the client's figures, places the aggregator order (a draft there unless is_confirm), confirms the set
     * and starts the payment: the payment link.
     */
    async create(userId: number, orderSetId: number, given: DeliveryRequest): Promise<{ link: string; preflight?: Preflight[] }> {
      const set = await ownSet(userId, orderSetId);
      const link = await linkOfConfirmed(set);
      if (link !== null) return { link };
      // Every type, PICKUP too: an empty set would be confirmed and paid at 0.00.
      if (set.orders.length === 0) throw emptySet();
      // A book that cannot print is refused before anything is placed; a book edited since it went in the cart too.
      const preflight = await orders.preflightSet(set).catch((error: unknown) => {
        throw error instanceof ServiceError && error.extra?.preflight ? refused(error.message, error.extra) : error;
      });
      const request = await withPoint(given);
      const quoted = await quote(set, request);
      const priceKopecks = quoted.priceKopecks;
      // A figure the client leaves out is the server's (the front end sends delivery_sum and no price).
      const goodsDiffer = request.priceKopecks !== undefined && request.priceKopecks !== set.goodsKopecks;
      if (goodsDiffer || (request.deliverySumKopecks !== undefined && request.deliverySumKopecks !== priceKopecks)) {
        throw refused('The price has changed.', { price: roubles(set.goodsKopecks), delivery_sum: roubles(priceKopecks) });
      }
      const givenPickup = idOf(request.body.pickup_company_id);
      if (quoted.pickupCompanyId !== null && givenPickup !== undefined && givenPickup !== quoted.pickupCompanyId) {
        throw invalid({ pickup_company_id: [`The quoted offer is collected by company ${quoted.pickupCompanyId}.`] });
      }
      checkClientContents(request.body, parcelContentsOf(set));
      const placedHere = await place(set, request, quoted);
      const confirmed = (await orders.load(userId, orderSetId))!;
      if (!placedHere && confirmed.status !== 'CONFIRMED') throw beingConfirmed();
      // Only the books with warnings to show: a set without any answers its link alone, as it always did.
      const warned = preflight.filter((book) => book.warnings > 0);
      return { link: await payments.link(confirmed), ...(warned.length > 0 ? { preflight: warned } : {}) };
    },
  };
}

export type DeliveryService = ReturnType<typeof createDeliveryService>;
