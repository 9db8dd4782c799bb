// docker-compose.yml as a user runs it (`cp .env.example .env`, set the secrets, `docker compose up`), without a
// Docker engine: its API and worker started as processes with exactly the environment compose would give them.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import {
  ComposeError, composeService, documentedVariables, interpolate, readDotEnv, spawnComposeService, stopChild, waitForLogLine,
} from '../helpers/compose';
import { emptyServerDatabaseUrl, TEST_DATABASE_URL } from '../helpers/database';

const ROOT = path.join(__dirname, '..', '..');
const COMPOSE_FILE = path.join(ROOT, 'docker-compose.yml');
const ENV_EXAMPLE = path.join(ROOT, '.env.example');
// What the README tells the user to fill in after copying .env.example.
const SECRETS = {
  POSTGRES_PASSWORD: 'composepassword1', JWT_SECRET: 'compose-test-secret-that-is-long-enough-0123456789',
  DELIVERY_PROVIDER: 'sandbox', PAYMENT_PROVIDER: 'sandbox',
};
// Variables of .env.example that are for compose itself, not the service.
const COMPOSE_ONLY = ['POSTGRES_PASSWORD', 'HTTP_PORT'];

describe('docker-compose.yml', function () {
  this.timeout(120_000);
  const dotEnv = { ...readDotEnv(ENV_EXAMPLE), ...SECRETS };

  it('substitutes ${VAR}, ${VAR:-default} and ${VAR:?error} as compose does', () => {
    expect(interpolate('a${X}b${Y:-d}c${Z-e}$$', { X: '1', Y: '', Z: '' })).to.equal('a1bdc$');
    expect(() => interpolate('${X:?set X}', { X: '' })).to.throw(ComposeError, 'set X');
  });

  it('stops with a message naming each required variable left empty in .env', () => {
    const untouched = readDotEnv(ENV_EXAMPLE);
    for (const name of Object.keys(SECRETS)) {
      expect(() => composeService(COMPOSE_FILE, 'api', { ...untouched, ...SECRETS, [name]: '' }), name).to.throw(ComposeError, name);
    }
  });

  it('passes every variable .env.example documents to the service, runs the API without jobs behind one proxy', () => {
    const api = composeService(COMPOSE_FILE, 'api', dotEnv);
    const serviceVariables = documentedVariables(ENV_EXAMPLE).filter((name) => !COMPOSE_ONLY.includes(name));
    expect(serviceVariables.filter((name) => !(name in api.environment))).to.deep.equal([]);
    expect(api.environment).to.include({ NODE_ENV: 'production', WORKER: '0', TRUST_PROXY: '1', DELIVERY_PROVIDER: 'sandbox' });
    expect(composeService(COMPOSE_FILE, 'worker', dotEnv).command).to.deep.equal(['worker']);
    const proxy = composeService(COMPOSE_FILE, 'proxy', dotEnv);
    for (const volume of proxy.volumes) expect(existsSync(path.join(ROOT, volume.split(':')[0])), volume).to.equal(true);
  });

  describe('started with the resolved environment (postgres)', () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'photobook-compose-'));
    before(function () {
      if (!TEST_DATABASE_URL) this.skip();
    });
    after(() => rmSync(dataDir, { recursive: true, force: true }));

    it('serves /readyz from the API and runs the worker, both on a fresh database, then stop cleanly', async () => {
      // What the container provides instead of compose's network and volume: the database host, /data, the port.
      const container = { DATABASE_URL: await emptyServerDatabaseUrl(), DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1' };
      const workerService = composeService(COMPOSE_FILE, 'worker', dotEnv);
      // In compose's order: the worker waits for the API's health check (/readyz).
      expect(workerService.dependsOn).to.deep.equal({ api: 'service_healthy' });
      const api = spawnComposeService(composeService(COMPOSE_FILE, 'api', dotEnv), container);
      const started = [api];
      try {
        const listening = await waitForLogLine(api, (line) => line.msg === 'listening');
        const readyz = await fetch(`http://127.0.0.1:${listening.port}/readyz`);
        expect(readyz.status).to.equal(200);
        // The reference data came with the first start: the gallery's filters list the formats.
        const meta = await fetch(`http://127.0.0.1:${listening.port}/api/gallery/meta/`);
        expect(await meta.text()).to.include('20x20');
        const worker = spawnComposeService(workerService, container);
        started.push(worker);
        await waitForLogLine(worker, (line) => line.msg === 'worker started');
      } finally {
        const codes = await Promise.all(started.map(stopChild));
        started.forEach((service, index) => expect(codes[index], service.output()).to.equal(0));
      }
    });
  });
});
