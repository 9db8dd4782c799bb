// The typed registry of background jobs: every job the service enqueues or handles is listed here once.
import type { JobRegistry } from '../src/queue/queue';
import { generateProducts } from './generate-products';
import { orderPaid } from './order-paid';
import { renderPreviews } from './render-previews';
import { sendOrderStatusEmail } from './send-order-status-email';
import { sendThemeEmail } from './send-theme-email';

export { generateProducts, orderPaid, renderPreviews, sendOrderStatusEmail, sendThemeEmail };

export const jobRegistry: JobRegistry = [renderPreviews, generateProducts, sendThemeEmail, orderPaid, sendOrderStatusEmail] as JobRegistry;
