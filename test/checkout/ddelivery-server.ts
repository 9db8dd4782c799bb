// A stand-in for the DDelivery (SafeRoute) API: <base>/<api key>/<method>.json with the {status, message, data}
// envelope, quotes from a fixed tariff table, orders recorded as they arrive (form-encoded), placed as drafts or
// confirmed (is_confirm 0 or 1, nothing else), and drafts confirmed by order/confirm.json (again: answered as the first);
// order/list.json?shop_refnum lists the orders placed for a shop reference, as {order_id, shop_refnum, is_confirm}.
import { type StandIn, standIn } from './stand-in';

export const API_KEY = 'test-ddelivery-key';

const COMPANIES = [{ id: 4, name: 'Boxberry', abbr: 'BB' }, { id: 7, name: 'СДЭК', abbr: 'SDEK' }, { id: 11, name: 'Почта России', abbr: 'RP' }];
const CITIES = [{ id: 151184, name: 'Москва', region: 'Москва' }, { id: 151185, name: 'Санкт-Петербург', region: 'Санкт-Петербург' }];
const POINTS = [
  { id: 9001, name: 'Boxberry на Тверской', address: 'Тверская, 1', delivery_company_id: 4, city_id: 151184 },
  { id: 9002, name: 'СДЭК на Арбате', address: 'Арбат, 10', delivery_company_id: 7, city_id: 151184 },
  { id: 9101, name: 'СДЭК на Невском', address: 'Невский проспект, 28', delivery_company_id: 7, city_id: 151185 },
];

/** The tariff the stand-in answers: per type and company, a base plus 12.35 roubles per started kilogram. */
export function tariff(type: 1 | 2 | 3, companyId: number, weightKg: number): number {
  const base = { 1: 150, 2: 300, 3: 120 }[type] + companyId;
  return Math.round((base + 12.35 * Math.ceil(weightKg)) * 100) / 100;
}

const ok = (data: unknown) => ({ status: 200, body: { status: 'ok', message: '', data } });

export interface DDeliveryStandIn extends StandIn {
  /** An error envelope instead of data. */
  errorEnvelope: boolean;
  /** When set, the calculator's data instead of the tariff's (an aggregator that leaves fields out). */
  calculatorAnswer: unknown;
  /** Holds order/create this long, so that concurrent confirms overlap. */
  createDelayMs: number;
  /**
   * How order/create ends: 'refused' records nothing and answers an error envelope, 'failed' records nothing and
   * answers 500; 'late' (past the service's deadline), '500' and 'reset' record the order and then lose the answer.
   */
  createOutcome: 'ok' | 'refused' | 'failed' | 'late' | '500' | 'reset';
  orders: URLSearchParams[];
  /** Per order id: whether it is confirmed (false: a draft). */
  placed: Map<string, boolean>;
  /** The order id of every order/confirm.json call, in order. */
  confirms: string[];
  count(method: string): number;
}

export async function ddeliveryStandIn(): Promise<DDeliveryStandIn> {
  let nextOrder = 5000;
  // The handler reads the switches from the very object handed to the test, which sets them.
  const server = (await standIn(async ({ method, url, body }) => {
    const [, key, ...rest] = url.pathname.split('/');
    if (key !== API_KEY) return { status: 200, body: { status: 'error', message: 'Неверный ключ API', data: null } };
    if (server.errorEnvelope) return { status: 200, body: { status: 'error', message: 'Ошибка расчёта', data: null } };
    const query = url.searchParams;
    switch (`${method} ${rest.join('/')}`) {
      case 'GET list/city.json':
        return ok(CITIES.filter((city) => city.name.toLowerCase().includes((query.get('q') ?? '').toLowerCase())));
      case 'GET list/delivery-point.json':
        // By city (city_id) or one point by its id (id).
        return ok(POINTS.filter((point) => String(query.has('id') ? point.id : point.city_id) === (query.get('id') ?? query.get('city_id'))));
      case 'GET list/delivery-company.json':
        return ok(COMPANIES);
      case 'GET calculator.json': {
        if (server.calculatorAnswer !== undefined) return ok(server.calculatorAnswer);
        const weight = Number(query.get('weight'));
        if (!CITIES.some((city) => String(city.id) === query.get('city_to')) || !(weight > 0)) return ok({});
        // As the aggregator answers: total_price = price_delivery + 0.5 % of the declared value; services by id.
        const commissionKopecks = Math.ceil(Number(query.get('declared_price')) * 100 * 0.005);
        const offers = (type: 1 | 2 | 3, ids: number[]) => ({
          type, type_name: { 1: 'ПВЗ', 2: 'Курьер', 3: 'Почта' }[type],
          delivery: ids.map((id) => {
            const company = COMPANIES.find((candidate) => candidate.id === id)!;
            const totalKopecks = Math.round(tariff(type, id, weight) * 100);
            return {
              delivery_company_id: id, delivery_company_name: company.name, delivery_company_abbr: company.abbr, pickup_company_id: id,
              delivery_days: 3, delivery_date: '21.09.2030', delivery_hold_date: type === 1 ? '27.09.2030' : '-',
              service: { 4: { id: 4, name: 'Осмотр вложения', price: 25, is_check: 1 } }, is_cash: id !== 11,
              price_delivery: (totalKopecks - commissionKopecks) / 100, price_commission_declared: commissionKopecks / 100,
              percent_commission_declared: 0.5, total_price: totalKopecks / 100,
            };
          }),
        });
        return ok({ 1: offers(1, [4, 7]), 2: offers(2, [7]), 3: offers(3, [11]) });
      }
      case 'POST order/create.json': {
        await new Promise((resolve) => setTimeout(resolve, server.createDelayMs));
        const form = new URLSearchParams(body);
        const confirm = form.get('is_confirm');
        if (confirm !== '0' && confirm !== '1') return { status: 200, body: { status: 'error', message: 'is_confirm: 0 или 1', data: null } };
        if (server.createOutcome === 'refused') return { status: 200, body: { status: 'error', message: 'Заказ не создан', data: null } };
        if (server.createOutcome === 'failed') return { status: 500, body: { status: 'error', message: 'Internal error', data: null } };
        server.orders.push(form);
        nextOrder += 1;
        server.placed.set(String(nextOrder), confirm === '1');
        if (server.createOutcome === 'reset') return 'reset';
        if (server.createOutcome === '500') return { status: 500, body: { status: 'error', message: 'Internal error', data: null } };
        if (server.createOutcome === 'late') await new Promise((resolve) => setTimeout(resolve, 1500));
        return ok({ order_id: nextOrder });
      }
      case 'GET order/list.json': {
        const ids = [...server.placed.keys()];
        return ok(server.orders.map((form, index) => ({ order_id: Number(ids[index]), shop_refnum: form.get('shop_refnum'), is_confirm: server.placed.get(ids[index]) ? 1 : 0 }))
          .filter((order) => order.shop_refnum === query.get('shop_refnum')));
      }
      case 'POST order/confirm.json': {
        const orderId = new URLSearchParams(body).get('order_id') ?? '';
        server.confirms.push(orderId);
        if (!server.placed.has(orderId)) return { status: 200, body: { status: 'error', message: 'Заказ не найден', data: null } };
        server.placed.set(orderId, true);
        return ok({ order_id: Number(orderId) });
      }
      default:
        return { status: 404, body: { status: 'error', message: 'Unknown method', data: null } };
    }
  })) as DDeliveryStandIn;
  server.errorEnvelope = false;
  server.calculatorAnswer = undefined;
  server.createDelayMs = 0;
  server.createOutcome = 'ok';
  server.orders = [];
  server.placed = new Map();
  server.confirms = [];
  server.count = (method) => server.exchanges.filter((exchange) => exchange.url.pathname.endsWith(`/${method}`)).length;
  return server;
}
