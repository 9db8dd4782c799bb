// Order sets and orders as the front ends read them: money in roubles, the set's box, its delivery or null.
import type { MediaStorage } from '../media/storage';
import { formatNameOf } from '../shared/layout-document';
import { roubles } from '../shared/money';
import type { DeliveryRow } from './repository';
import type { OrderSet, PresentedOrder } from './service';

export function presentDelivery(delivery: DeliveryRow | null) {
  if (!delivery) return null;
  return { ...delivery.option, type: delivery.type, status: delivery.status, price: roubles(delivery.priceKopecks) };
}

/**
 * An order, with what the front end shows of its layout: name, format and print options, pages, the cover page it
 * draws the book from (as a layout read gives it in pages[0]), the product's preview picture, one copy's price.
 */
export function presentOrder(set: OrderSet, orderId: number, media: MediaStorage) {
  const order = set.orders.find((candidate) => candidate.id === orderId)!;
  return {
    id: order.id,
    orderset_id: set.id,
    layout_id: order.layoutId,
    hash: order.layoutHash,
    layout_name: order.layoutName,
    fmt: order.formatId,
    num_pages: order.pages,
    cover: order.cover,
    preview_image: order.previewCover === null ? null : media.publicUrl(order.previewCover),
    format_name: order.widthCm && order.heightCm ? formatNameOf(order.widthCm, order.heightCm) : null,
    cover_type: order.coverType,
    binding_type: order.bindingType,
    cover_lamination_types: order.coverLamination,
    changed: order.layoutChanged.toISOString(),
    count: order.count,
    price: roubles(order.unitKopecks),
    cost: roubles(order.unitKopecks * order.count),
    total_cost: roubles(set.goodsKopecks),
    delivery_box_size: set.box,
    delivery: presentDelivery(set.delivery),
    print_job: presentPrintJob(order.printJob),
  };
}

/** A book's latest print job at the partner (issue 53; docs/api.md, "Print partner"), or null before it is sent. */
function presentPrintJob(job: PresentedOrder['printJob']) {
  if (!job) return null;
  return {
    partner: job.partner, id: job.partnerJobId, attempt: job.attempt, status: job.status,
    status_changed: job.statusChanged?.toISOString() ?? null, messages: job.messages,
    tracking_id: job.trackingId, tracking_urls: job.trackingUrls, carrier_name: job.carrierName,
  };
}

export function presentOrderSet(set: OrderSet, media: MediaStorage) {
  return {
    id: set.id,
    status: set.status,
    tracking_number: set.trackingNumber,
    total_cost: roubles(set.goodsKopecks),
    created: set.createdAt.toISOString(),
    print_hold_until: set.printHoldUntil ? new Date(set.printHoldUntil).toISOString() : null,
    delivery_box_size: set.box,
    delivery: presentDelivery(set.delivery),
    orders: set.orders.map((order) => presentOrder(set, order.id, media)),
  };
}
