// Several processes of the service on one PostgreSQL database, as a multi-machine deployment runs them: API
// processes (`photobook serve` with WORKER=0) and a `photobook worker`, all started at the same moment.
import { type ServiceProcess, waitForLogLine, withOutput } from '../helpers/compose';
import { spawnPhotobook } from '../helpers/process';

export interface ApiProcess extends ServiceProcess {
  /** Its own address, bypassing any proxy. */
  url: string;
}

export interface Cluster {
  apis: ApiProcess[];
  worker: ServiceProcess;
  /** SIGTERM to every process still running; resolves once they have exited. */
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
 * env: what every process shares (DATABASE_URL, DATA_DIR or the object storage, JWT_SECRET, PUBLIC_BASE_URL...).
 * Resolves once each API process listens and the worker has started; rejects with the output of one that exited.
 */
export async function startCluster(env: Record<string, string>, apiCount = 2): Promise<Cluster> {
  const shared = { LOG_LEVEL: 'info', HOST: '127.0.0.1', PORT: '0', ...env };
  const apiProcesses = Array.from({ length: apiCount }, () => withOutput(spawnPhotobook(['serve'], { ...shared, WORKER: '0' })));
  const worker = withOutput(spawnPhotobook(['worker'], shared));
  const all = [...apiProcesses, worker];
  const stop = async () => {
    await Promise.all(all.map((service) => stopProcess(service, 'SIGTERM')));
  };
  try {
    const [ports] = await Promise.all([
      Promise.all(apiProcesses.map(async (api) => (await waitForLogLine(api, (line) => line.msg === 'listening')).port as number)),
      waitForLogLine(worker, (line) => line.msg === 'worker started'),
    ]);
    const apis = apiProcesses.map((api, index) => ({ ...api, url: `http://127.0.0.1:${ports[index]}` }));
    return { apis, worker, stop };
  } catch (error) {
    await Promise.all(all.map((service) => stopProcess(service, 'SIGKILL')));
    throw error;
  }
}
