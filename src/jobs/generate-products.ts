// The contract of the generate-products job, handled in jobs/generate-products.ts: its name, its payload's schema and type, its retries.
import { defineJobContract } from '../queue/job';

export interface GenerateProductsPayload {
  themeId: number;
}

export const generateProducts = defineJobContract<GenerateProductsPayload>({
  name: 'generate-products',
  // One transaction of a few products and their layouts: seconds.
  expireInSeconds: 60,
  // An approved theme without products: retried through a database outage of hours (at least 2.8 h), the first
  // retry soon (5-10 s).
  retry: { limit: 11, delaySeconds: 5, backoff: true },
  payloadSchema: {
    type: 'object',
    required: ['themeId'],
    properties: { themeId: { type: 'integer', minimum: 1 } },
    additionalProperties: false,
  },
});
