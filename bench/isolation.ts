// Isolation of the editing channel: while another client holds layout rows locked for HOLD_SECONDS, the other
// layouts' editors keep sending page/set messages, each THINK_MS after its previous ack (90 editors at about 10
// messages a second each, well under the channel's capacity, so that the latency shown is the wait, not a queue of
// the benchmark's own making), and the held layouts' editors keep sending too. Prints the other layouts' ack latency (p50, p99, max) during the hold and, for the held layouts, what
// they were answered and how long each answer took (the editor's lock timeout, EDITING_LOCK_TIMEOUT_MS). Runs with one
// layout held, then with four (more than the editor's transactions that may wait for a lock at once); and with none
// held first, as the baseline. PostgreSQL server only: holding a row
// from another client needs a second connection, which embedded PGlite does not have.
import pg from 'pg';
import type { Socket } from 'socket.io-client';
import { connectEditors, type Editor, percentile, schemeMessage, type Target, withService } from './editing-service';

const LAYOUTS = 10;
const EDITORS_PER_LAYOUT = 10;
const HOLD_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const LOCK_TIMEOUT_MS = 2000;
// Two seconds of the same traffic before the measurement, so that no run measures the service's first messages.
const WARM_UP_MS = 2000;
const THINK_MS = Number(process.env.BENCH_THINK_MS ?? 100);

interface Answers { latencies: number[]; codes: Map<string, number> }

const summary = ({ latencies, codes }: Answers) => {
  const sorted = [...latencies].sort((a, b) => a - b);
  return `${sorted.length} answers (${[...codes].map(([code, count]) => `${code} ${count}`).join(', ')}), `
    + `p50 ${percentile(sorted, 0.5).toFixed(1)} ms, p99 ${percentile(sorted, 0.99).toFixed(1)} ms, max ${(sorted.at(-1) ?? 0).toFixed(1)} ms`;
};

/** Every editor sends, THINK_MS after each ack, until the deadline; `answered` hears of each ack. */
function send(target: Target, sockets: Socket[], deadline: number, answered: (editor: Editor, latency: number, code: string) => void) {
  return Promise.all(sockets.map(async (socket, index) => {
    const editor = target.editors[index];
    for (let turn = index; performance.now() < deadline; turn += 1) {
      const sent = performance.now();
      const ack = await socket.emitWithAck('message', schemeMessage(editor, turn));
      answered(editor, performance.now() - sent, ack.error?.code ?? 'applied');
      await new Promise((resolve) => setTimeout(resolve, THINK_MS));
    }
  }));
}

async function holdAndEdit(target: Target, databaseUrl: string, held: number): Promise<void> {
  const heldLayouts = new Set([...new Set(target.editors.map((editor) => editor.layoutId))].slice(0, held));
  const sockets = await connectEditors(target);
  await send(target, sockets, performance.now() + WARM_UP_MS, () => undefined);
  const holder = new pg.Client({ connectionString: databaseUrl });
  await holder.connect();
  await holder.query('BEGIN');
  await holder.query('SELECT id FROM layouts WHERE id = ANY($1::uuid[]) FOR UPDATE', [[...heldLayouts]]);
  const answers = { free: { latencies: [], codes: new Map() } as Answers, held: { latencies: [], codes: new Map() } as Answers };
  await send(target, sockets, performance.now() + HOLD_SECONDS * 1000, (editor, latency, code) => {
    const bucket = heldLayouts.has(editor.layoutId) ? answers.held : answers.free;
    bucket.latencies.push(latency);
    bucket.codes.set(code, (bucket.codes.get(code) ?? 0) + 1);
  });
  await holder.query('ROLLBACK');
  await holder.end();
  for (const socket of sockets) socket.close();
  console.log(`${held} of ${LAYOUTS} layouts held for ${HOLD_SECONDS} s:`);
  console.log(`  other layouts' editors: ${summary(answers.free)}`);
  if (held > 0) console.log(`  held layouts' editors: ${summary(answers.held)}`);
}

async function main(): Promise<void> {
  console.log(`${LAYOUTS} layouts, ${EDITORS_PER_LAYOUT} editors each, ${THINK_MS} ms between an ack and the next message, EDITING_LOCK_TIMEOUT_MS ${LOCK_TIMEOUT_MS}`);
  for (const held of [0, 1, 4]) {
    await withService('postgres', LAYOUTS, EDITORS_PER_LAYOUT, (target, databaseUrl) => holdAndEdit(target, databaseUrl!, held),
      { EDITING_LOCK_TIMEOUT_MS: String(LOCK_TIMEOUT_MS) });
  }
}

main().then(() => process.exit(0), (error) => {
  console.error(error);
  process.exit(1);
});
