// The database connections of a process: its pool's size by role, and whether it goes through a pooler (whose URL then
// cannot carry LISTEN). docs/operations.md, "Sizing", explains the budget these make: processes x (pool + 1).
import type { PoolRole } from '../db/open';
import { ConfigError, type Env, integer, oneOf, urlValue } from './values';
import { VARIABLES } from './variables';

const { DATABASE_POOL_SIZE_SERVE, DATABASE_POOL_SIZE_WORKER, DATABASE_POOL_SIZE_COMMAND, DATABASE_POOLER, DATABASE_LISTEN_URL } = VARIABLES;

/** What a process is, for its pool's size (declared where the database is opened). */
export type { PoolRole };

export interface DatabaseConnectionsConfig {
  poolSizes: Readonly<Record<PoolRole, number>>;
  /** 'transaction': DATABASE_URL is a pooler in transaction mode. */
  pooler: 'transaction' | undefined;
  /** The direct URL for LISTEN; undefined: DATABASE_URL's. */
  listenUrl: string | undefined;
}

/** The role of a command by its name. */
export function poolRoleOf(command: string | undefined): PoolRole {
  if (command === 'serve' || command === 'demo') return 'serve';
  return command === 'worker' ? 'worker' : 'command';
}

export function databaseConnectionsConfig(env: Env, databaseUrl: string | undefined): DatabaseConnectionsConfig {
  const pooler = oneOf(env, DATABASE_POOLER) === 'transaction' ? 'transaction' : undefined;
  const listenUrl = urlValue(env, DATABASE_LISTEN_URL);
  // Through a pooler in transaction mode LISTEN would be accepted and then deliver nothing: refused rather than silent.
  if (databaseUrl && pooler && !listenUrl) {
    throw new ConfigError('DATABASE_LISTEN_URL (the database reached directly, for LISTEN) is required when DATABASE_POOLER=transaction');
  }
  return {
    poolSizes: Object.freeze({
      serve: integer(env, DATABASE_POOL_SIZE_SERVE),
      worker: integer(env, DATABASE_POOL_SIZE_WORKER),
      command: integer(env, DATABASE_POOL_SIZE_COMMAND),
    }),
    pooler,
    listenUrl,
  };
}
