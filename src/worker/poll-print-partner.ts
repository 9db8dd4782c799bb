// Every 10 minutes: print jobs not heard of for a while are asked of their partner and applied as their webhook
// would have been. Safe to repeat, and to run in any worker: a report older than the recorded one changes nothing.
import { defineJob } from './job-context';
import { pollPrintPartner as contract } from '../jobs/poll-print-partner';

export const pollPrintPartner = defineJob(contract, async (_payload, { printPartner }) => printPartner.poll());
