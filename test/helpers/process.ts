// Runs the real `photobook` binary as a child process, as an operator would; or one of its commands in this process,
// which is the same code without the start of a process (what only a process shows stays with the child: exit
// statuses, signals, the data folder's lock between processes, the log on a terminal).
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { Writable } from 'node:stream';
import { runCommand } from '../../src/cli/run';
import { TEST_DATABASE_URL } from './database';
import { withPoolerSettings } from './test-pooler';

export const BINARY = path.join(__dirname, '..', '..', 'bin', 'photobook');

/** The child gets no DATABASE_URL unless given: the binary's default is the embedded database. */
function childEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const { DATABASE_URL: _url, TEST_DATABASE_URL: _test, ...rest } = process.env;
  // A DATABASE_URL on the run's pooler (TEST_POOLER_URL) comes with the pooler's settings.
  return { ...rest, NODE_ENV: 'test', LOG_LEVEL: 'warn', ...withPoolerSettings(env, TEST_DATABASE_URL) };
}

export function runPhotobook(args: string[], env: Record<string, string>) {
  const result = spawnSync(process.execPath, [BINARY, ...args], { env: childEnv(env), encoding: 'utf8', timeout: 120_000 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** A stream that keeps what is written to it, as a pipe to a parent process would. */
function capture(): Writable & { text(): string } {
  let text = '';
  const stream = new Writable({
    decodeStrings: false,
    write(chunk: string | Buffer, _encoding, done) {
      text += chunk.toString();
      done();
    },
  });
  return Object.assign(stream, { text: () => text });
}

/** The command as runPhotobook runs it, in this process: its exit status, and its output (the log on stdout). */
export async function runPhotobookInProcess(args: string[], env: Record<string, string>) {
  const stdout = capture();
  const stderr = capture();
  const status = await runCommand(args, { env: childEnv(env), stdout, stderr, log: stdout });
  return { status, stdout: stdout.text(), stderr: stderr.text() };
}

export function spawnPhotobook(args: string[], env: Record<string, string>) {
  return spawn(process.execPath, [BINARY, ...args], { env: childEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
}

/** Runs the binary with a terminal as its standard output (through util-linux `script`), as an operator would. */
export function runPhotobookInTerminal(args: string[], env: Record<string, string>) {
  const command = [process.execPath, BINARY, ...args].map((part) => `'${part.replace(/'/g, "'\\''")}'`).join(' ');
  const result = spawnSync('script', ['-qec', command, '/dev/null'], { env: childEnv(env), encoding: 'utf8', timeout: 120_000 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}
