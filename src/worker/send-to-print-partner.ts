// When a paid set's hold ends: each of its books goes to the print partner its format is routed to (once: a retry
// sends only what is not yet recorded as sent).
import { defineJob } from './job-context';
import { sendToPrintPartner as contract } from '../jobs/send-to-print-partner';

export const sendToPrintPartner = defineJob(contract, ({ orderSetId }, { printPartner }) => printPartner.sendOrderSet(orderSetId));
