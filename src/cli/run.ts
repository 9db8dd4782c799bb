// Runs one command of the `photobook` binary and says its exit status: src/main.ts runs it on the process's streams
// and environment; tests call it in their own process with theirs.
import type { DestinationStream, Logger } from 'pino';
import { FixtureError } from '../seed/fixtures';
import { ConfigError, type Env, environmentWith, listenAddress, loadConfig } from '../config';
import { poolRoleOf } from '../config/database';
import { DataFolderError, prepareDataFolder } from '../data-folder';
import { DataFolderLockedError } from '../db/data-folder-lock';
import { databaseUnavailable } from '../db/unavailable';
import { diskFull } from '../util/error-causes';
import { createLogger } from '../log';
import { checkPortAvailable, PortUnavailableError } from '../port-availability';
import { openRuntime } from '../runtime';
import { stopWithin } from '../shutdown';
import { removeLeftUploads } from '../http/upload';
import { COMMANDS, type CommandOutput, helpText, UsageError } from './commands';

/** What a command reads and writes besides its arguments; log: where the log goes instead of standard output. */
export interface CommandIO extends CommandOutput {
  env: Env;
  log?: DestinationStream;
}

/** Runs the command argv names; never throws: a failure is a line on stderr and exit status 2 (one line) or 1. */
export function runCommand(argv: string[], io: CommandIO): Promise<number> {
  return run(argv, io).catch((error: unknown) => {
    const oneLine = [ConfigError, UsageError, FixtureError, DataFolderLockedError, DataFolderError, PortUnavailableError];
    if (oneLine.some((kind) => error instanceof kind)) {
      io.stderr.write(`photobook: ${(error as Error).message}\n`);
      return 2;
    }
    const problem = databaseProblem(error);
    if (problem) {
      io.stderr.write(`photobook: ${problem}\n`);
      return 2;
    }
    io.stderr.write(`photobook: ${(error as Error).stack ?? String(error)}\n`);
    return 1;
  });
}

async function run(argv: string[], io: CommandIO): Promise<number> {
  const [name, ...args] = argv;
  // Own properties only: `photobook toString` is an unknown command, not Object.prototype's.
  const command = name && Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!command) {
    if (!name || ['--help', '-h', 'help'].includes(name)) {
      io.stdout.write(`${helpText()}\n`);
      return 0;
    }
    io.stderr.write(`photobook: unknown command "${name}"\n\n${helpText()}\n`);
    return 2;
  }
  if (args.includes('--help') || args.includes('-h')) {
    io.stdout.write(`${command.summary}\n\nUsage: ${command.usage}\n`);
    return 0;
  }
  // Checked before anything is read or written (loadConfig may write a development JWT key, the database is opened
  // after), so a start that cannot succeed changes nothing.
  const env = environmentWith(command.environmentDefaults, io.env);
  if (command.listens) {
    const { host, port } = listenAddress(env);
    await checkPortAvailable(host, port);
  }
  const environment = loadConfig(env);
  const config = command.configure?.(environment) ?? environment;
  prepareDataFolder(config.dataDir);
  const log = createLogger(config, io.log);
  // A long-running command hears a stop signal from before it starts: one that came after it said it was ready but
  // before it returned would otherwise end the process without its clean stop.
  const stopSignal = command.longRunning ? firstStopSignal() : undefined;
  if (command.longRunning) {
    surviveLostDatabaseCalls(log);
    const removed = await removeLeftUploads(config.dataDir);
    if (removed > 0) log.info({ removed }, 'removed the uploads that stopped processes left in DATA_DIR/uploads');
  }
  const runtime = await openRuntime(config, log, undefined, poolRoleOf(name), name);
  let stop: void | ((deadlineAt: number) => Promise<boolean>);
  try {
    if (command.longRunning) await runtime.checkMediaStorage();
    stop = await command.run(runtime, args, io);
  } catch (error) {
    await runtime.close();
    throw error;
  }
  if (!command.longRunning) {
    await runtime.close();
    return 0;
  }
  const shutdown = stop ?? ((deadlineAt: number) => stopWithin(deadlineAt, runtime));
  const signal = await stopSignal!;
  // One deadline for the whole stop, from the signal: exit 0 when everything finished in time, 1 when something
  // had to be cut; the deadline itself ends the process even if something hangs.
  log.info({ signal }, 'shutting down');
  setTimeout(() => {
    log.error('shutdown deadline passed');
    process.exit(1);
  }, config.shutdownTimeoutMs).unref();
  const clean = await shutdown(Date.now() + config.shutdownTimeoutMs).catch((error: unknown) => {
    log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  });
  return clean ? 0 : 1;
}

/**
 * pg-boss 10 records a finished batch without awaiting the call (manager.js, onFetch: `this.complete(...)`), so when
 * the database connection is cut at that moment the rejection has no listener, and Node ends the process. The job's
 * state is safe either way (it was settled one by one, or it expires and is retried), so an outage's rejection is
 * logged and the process lives on (a full disk under the database likewise); any other unhandled rejection still ends
 * it, as a bug should.
 */
function surviveLostDatabaseCalls(log: Logger): void {
  process.on('unhandledRejection', (reason) => {
    const outage = databaseUnavailable(reason) ?? diskFull(reason);
    if (!outage) throw reason;
    log.warn({ cause: outage }, 'a background database call failed during a database outage');
  });
}

/** The first SIGTERM or SIGINT (the same signal again ends the process at once, as without a listener). */
function firstStopSignal(): Promise<string> {
  return new Promise((resolve) => {
    for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => resolve(signal));
  });
}

// The database server cannot be reached or refuses us: a problem of the environment, not of the program.
const UNREACHABLE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH', '28P01', '28000', '3D000']);

function databaseProblem(error: unknown): string | undefined {
  const { code, message } = error as { code?: unknown; message?: unknown };
  return typeof code === 'string' && UNREACHABLE.has(code) ? `cannot use the database of DATABASE_URL: ${String(message)}` : undefined;
}
