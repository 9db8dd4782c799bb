// The aggregator the configuration names.
import type { DeliveryConfig } from '../../config';
import type { DeliveryProvider } from '../provider';
import { createDDeliveryProvider } from './ddelivery';
import { createSandboxDeliveryProvider } from './sandbox';

export function createDeliveryProvider(config: DeliveryConfig): DeliveryProvider {
  return config.provider === 'ddelivery' ? createDDeliveryProvider(config) : createSandboxDeliveryProvider();
}
