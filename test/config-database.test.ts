// The database connections' configuration: pool sizes by role, and a pooler in transaction mode that needs a direct
// URL for LISTEN (src/config/database.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { ConfigError, loadConfig } from '../src/config';
import { poolRoleOf } from '../src/config/database';

describe('database connections configuration', () => {
  let dataDir: string;
  before(() => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'photobook-config-database-'));
  });
  after(() => rmSync(dataDir, { recursive: true, force: true }));
  const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env });
  const URL_DIRECT = 'postgresql://photobook@127.0.0.1:5432/photobook';
  const URL_POOLER = 'postgresql://photobook@127.0.0.1:6432/photobook';

  it('sizes the pool by the process\'s role, with documented defaults', () => {
    expect(load({ DATABASE_URL: URL_DIRECT }).databaseConnections.poolSizes).to.deep.equal({ serve: 10, worker: 10, command: 4 });
    expect(load({ DATABASE_URL: URL_DIRECT, DATABASE_POOL_SIZE_SERVE: '4', DATABASE_POOL_SIZE_WORKER: '3', DATABASE_POOL_SIZE_COMMAND: '1' })
      .databaseConnections.poolSizes).to.deep.equal({ serve: 4, worker: 3, command: 1 });
    expect(() => load({ DATABASE_POOL_SIZE_SERVE: '0' })).to.throw(ConfigError, 'DATABASE_POOL_SIZE_SERVE');
    expect([poolRoleOf('serve'), poolRoleOf('demo'), poolRoleOf('worker'), poolRoleOf('migrate'), poolRoleOf(undefined)])
      .to.deep.equal(['serve', 'serve', 'worker', 'command', 'command']);
  });

  it('refuses a pooler in transaction mode without a direct URL for LISTEN, and takes one with it', () => {
    expect(() => load({ DATABASE_URL: URL_POOLER, DATABASE_POOLER: 'transaction' })).to.throw(ConfigError, 'DATABASE_LISTEN_URL');
    expect(load({ DATABASE_URL: URL_POOLER, DATABASE_POOLER: 'transaction', DATABASE_LISTEN_URL: URL_DIRECT }).databaseConnections)
      .to.include({ pooler: 'transaction', listenUrl: URL_DIRECT });
    expect(load({ DATABASE_URL: URL_DIRECT }).databaseConnections).to.include({ pooler: undefined, listenUrl: undefined });
    expect(() => load({ DATABASE_POOLER: 'session' })).to.throw(ConfigError, 'DATABASE_POOLER');
  });
});
