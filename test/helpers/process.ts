// Runs the real `photobook` binary as a child process, as an operator would.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';

export const BINARY = path.join(__dirname, '..', '..', 'bin', 'photobook');

/** The child gets no DATABASE_URL unless given: the binary's default is the embedded database. */
function childEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const { DATABASE_URL: _url, TEST_DATABASE_URL: _test, ...rest } = process.env;
  return { ...rest, NODE_ENV: 'test', LOG_LEVEL: 'warn', ...env };
}

export function runPhotobook(args: string[], env: Record<string, string>) {
  const result = spawnSync(process.execPath, [BINARY, ...args], { env: childEnv(env), encoding: 'utf8', timeout: 120_000 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
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
