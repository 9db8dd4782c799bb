import { expect } from 'chai';
import { DATABASE_KIND, describeBeyondTheDatabase } from '../helpers/database';
import { formatCounts, runFuzz } from './fuzzer';
import { createFuzzWorld, type FuzzWorld } from './world';

// A seeded sample for CI: the same requests on every run. `npm run fuzz -- --requests 10000` runs the full count.
const REQUESTS_PER_OPERATION = 60;
const SEED = 20261123;

// Its routes, validation and SQL are the same on both databases: CI runs it once, in the server run, where it costs
// far less (on PGlite four fifths of its time is the embedded database's WebAssembly).
describeBeyondTheDatabase(`fuzz over every route of /openapi.json (${DATABASE_KIND})`, function () {
  // About 130 s alone on PGlite on two cores; CI runs it beside three other test processes: up to 15 minutes there
  // before it counts as stalled.
  this.timeout(900_000);
  let world: FuzzWorld;
  before(async () => {
    world = await createFuzzWorld();
  });
  after(() => world.close());

  it(`answers ${REQUESTS_PER_OPERATION} generated requests per operation within the invariants`, async () => {
    const report = await runFuzz(world, { requestsPerOperation: REQUESTS_PER_OPERATION, seed: SEED });
    expect(report.counts.size, 'operations found in /openapi.json').to.be.greaterThan(5);
    expect(report.failures, `${report.failures.slice(0, 15).join('\n')}\n\n${formatCounts(report)}`).to.deep.equal([]);
  });
});
