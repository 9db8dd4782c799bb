// The command line: photobook serve | demo | worker | migrate | seed | create-admin | create-user | issue-token ...
import { FixtureError } from './catalog/fixtures';
import { COMMANDS, helpText, UsageError } from './cli/commands';
import { ConfigError, loadConfig } from './config';
import { DataFolderError, prepareDataFolder } from './data-folder';
import { DataFolderLockedError } from './db/data-folder-lock';
import { createLogger } from './log';
import { checkPortAvailable, PortUnavailableError } from './port-availability';
import { openRuntime } from './runtime';
import { stopWithin } from './shutdown';

async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  // Own properties only: `photobook toString` is an unknown command, not Object.prototype's.
  const command = name && Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!command) {
    if (!name || ['--help', '-h', 'help'].includes(name)) {
      process.stdout.write(`${helpText()}\n`);
      return 0;
    }
    process.stderr.write(`photobook: unknown command "${name}"\n\n${helpText()}\n`);
    return 2;
  }
  if (args.includes('--help') || args.includes('-h')) {
    process.stdout.write(`${command.summary}\n\nUsage: ${command.usage}\n`);
    return 0;
  }
  const environment = loadConfig();
  const config = command.configure?.(environment) ?? environment;
  // Checked before the database is opened, so a start that cannot succeed changes nothing.
  if (command.listens) await checkPortAvailable(config.host, config.port);
  prepareDataFolder(config.dataDir);
  const log = createLogger(config);
  // A long-running command hears a stop signal from before it starts: one that came after it said it was ready but
  // before it returned would otherwise end the process without its clean stop.
  const stopSignal = command.longRunning ? firstStopSignal() : undefined;
  const runtime = await openRuntime(config, log);
  let stop: void | ((deadlineAt: number) => Promise<boolean>);
  try {
    stop = await command.run(runtime, args);
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

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    const oneLine = [ConfigError, UsageError, FixtureError, DataFolderLockedError, DataFolderError, PortUnavailableError];
    if (oneLine.some((kind) => error instanceof kind)) {
      process.stderr.write(`photobook: ${(error as Error).message}\n`);
      process.exit(2);
    }
    const problem = databaseProblem(error);
    if (problem) {
      process.stderr.write(`photobook: ${problem}\n`);
      process.exit(2);
    }
    process.stderr.write(`photobook: ${(error as Error).stack ?? String(error)}\n`);
    process.exit(1);
  },
);
