// Order sets and orders as the front ends read them: money in roubles, the set's box, its delivery or null.
import { roubles } from './money';
import type { DeliveryRow } from './repository';
import type { OrderSet } from './service';

export function presentDelivery(delivery: DeliveryRow | null) {
  if (!delivery) return null;
  return { ...delivery.option, type: delivery.type, status: delivery.status, price: roubles(delivery.priceKopecks) };
}

export function presentOrder(set: OrderSet, orderId: number) {
  const order = set.orders.find((candidate) => candidate.id === orderId)!;
  return {
    id: order.id,
    orderset_id: set.id,
    layout_id: order.layoutId,
    count: order.count,
    cost: roubles(order.unitKopecks * order.count),
    total_cost: roubles(set.goodsKopecks),
    delivery_box_size: set.box,
    delivery: presentDelivery(set.delivery),
  };
}

export function presentOrderSet(set: OrderSet) {
  return {
    id: set.id,
    status: set.status,
    total_cost: roubles(set.goodsKopecks),
    created: set.createdAt.toISOString(),
    delivery_box_size: set.box,
    delivery: presentDelivery(set.delivery),
    orders: set.orders.map((order) => presentOrder(set, order.id)),
  };
}
