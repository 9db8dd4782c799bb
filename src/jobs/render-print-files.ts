// The contract of the render-print-files job, handled in jobs/render-print-files.ts: its name, its payload's schema and type, its retries.
import { defineJobContract } from '../queue/job';

export interface RenderPrintFilesPayload {
  orderSetId: number;
}

export const renderPrintFiles = defineJobContract<RenderPrintFilesPayload>({
  name: 'render-print-files',
  payloadSchema: {
    type: 'object',
    required: ['orderSetId'],
    properties: { orderSetId: { type: 'integer', minimum: 1 } },
    additionalProperties: false,
  },
  // About 0.6 s a page at 300 dpi on two cores: ten minutes leave room for books of several hundred pages.
  expireInSeconds: 600,
  // A paid set without print files cannot be produced: retried through a storage outage of hours (at least 8.5 h,
  // the last wait 4.3 to 8.5 h); past that an administrator re-runs it (POST /api/admin/jobs/<id>/retry/).
  retry: { limit: 10, delaySeconds: 30, backoff: true },
});
