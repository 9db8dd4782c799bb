// The typed registry of background jobs: every job the service enqueues or handles is listed here once.
import type { JobRegistry } from '../src/queue/queue';
import { orderPaid } from './order-paid';
import { renderPreviews } from './render-previews';

export { orderPaid, renderPreviews };

export const jobRegistry: JobRegistry = [renderPreviews, orderPaid] as JobRegistry;
