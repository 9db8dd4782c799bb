// The contract of the render-previews job, handled in jobs/render-previews.ts: its name, its payload's schema and type, its retries.
import { defineJobContract } from '../queue/job';

export interface RenderPreviewsPayload {
  productId: number;
}

export const renderPreviews = defineJobContract<RenderPreviewsPayload>({
  name: 'render-previews',
  // Drawing one cover takes about a second; twenty leaves room for a loaded machine.
  expireInSeconds: 20,
  // Twice the previews a process draws at once (PREVIEWS_DRAWN_AT_ONCE): the jobs beyond those read their source and
  // set their result meanwhile. With only as many jobs as drawings, each drawing place sat idle for every preview's
  // database round trips (0.60-0.66 of sharp alone's rate; 0.67-0.83 with these).
  atOnce: 4,
  // A product without its picture in the gallery: retried through a storage outage of hours (at least 5.7 h); the
  // first retry soon (5-10 s), since a killed worker's previews wait for it after their expiry.
  retry: { limit: 12, delaySeconds: 5, backoff: true },
  payloadSchema: {
    type: 'object',
    required: ['productId'],
    properties: { productId: { type: 'integer', minimum: 1 } },
    additionalProperties: false,
  },
});
