// JSON logs (pino). Authorization headers and tokens are never logged: requests are logged field by field.
import pino, { type Logger } from 'pino';
import type { Config } from './config';

export function createLogger(config: Pick<Config, 'logLevel'>): Logger {
  return pino({ level: config.logLevel, base: { service: 'photobook' } });
}
