import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { ConfigError, loadConfig } from '../src/config';

/** The error loadConfig throws for this environment in dataDir, or undefined. */
function configErrorOf(dataDir: string, env: Record<string, string>): Error | undefined {
  try {
    loadConfig({ DATA_DIR: dataDir, ...env });
  } catch (caught) {
    return caught as Error;
  }
  return undefined;
}

describe('configuration', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'photobook-config-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('has defaults for a local run and is frozen', () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config.port).to.equal(8000);
    expect(config.databaseUrl).to.equal(undefined);
    expect(config.publicBaseUrl).to.equal('http://localhost:8000');
    expect(config.runWorker).to.equal(true);
    expect(config.logLevel).to.equal('info');
    expect(Object.isFrozen(config)).to.equal(true);
  });

  it('generates a JWT secret once outside production and keeps it in DATA_DIR', () => {
    const first = loadConfig({ DATA_DIR: dataDir });
    expect(first.jwtSecret.length).to.be.greaterThan(40);
    expect(readFileSync(path.join(dataDir, 'jwt-secret'), 'utf8').trim()).to.equal(first.jwtSecret);
    expect(loadConfig({ DATA_DIR: dataDir }).jwtSecret).to.equal(first.jwtSecret);
  });

  it('requires JWT_SECRET in production and writes no file', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir })).to.throw(ConfigError, 'JWT_SECRET is required');
    expect(existsSync(path.join(dataDir, 'jwt-secret'))).to.equal(false);
  });

  const bad: Record<string, Record<string, string>> = {
    'a port that is not a number': { PORT: 'eighty' },
    'a port out of range': { PORT: '70000' },
    'an unknown log level': { LOG_LEVEL: 'loud' },
    'a database URL of another kind': { DATABASE_URL: 'mysql://localhost/x' },
    'a public base URL that is not a URL': { PUBLIC_BASE_URL: 'example.com' },
    'a short JWT secret': { JWT_SECRET: 'short' },
    'a WORKER that is not a flag': { WORKER: 'maybe' },
    'an unknown NODE_ENV': { NODE_ENV: 'staging' },
    'a wildcard CORS origin': { CORS_ORIGINS: '*' },
    'a CORS origin with a path': { CORS_ORIGINS: 'https://shop.example, https://front.example/app' },
    'a CORS origin without a scheme': { CORS_ORIGINS: 'shop.example' },
  };
  for (const [name, env] of Object.entries(bad)) {
    it(`stops with one clear line for ${name}`, () => {
      const error = configErrorOf(dataDir, env);
      expect(error).to.be.instanceOf(ConfigError);
      expect(error!.message).to.include(Object.keys(env)[0]);
      expect(error!.message).not.to.include('\n');
    });
  }

  it('turns the sandbox login on by default only outside production on a HOST no other machine reaches', () => {
    const sandboxOf = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(32), ...env }).sandboxLogin;
    // HOST's default, 0.0.0.0, is every address of the machine.
    expect(loadConfig({ DATA_DIR: dataDir }).host).to.equal('0.0.0.0');
    for (const host of ['0.0.0.0', '::', '192.168.1.20', 'shop.example', '127.0.0.1.example']) {
      expect(sandboxOf({ HOST: host }), host).to.deep.equal({ enabled: false, roleChoice: false });
    }
    for (const host of ['127.0.0.1', '127.0.0.2', 'localhost', '::1', '[::1]', '::ffff:127.0.0.1']) {
      expect(sandboxOf({ HOST: host }), host).to.deep.equal({ enabled: true, roleChoice: true });
    }
    // SANDBOX_LOGIN decides when it is set (the start then warns, see test/server.test.ts).
    expect(sandboxOf({ HOST: '0.0.0.0', SANDBOX_LOGIN: '1' })).to.deep.equal({ enabled: true, roleChoice: true });
    expect(sandboxOf({ HOST: '127.0.0.1', SANDBOX_LOGIN: '0' })).to.deep.equal({ enabled: false, roleChoice: false });
    const production = { NODE_ENV: 'production', DELIVERY_PROVIDER: 'sandbox', PAYMENT_PROVIDER: 'sandbox' };
    expect(sandboxOf({ ...production, HOST: '127.0.0.1' })).to.deep.equal({ enabled: false, roleChoice: false });
    expect(sandboxOf({ ...production, SANDBOX_LOGIN: '1' })).to.deep.equal({ enabled: true, roleChoice: false });
  });

  it('reads CORS_ORIGINS as exact origins, none by default', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).corsOrigins).to.deep.equal([]);
    expect(loadConfig({ DATA_DIR: dataDir, CORS_ORIGINS: ' https://shop.example,http://localhost:3000,,https://shop.example ' }).corsOrigins)
      .to.deep.equal(['https://shop.example', 'http://localhost:3000']);
  });

  it('reads WORKER=0 and strips a trailing slash from PUBLIC_BASE_URL', () => {
    const config = loadConfig({ DATA_DIR: dataDir, WORKER: '0', PUBLIC_BASE_URL: 'https://shop.example/' });
    expect(config.runWorker).to.equal(false);
    expect(config.publicBaseUrl).to.equal('https://shop.example');
  });

  it('never shows a password of a URL in its error', () => {
    const cases: [Record<string, string>, string][] = [
      [{ DATABASE_URL: 'mysql://shop:s3cret-pass@db.internal/shop' }, 'DATABASE_URL must use postgres: or postgresql:, got "mysql://shop:***@db.internal/shop"'],
      [{ DATABASE_URL: 'postgres//shop:s3cret-pass@db.internal/shop' }, 'DATABASE_URL must be a URL, got "postgres//shop:***@db.internal/shop"'],
      [{ DATABASE_URL: 'mysql://db.internal/shop?user=shop&password=s3cret-pass' }, 'DATABASE_URL must use postgres: or postgresql:, got "mysql://db.internal/shop?user=shop&password=***"'],
      [{ DATABASE_URL: 'postgresql://shop:s3cret/pass@127.0.0.1:1/x' }, 'DATABASE_URL must be a URL, got "postgresql://shop:***@127.0.0.1:1/x"'],
      [{ DATABASE_URL: 'shop:s3cret-pass@db.internal/shop' }, 'DATABASE_URL must use postgres: or postgresql:, got "shop:***@db.internal/shop"'],
      [{ SMTP_URL: 'smtp://mail:s3cret#pass@mail.internal:99999' }, 'SMTP_URL must be a URL, got "smtp://mail:***@mail.internal:99999"'],
    ];
    for (const [env, message] of cases) {
      const error = configErrorOf(dataDir, env);
      expect(error).to.be.instanceOf(ConfigError);
      expect(error!.message).to.equal(message);
      expect(error!.message).not.to.include('s3cret');
    }
  });
});
