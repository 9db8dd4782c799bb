// JSON logs (pino). Authorization headers and tokens are never logged: requests are logged field by field.
import pino, { type DestinationStream, type Logger } from 'pino';
import type { Config } from './config';

/** destination: where the lines go (standard output unless given). */
export function createLogger(config: Pick<Config, 'logLevel'>, destination?: DestinationStream): Logger {
  const options = { level: config.logLevel, base: { service: 'photobook' } };
  return destination ? pino(options, destination) : pino(options);
}
