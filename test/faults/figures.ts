// What a fault scenario measured, for the table of docs/faults.md: printed when the scenarios run through
// `npm run faults` (FAULTS_REPORT names the file the rows are appended to), never asserted.
import { appendFileSync } from 'node:fs';

export function recordFigures(scenario: string, measured: Record<string, unknown>): void {
  const file = process.env.FAULTS_REPORT;
  if (file) appendFileSync(file, `${JSON.stringify({ scenario, ...measured })}\n`);
}
