// Several processes of the service on one PostgreSQL database, as a multi-machine deployment runs them: API
// processes (`photobook serve` with WORKER=0) and a `photobook worker`, all started at the same moment.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type ServiceProcess, waitForLogLine, withOutput } from '../helpers/compose';
import { spawnPhotobook } from '../helpers/process';

export interface ClusterProcess extends ServiceProcess {
  /** Its DATA_DIR. */
  dataDir: string;
}

export interface ApiProcess extends ClusterProcess {
  /** Its own address, bypassing any proxy. */
  url: string;
}

export interface Cluster {
  apis: ApiProcess[];
  worker: ClusterProcess;
  /** Every worker process (worker is the first). */
  workers: ClusterProcess[];
  /** SIGTERM to every process still running; resolves once they have exited, and removes their DATA_DIRs. */
  stop(): Promise<void>;
}

const running = ({ child }: ServiceProcess) => child.exitCode === null && child.signalCode === null;

function stopProcess(service: ServiceProcess, signal: NodeJS.Signals): Promise<void> {
  if (!running(service)) return Promise.resolve();
  return new Promise((resolve) => {
    service.child.once('exit', () => resolve());
    service.child.kill(signal);
  });
}

/**
 * env: what every process shares (DATABASE_URL, the media storage, JWT_SECRET, PUBLIC_BASE_URL...). Each process gets
 * a DATA_DIR of its own, as each machine has, unless env names one for all. Resolves once each API process listens
 * and the worker has started; rejects with the output of one that exited.
 */
export async function startCluster(env: Record<string, string>, apiCount = 2, workerCount = 1): Promise<Cluster> {
  const shared = { LOG_LEVEL: 'info', HOST: '127.0.0.1', PORT: '0', ...env };
  const ownDataDirs: string[] = [];
  const start = (args: string[], extra: Record<string, string> = {}): ClusterProcess => {
    let dataDir = env.DATA_DIR;
    if (!dataDir) ownDataDirs.push((dataDir = mkdtempSync(path.join(os.tmpdir(), 'photobook-node-'))));
    return { ...withOutput(spawnPhotobook(args, { ...shared, DATA_DIR: dataDir, ...extra })), dataDir };
  };
  const apiProcesses = Array.from({ length: apiCount }, () => start(['serve'], { WORKER: '0' }));
  const workers = Array.from({ length: workerCount }, () => start(['worker']));
  const all = [...apiProcesses, ...workers];
  const stop = async () => {
    await Promise.all(all.map((service) => stopProcess(service, 'SIGTERM')));
    for (const dataDir of ownDataDirs) rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const [ports] = await Promise.all([
      Promise.all(apiProcesses.map(async (api) => (await waitForLogLine(api, (line) => line.msg === 'listening')).port as number)),
      ...workers.map((worker) => waitForLogLine(worker, (line) => line.msg === 'worker started')),
    ]);
    const apis = apiProcesses.map((api, index) => ({ ...api, url: `http://127.0.0.1:${ports[index]}` }));
    return { apis, worker: workers[0], workers, stop };
  } catch (error) {
    await Promise.all(all.map((service) => stopProcess(service, 'SIGKILL')));
    await stop();
    throw error;
  }
}
