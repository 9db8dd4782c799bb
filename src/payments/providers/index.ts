// The payment provider the configuration names.
import type { PaymentConfig } from '../../config';
import type { Database } from '../../db/database';
import type { PaymentProvider } from '../provider';
import { createSandboxPaymentProvider, type SandboxPaymentProvider } from './sandbox';
import { createYooKassaProvider } from './yookassa';

export function createPaymentProvider(config: PaymentConfig, db: Database, publicBaseUrl: string): PaymentProvider | SandboxPaymentProvider {
  return config.provider === 'yookassa' ? createYooKassaProvider(config) : createSandboxPaymentProvider(db, publicBaseUrl);
}
