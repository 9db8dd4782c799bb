// The cart and the user's order sets: prices from the price list, the packing rule, changes only while OPEN.
import type { Database, SqlExecutor } from '../db/database';
import { conflict, invalid, notFound, type ServiceError } from '../shared/errors';
import type { Preflight, PreflightOf } from '../shared/preflight';
import { latestPrintJobs, type PartnerJobRow } from './print-jobs';
import { type BoxSize, packBox, unitPriceKopecks } from './pricing';
import { createOrdersRepository, type DeliveryRow, type OrderRow, type OrderSetRow } from './repository';

/** An order with its book's cover page as a layout read shows it (the cart draws the order from it), or null. */
export type PresentedOrder = OrderRow & { cover: object | null; printJob: PartnerJobRow | null };

/** The covers of books by layout id, presented as the layouts domain presents a page. */
export type CoverPagesOf = (layoutIds: string[], sql: SqlExecutor) => Promise<Map<string, object>>;

export interface OrderSet extends OrderSetRow {
  orders: PresentedOrder[];
  delivery: DeliveryRow | null;
  /** The goods: unit price x count over every order. Delivery is paid on top. */
  goodsKopecks: number;
  box: BoxSize;
}

export const MAX_COUNT = 1000;
const TOO_MANY = `Ensure this value is less than or equal to ${MAX_COUNT}.`;

/** Only an OPEN set whose delivery is not being placed right now may change. */
export function unchangeable(set: { status: string }, delivery: DeliveryRow | null | undefined): ServiceError | undefined {
  if (set.status !== 'OPEN') return conflict(`The order set is ${set.status} and can no longer change.`);
  if (delivery?.status === 'placing') return conflict('The order set is being confirmed and can no longer change.');
  return undefined;
}

/** A book whose print would fail (a photo that cannot print, a text that does not fit): 409 with its preflight. */
export const unprintable = (preflight: Preflight) => conflict(
  `This book cannot be printed as it is: ${preflight.errors} problem${preflight.errors === 1 ? '' : 's'} to fix first (see preflight).`,
  { extra: { preflight } });

/**
 * preflightOf: a book's preflight (errors keep it out of the cart; warnings come back with the order). coverPagesOf:
 * the books' covers for the orders' answers.
 */
export function createOrdersService(db: Database, preflightOf: PreflightOf, coverPagesOf: CoverPagesOf) {
  const repository = createOrdersRepository(db.sql);

  async function assemble(sql: SqlExecutor, sets: OrderSetRow[]): Promise<OrderSet[]> {
    const ids = sets.map((set) => set.id);
    const repo = createOrdersRepository(sql);
    const [rows, deliveries, printJobs] = await Promise.all([
      repo.orders(ids), repo.deliveries(ids), latestPrintJobs(sql, ids), // each book's latest print job at the partner (issue 53)
    ]);
    // Read on the caller's executor: inside its transaction, where the set is locked.
    const covers = await coverPagesOf([...new Set(rows.map((order) => order.layoutId))], sql);
    const orders = rows.map((order) => ({
      ...order, cover: covers.get(order.layoutId) ?? null, printJob: printJobs.find((job) => job.orderId === order.id) ?? null,
    }));
    return sets.map((set) => {
      const own = orders.filter((order) => order.orderSetId === set.id);
      return {
        ...set,
        orders: own,
        delivery: deliveries.find((delivery) => delivery.orderSetId === set.id) ?? null,
        goodsKopecks: own.reduce((sum, order) => sum + order.unitKopecks * order.count, 0),
        box: packBox(own),
      };
    });
  }

  async function guardChange(sql: SqlExecutor, set: OrderSetRow): Promise<void> {
    const [delivery] = await createOrdersRepository(sql).deliveries([set.id]);
    const refusal = unchangeable(set, delivery);
    if (refusal) throw refusal;
  }

  const load = async (sql: SqlExecutor, userId: number, orderSetId: number): Promise<OrderSet | undefined> =>
    (await assemble(sql, await createOrdersRepository(sql).sets(userId, orderSetId)))[0];

  return {
    load: (userId: number, orderSetId: number, sql: SqlExecutor = db.sql) => load(sql, userId, orderSetId),

    /** Locks the user's set until tx ends (cart changes wait), then loads it. */
    async lockAndLoad(tx: SqlExecutor, userId: number, orderSetId: number): Promise<OrderSet | undefined> {
      return (await createOrdersRepository(tx).lockSet(orderSetId, userId)) ? load(tx, userId, orderSetId) : undefined;
    },

    list: async (userId: number): Promise<OrderSet[]> => assemble(db.sql, await repository.sets(userId)),

    /** Sets of any users, with their orders and deliveries (the administrators' list). */
    assemble: (sets: OrderSetRow[], sql: SqlExecutor = db.sql) => assemble(sql, sets),

    /** The preflights of the set's books; throws unprintable with the first book that has errors. */
    async preflightSet(set: OrderSet): Promise<Preflight[]> {
      const preflights: Preflight[] = [];
      for (const layoutId of new Set(set.orders.map((order) => order.layoutId))) {
        const preflight = await preflightOf(layoutId);
        if (preflight && !preflight.printable) throw unprintable(preflight);
        if (preflight) preflights.push(preflight);
      }
      return preflights;
    },

    cartCount: (userId: number) => repository.cartCount(userId),

    /**
     * Puts count copies of the user's layout in the cart. A layout that is not the user's is refused as the request
     * named it (layoutIn: a field error for a body, 404 for a path), exactly as one that does not exist; so is one in
     * the bin. The field error quotes the id as it was sent.
     */
    async addLayout(userId: number, namedId: string, count: number, layoutIn: 'body' | 'path'): Promise<{ set: OrderSet; orderId: number; preflight: Preflight | undefined }> {
      const layoutId = namedId.toLowerCase();
      const layout = await repository.layout(layoutId);
      if (!layout || layout.ownerId !== userId || layout.inBin) {
        throw layoutIn === 'body' ? invalid({ layout_id: [`Invalid pk "${namedId}" - object does not exist.`] }) : notFound();
      }
      if (!layout.rule || layout.widthCm === null) throw invalid({ layout_id: ['This layout has no format with a price.'] });
      // None for a layout without pages or a format of its own to check (older rows): nothing to refuse.
      const preflight = await preflightOf(layoutId);
      if (preflight && !preflight.printable) throw unprintable(preflight);
      const unit = unitPriceKopecks(layout.rule, layout.pages);
      return db.transaction(async (tx) => {
        const repo = createOrdersRepository(tx.sql);
        const cart = await repo.lockCart(userId);
        await guardChange(tx.sql, cart);
        const orderId = await repo.addOrder(cart.id, layoutId, count, unit);
        if (orderId === null) throw invalid({ count: [TOO_MANY] });
        return { set: (await load(tx.sql, userId, cart.id))!, orderId, preflight };
      });
    },

    async changeCount(userId: number, orderId: number, count: number): Promise<{ set: OrderSet; orderId: number }> {
      return db.transaction(async (tx) => {
        const repo = createOrdersRepository(tx.sql);
        const set = await repo.lockSetOfOrder(orderId, userId);
        if (!set) throw notFound();
        await guardChange(tx.sql, set);
        await repo.setCount(orderId, count);
        return { set: (await load(tx.sql, userId, set.id))!, orderId };
      });
    },

    async remove(userId: number, orderId: number): Promise<OrderSet> {
      return db.transaction(async (tx) => {
        const repo = createOrdersRepository(tx.sql);
        const set = await repo.lockSetOfOrder(orderId, userId);
        if (!set) throw notFound();
        await guardChange(tx.sql, set);
        await repo.deleteOrder(orderId);
        return (await load(tx.sql, userId, set.id))!;
      });
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
