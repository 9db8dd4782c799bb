// npm run fuzz -- [--requests N] [--seed S]: the fuzz over every route, N requests in all (default 10000), spread
// evenly over the operations of /openapi.json; prints the count per route and status, and every failure.
import { parseArgs } from 'node:util';
import { dropTestDatabases } from '../helpers/database';
import { formatCounts, runFuzz } from './fuzzer';
import { createFuzzWorld } from './world';

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { requests: { type: 'string', default: '10000' }, seed: { type: 'string', default: '1' } } });
  const requests = Number(values.requests);
  const seed = Number(values.seed);
  if (!Number.isInteger(requests) || requests < 1 || !Number.isInteger(seed)) throw new Error('--requests and --seed take integers');
  const world = await createFuzzWorld();
  try {
    const operations = Object.values(((await (await fetch(`${world.url}/openapi.json`)).json()) as { paths: Record<string, object> }).paths)
      .reduce((sum: number, item) => sum + Object.keys(item).length, 0);
    const perOperation = Math.ceil(requests / operations);
    const started = Date.now();
    const report = await runFuzz(world, {
      requestsPerOperation: perOperation, seed,
      onProgress: (done, total) => {
        if (done % 500 === 0) process.stderr.write(`${done}/${total}\n`);
      },
    });
    const sent = [...report.counts.values()].flatMap((statuses) => [...statuses.values()]).reduce((sum, count) => sum + count, 0);
    process.stdout.write(`${formatCounts(report)}\n\n${sent} requests to ${operations} operations, seed ${seed}, ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
    for (const failure of report.failures) process.stdout.write(`FAIL ${failure}\n`);
    process.stdout.write(`${report.failures.length} failures\n`);
    return report.failures.length === 0 ? 0 : 1;
  } finally {
    await world.close();
    await dropTestDatabases();
  }
}

main().then((code) => process.exit(code), (error: unknown) => {
  process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
