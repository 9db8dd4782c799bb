// A real `photobook serve` or `photobook worker` under fault injection: its output is kept, and its exit is watched,
// so a test can tell "survived" from "crashed" and show why.
import type { ChildProcess } from 'node:child_process';
import { spawnPhotobook } from '../helpers/process';

export interface ServiceProcess {
  readonly child: ChildProcess;
  /** The HTTP address of `serve`; empty for `worker`. */
  readonly url: string;
  /** Everything it printed so far (standard output and error). */
  output(): string;
  /** Its exit code (or signal name) once it has exited. */
  readonly exited: Promise<number | string>;
  /** Whether it is still running. */
  running(): boolean;
  /** SIGTERM, then its exit code. */
  stop(): Promise<number | string>;
}

const READY = { serve: /"port":(\d+).*"msg":"listening"/, worker: /"msg":"worker started"/ };

export async function startService(command: 'serve' | 'worker', env: Record<string, string>): Promise<ServiceProcess> {
  const child = spawnPhotobook([command], { PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => { output += chunk.toString(); });
  child.stderr.on('data', (chunk: Buffer) => { output += chunk.toString(); });
  const exited = new Promise<number | string>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')));
  const port = await new Promise<string>((resolve, reject) => {
    const look = () => {
      const match = READY[command].exec(output);
      if (match) resolve(match[1] ?? '');
    };
    child.stdout.on('data', look);
    void exited.then((code) => reject(new Error(`photobook ${command} exited ${code} before it was ready: ${output}`)));
  });
  const running = () => child.exitCode === null && child.signalCode === null;
  return {
    child,
    url: port ? `http://127.0.0.1:${port}` : '',
    output: () => output,
    exited,
    running,
    stop() {
      if (running()) child.kill('SIGTERM');
      return exited;
    },
  };
}
