// When an order set is paid: each ordered layout as print-ready PDFs (interior and cover) in the private file area,
// recorded in print_files. Enqueued in the transaction that marks the set PAID; a retry writes the same file names
// and replaces the rows, so a set never has two files of one part of one layout. The result is kept for an operator.
import { defineJob } from './job-context';
import { renderPrintFiles as contract } from '../jobs/render-print-files';

export const renderPrintFiles = defineJob(contract, ({ orderSetId }, { print }) => print.renderOrderSet(orderSetId));
