// The real `photobook` binary for benchmarks: one command run to its end, or `serve` in a child process.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import path from 'node:path';

const BINARY = path.join(__dirname, '..', 'bin', 'photobook');

/** Runs a command to its end; its standard output, trimmed. */
export function photobook(args: string[], env: Record<string, string>): string {
  const result = spawnSync(process.execPath, [BINARY, ...args], { env: { ...process.env, ...env, LOG_LEVEL: 'warn' }, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`photobook ${args.join(' ')}: ${result.stderr}`);
  return result.stdout.trim();
}

/**
 * `photobook serve` on a free port of 127.0.0.1, resolved once it listens. BENCH_CPU_PROF=<dir>: it writes a
 * .cpuprofile there when it exits.
 */
export function serve(env: Record<string, string>): Promise<{ child: ChildProcess; url: string }> {
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const child = spawn(process.execPath, [...profile, BINARY, 'serve'], { env: { ...process.env, ...env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info' }, stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /"port":(\d+).*"msg":"listening"/.exec(output);
      if (match) resolve({ child, url: `http://127.0.0.1:${match[1]}` });
    });
    child.once('exit', (code) => reject(new Error(`serve exited ${code}: ${output}`)));
  });
}
