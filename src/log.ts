// Logs through pino: JSON lines for machines, readable lines on a terminal. Authorization headers and tokens are
// never logged: requests are logged field by field.
import pino, { type DestinationStream, type Logger } from 'pino';
import pretty from 'pino-pretty';
import type { Config } from './config';

/** destination: where the JSON lines go instead of standard output (tests read them there). */
export function createLogger(
  config: Pick<Config, 'logLevel'> & Partial<Pick<Config, 'logFormat'>>, destination?: DestinationStream,
): Logger {
  const options = { level: config.logLevel, base: { service: 'photobook' } };
  if (destination) return pino(options, destination);
  const format = config.logFormat ?? 'auto';
  if (format === 'pretty' || (format === 'auto' && process.stdout.isTTY)) {
    // Synchronous, in this thread: a worker-thread transport could lose the last lines of a command that exits.
    return pino(options, pretty({ sync: true, colorize: process.stdout.isTTY === true, ignore: 'service,pid,hostname' }));
  }
  return pino(options);
}
