// `npm run faults`: runs the fault scenarios of test/faults (real processes, real cuts) on the local PostgreSQL server
// and prints what each measured, as the table of docs/faults.md. The tests assert behaviour; the figures are here.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.join(__dirname, '..');
const report = path.join(mkdtempSync(path.join(os.tmpdir(), 'photobook-faults-')), 'figures.jsonl');
const mochaArgs = ['mocha', '--no-config', '--require', 'tsx/cjs', '--require', 'test/helpers/root-hooks.ts', '--extension', 'ts',
  '--timeout', '120000', '--reporter', 'dot'];
const run = (files: string[], databaseUrl: string) => spawnSync('npx', [...mochaArgs, ...files], {
  cwd: root, stdio: 'inherit', env: { ...process.env, FAULTS_REPORT: report, TEST_DATABASE_URL: databaseUrl },
});
const onServer = run([
  'test/faults/*.test.ts',
  // The scenarios that live beside the code they exercise: a killed worker, providers that act and do not answer, an
  // object store whose bodies stall or are cut.
  'test/queue/worker-killed.test.ts', 'test/delivery/lost-answer.test.ts', 'test/payments/sandbox-faults.test.ts',
  'test/media/s3-body-faults.test.ts', 'test/payments/reconcile.test.ts', 'test/media/orphans.test.ts',
], process.env.BENCH_ADMIN_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres');
// The embedded database's own faults (a kill, a full disk) run without a server.
const embedded = run(['test/faults/embedded-kill.test.ts', 'test/faults/disk-full.test.ts'], '');
const rows = readFileSync(report, 'utf8').trim().split('\n').filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>);
process.stdout.write('\n| scenario | measured |\n| --- | --- |\n');
for (const { scenario, ...measured } of rows) {
  const figures = Object.entries(measured).map(([name, value]) => `${name.replace(/_/g, ' ')}: ${Array.isArray(value) ? value.join(', ') : String(value)}`);
  process.stdout.write(`| ${String(scenario)} | ${figures.join('; ')} |\n`);
}
rmSync(path.dirname(report), { recursive: true, force: true });
process.exit(onServer.status === 0 && embedded.status === 0 ? 0 : 1);
