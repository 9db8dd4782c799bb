// When an order set is paid: the hook for what follows payment (a receipt e-mail, say; print files are a job of
// their own, render-print-files, enqueued beside this one so that a failure of either retries only itself). It
// confirms a delivery that was placed as a draft at the aggregator. Enqueued in the transaction that marks the set
// PAID, so a paid set always has its job, exactly once; a retry repeats only what is not recorded as done.
import { defineJob } from './job-context';
import { orderPaid as contract } from '../jobs/order-paid';

export const orderPaid = defineJob(contract, ({ orderSetId }, { delivery }) => delivery.confirmPaid(orderSetId));
