// The typed registry of background jobs: every job the service enqueues or handles is listed here once.
import type { JobRegistry } from '../queue/queue';
import type { JobHandler } from './job-context';
import { deleteStoredFiles } from './delete-stored-files';
import { generateProducts } from './generate-products';
import { orderPaid } from './order-paid';
import { pollPrintPartner } from './poll-print-partner';
import { processPhoto } from './process-photo';
import { purgeExpiredRecords } from './purge-expired-records';
import { reconcilePayments } from './reconcile-payments';
import { renderPreviews } from './render-previews';
import { renderPrintFiles } from './render-print-files';
import { restartStrandedWork } from './restart-stranded-work';
import { sendOrderStatusEmail } from './send-order-status-email';
import { sendToPrintPartner } from './send-to-print-partner';
import { sendThemeEmail } from './send-theme-email';
import { sweepUnnamedFiles } from './sweep-unnamed-files';

export { pollPrintPartner, sendToPrintPartner };
export { deleteStoredFiles, generateProducts, orderPaid, processPhoto, purgeExpiredRecords, reconcilePayments, renderPreviews, renderPrintFiles, restartStrandedWork, sendOrderStatusEmail, sendThemeEmail, sweepUnnamedFiles };

export const jobRegistry: JobRegistry = [
  renderPreviews, generateProducts, sendThemeEmail, orderPaid, renderPrintFiles, sendOrderStatusEmail, purgeExpiredRecords,
  reconcilePayments, deleteStoredFiles, sweepUnnamedFiles, processPhoto, restartStrandedWork,
  sendToPrintPartner, pollPrintPartner,
] satisfies JobHandler<never>[] as JobRegistry;
