// Every 10 minutes: work whose job ended without doing it (a job completed by pg-boss when the report of its failure
// was cut, before issue 49's fix; a photo or a paid set left so) gets a new job: photos still processing with no job
// waiting or running for them, paid sets with no print files and no job that rendered, waits or failed for them.
import { defineJob } from './job-context';
import { restartStrandedWork as contract } from '../jobs/restart-stranded-work';

export const restartStrandedWork = defineJob(contract, async (_payload, { photos, print, log }) => {
  const report = { photos: await photos.restartStranded(), orderSets: await print.restartStranded() };
  if (report.photos + report.orderSets > 0) log.warn({ job: 'restart-stranded-work', report }, 'stranded work given new jobs');
  return report;
});
