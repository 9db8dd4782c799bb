// A service wired to the DDelivery and YooKassa stand-ins, with a stocked shop, for the checkout tests.
import request from 'supertest';
import { buildApp } from '../../src/app';
import { createValidator } from '../../src/http/validation';
import { type TestRuntime, testRuntime } from '../helpers/runtime';
import { layoutOf, type Shopper, stockShop } from '../orders/shop';
import { API_KEY, type DDeliveryStandIn, ddeliveryStandIn } from './ddelivery-server';
import { SECRET_KEY, SHOP_ID, type YooKassaStandIn, yookassaStandIn } from './yookassa-server';

export const MOSCOW = 151184;

export interface Checkout {
  runtime: TestRuntime;
  client: ReturnType<typeof request>;
  validator: ReturnType<typeof createValidator>;
  ddelivery: DDeliveryStandIn;
  yookassa: YooKassaStandIn;
  /** A cart of one 20x20 book of 24 pages (1630.00; a 0.586 kg parcel); its order set id. */
  cartOf(who: Shopper, count?: number): Promise<number>;
  rows(text: string, params?: unknown[]): Promise<Record<string, unknown>[]>;
  close(): Promise<void>;
}

/** env: more settings of the service (job retries, say). */
export async function checkout(env: Record<string, string> = {}): Promise<Checkout> {
  const ddelivery = await ddeliveryStandIn();
  const yookassa = await yookassaStandIn();
  const runtime = await testRuntime({
    DELIVERY_PROVIDER: 'ddelivery', DDELIVERY_URL: ddelivery.base, DDELIVERY_API_KEY: API_KEY, DDELIVERY_TIMEOUT_MS: '300',
    PAYMENT_PROVIDER: 'yookassa', YOOKASSA_URL: `${yookassa.base}/v3`, YOOKASSA_SHOP_ID: SHOP_ID, YOOKASSA_SECRET_KEY: SECRET_KEY,
    YOOKASSA_TIMEOUT_MS: '500', PAYMENT_RETURN_URL: 'http://shop.test/order/done/', ...env,
  });
  await stockShop(runtime);
  const client = request(buildApp(runtime).callback());
  return {
    runtime, client, ddelivery, yookassa, validator: createValidator(runtime.schemas),
    async cartOf(who, count = 1) {
      const layout = await layoutOf(runtime, who.id, 2, 24);
      const response = await client.post('/api/merch/order/').set('Authorization', who.auth).send({ layout_id: layout, count });
      if (response.status !== 201) throw new Error(`cart: ${response.status} ${JSON.stringify(response.body)}`);
      return response.body.orderset_id as number;
    },
    rows: async (text, params = []) => (await runtime.db.sql.query(text, params)).rows,
    async close() {
      await runtime.dispose();
      await ddelivery.close();
      await yookassa.close();
    },
  };
}

// As the shop's front end sends a recipient without a patronymic.
/** The Moscow date that many days from now, DD.MM.YYYY (Moscow is UTC+3 all year). */
export function moscowDateIn(days: number): string {
  const moscowToday = Math.floor((Date.now() + 3 * 3600e3) / 86400e3);
  return new Date((moscowToday + days) * 86400e3).toISOString().slice(0, 10).split('-').reverse().join('.');
}

export const recipient = { fio_name: 'Анна', fio_surname: 'Петрова', fio_fathername: '', to_phone: '+79161234567', to_email: 'anna@example.com' };

export const courier = (extra: Record<string, unknown> = {}) => ({
  type: 'COURIER', delivery_company_id: '7', pickup_company_id: 7, to_city_id: MOSCOW, to_street: 'Тверская',
  to_house: '1', to_flat: '5', to_postal_code: '125009', ...recipient, ...extra,
});
