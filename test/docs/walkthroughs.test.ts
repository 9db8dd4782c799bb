// The documented walkthroughs run as written: README.md's quick start, docs/demo-walkthrough.md and the command
// blocks of docs/api.md, in order, with bash (and node for the js ones) against a demo started as `npm run demo` starts
// it, on a free port and a temporary DATA_DIR. Each block must exit 0 and show what the document says it shows.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { describeOnEmbeddedRunOnly } from '../helpers/database';
import { BINARY } from '../helpers/process';
import { type Block, commandBlocks, httpErrorsOf, runNodeBlock, runShellBlock } from './blocks';

const ROOT = path.join(__dirname, '..', '..');
// Generous: a block that runs `npm run photobook` twice starts two processes, slow on a machine busy with other tests.
const BLOCK_TIMEOUT_MS = 120_000;

const DOCUMENTS: Block[] = [
  ...commandBlocks(path.join(ROOT, 'README.md'), 'README.md', 'Quick start'),
  ...commandBlocks(path.join(ROOT, 'docs', 'api.md'), 'docs/api.md'),
  ...commandBlocks(path.join(ROOT, 'docs', 'operations.md'), 'docs/operations.md'),
  // Last: it ends by starting over (the demo's data folder removed).
  ...commandBlocks(path.join(ROOT, 'docs', 'demo-walkthrough.md'), 'docs/demo-walkthrough.md'),
];

// What a block's output must show where the document says what it prints, by document, heading and order in it.
const SHOWS: Record<string, RegExp[][]> = {
  'README.md#Quick start': [[/"email":"shopper@example.com"/], [/user anna@example.com has id \d+/, /^eyJ[\w-]+\.[\w-]+\.[\w-]+$/m]],
  'docs/demo-walkthrough.md#Before you start': [[/"email":"shopper@example.com","name":"Demo Shopper"/]],
  'docs/demo-walkthrough.md#Logging in': [[/"email":"admin@example.com".*"role":"admin"/]],
  'docs/demo-walkthrough.md#Watching the reactions in the demo': [[/"id":42.*"id":41/, /"count":5/, /"element_type":"FRONT_COVER_BACKGROUND"/, /\.eml$/m]],
  'docs/demo-walkthrough.md#From cart to paid with `npm run demo`': [[/"status":"ok"/, /pay\/sandbox\//, /PAID$/m], [/^\d+ PAID\n\d+ PAID$/m]],
  'docs/demo-walkthrough.md#Print files of a paid set': [[/"download_url"/, /%PDF-/]],
  'docs/demo-walkthrough.md#Walk an order set with `npm run demo`': [[
    /This field is required when the status is SHIPPED/, /"status":"DELIVERED"/, /"refund":\{"status":"succeeded"/, /"tracking_number":"CDEK-1029384756"/,
  ]],
  'docs/api.md#The visitor\'s start (`POST /auth/autoreg/`)': [[/^\{"token":"eyJ/]],
  'docs/api.md#The editing channel (Socket.IO)': [[/page 1 has scheme \d+, version 1 \(was 0\)/]],
  'docs/api.md#The editing channel over a plain WebSocket': [[/response_data: \{ data: \[\] \}/, /page 1 has scheme \d+, version 2 \(was 1\)/]],
};

// The 4xx and 5xx answers a block's curl calls get where the document shows a refusal, by the same keys as SHOWS;
// every other block must get none (curl -s exits 0 on a 404, so a wrong path would otherwise pass unseen).
const HTTP_ERRORS: Record<string, string[][]> = {
  'docs/demo-walkthrough.md#Walk an order set with `npm run demo`': [['400']],
};

/** The environment of a reader's terminal: no test settings, the demo's port and data folder. */
function readerEnvironment(extra: Record<string, string>): NodeJS.ProcessEnv {
  const { NODE_ENV: _node, DATABASE_URL: _url, TEST_DATABASE_URL: _test, TEST_MEDIA_STORAGE: _media, ...rest } = process.env;
  return { ...rest, ...extra };
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describeOnEmbeddedRunOnly('the documented walkthroughs, run against npm run demo', function () {
  this.timeout(900_000);
  let dataDir: string;
  let stateDir: string;
  let env: NodeJS.ProcessEnv;
  let demo: ChildProcess | undefined;
  let demoOutput = '';

  /** Starts the demo as `npm run demo` does (tsx src/main.ts demo), and waits until /readyz answers 200. */
  async function startDemo(): Promise<void> {
    demoOutput = '';
    demo = spawn(process.execPath, [BINARY, 'demo'], { cwd: ROOT, env: { ...env, LOG_LEVEL: 'warn' }, stdio: ['ignore', 'pipe', 'pipe'] });
    demo.stdout!.on('data', (chunk: Buffer) => (demoOutput += chunk.toString()));
    demo.stderr!.on('data', (chunk: Buffer) => (demoOutput += chunk.toString()));
    for (;;) {
      if (demo.exitCode !== null) throw new Error(`the demo exited ${demo.exitCode}: ${demoOutput}`);
      const ready = await fetch(`http://127.0.0.1:${env.PORT}/readyz`).then((response) => response.ok, () => false);
      if (ready) return;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  /** Ctrl-C, as the documents say; the demo stops cleanly. */
  async function stopDemo(): Promise<void> {
    const running = demo;
    demo = undefined;
    if (!running || running.exitCode !== null) return;
    const code = await new Promise((resolve) => {
      running.once('exit', resolve);
      running.kill('SIGINT');
    });
    expect(code, demoOutput).to.equal(0);
  }

  before(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'photobook-docs-'));
    stateDir = mkdtempSync(path.join(os.tmpdir(), 'photobook-docs-shell-'));
    env = readerEnvironment({ PORT: String(await freePort()), DATA_DIR: dataDir });
    await startDemo();
    // What the reader pastes from the line the demo printed.
    const shopper = /^demo shopper shopper@example\.com: layout (\S+), token (\S+)$/m.exec(demoOutput);
    expect(shopper, demoOutput).to.not.equal(null);
    env = { ...env, LAYOUT: shopper![1], TOKEN: shopper![2] };
  });

  after(async () => {
    await stopDemo();
    // The embedded backup of docs/operations.md is a copy beside the data folder.
    const backups = readdirSync(path.dirname(dataDir)).filter((name) => name.startsWith(`${path.basename(dataDir)}.backup-`));
    for (const folder of [dataDir, stateDir, ...backups.map((name) => path.join(path.dirname(dataDir), name))]) rmSync(folder, { recursive: true, force: true });
  });

  it('marks every block it cannot run with the reason', () => {
    for (const block of DOCUMENTS.filter(({ marker }) => marker.startsWith('skip'))) {
      expect(block.marker, `${block.document}, ${block.heading}`).to.match(/^skip: \S.{9,}/);
    }
    for (const { marker } of DOCUMENTS) expect(marker).to.match(/^$|^demo-stopped$|^skip: /);
  });

  it('runs each document\'s blocks in order, each exiting 0 with the output the document describes', async () => {
    const runnable = DOCUMENTS.filter(({ marker }) => !marker.startsWith('skip'));
    const seen = new Map<string, number>();
    for (const [index, block] of runnable.entries()) {
      const key = `${block.document}#${block.heading}`;
      const nth = seen.get(key) ?? 0;
      seen.set(key, nth + 1);
      if (block.marker === 'demo-stopped') await stopDemo();
      else if (!demo) await startDemo();
      // Each document in a terminal of its own: the variables its blocks set carry over to its next blocks only.
      const stateFile = path.join(stateDir, `${block.document.replace(/\W/g, '-')}.sh`);
      const options = { cwd: ROOT, env, timeoutMs: BLOCK_TIMEOUT_MS };
      const run = block.language === 'js' ? await runNodeBlock(block.code, options) : await runShellBlock(block.code, stateFile, options);
      const where = `${key}, block ${nth + 1} (${index + 1} of ${runnable.length}):\n${block.code}\n--- output:\n${run.output}`;
      expect(run.code, where).to.equal(0);
      for (const shown of SHOWS[key]?.[nth] ?? []) expect(run.output, where).to.match(shown);
      expect(httpErrorsOf(run.output).map((answer) => answer.split(' ')[0]), where).to.deep.equal(HTTP_ERRORS[key]?.[nth] ?? []);
    }
    // Every expectation belongs to a block that ran; the last block started over.
    for (const [key, blocks] of Object.entries(SHOWS)) expect(seen.get(key), key).to.equal(blocks.length);
    expect(existsSync(dataDir)).to.equal(false);
  });
});
