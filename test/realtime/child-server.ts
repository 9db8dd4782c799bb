// `photobook serve` in a child process on a given database: a second process of the service.
import type { ChildProcess } from 'node:child_process';
import { spawnPhotobook } from '../helpers/process';

export interface ChildServer {
  url: string;
  stop(): Promise<void>;
}

export async function startChildServer(env: Record<string, string>): Promise<ChildServer> {
  const child: ChildProcess = spawnPhotobook(['serve'], { PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', WORKER: '0', ...env });
  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /"port":(\d+).*"msg":"listening"/.exec(output);
      if (match) resolve(Number(match[1]));
    });
    child.stderr!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', (code) => reject(new Error(`exited ${code} before listening: ${output}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () => new Promise((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    }),
  };
}
