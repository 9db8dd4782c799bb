// docker-compose.yml as a user runs it (`cp .env.example .env`, set the secrets, `docker compose up`), without a
// Docker engine: its API and worker started as processes with exactly the environment compose would give them.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import {
  ComposeError, composeService, documentedVariables, interpolate, readDotEnv, spawnComposeService, stopChild, waitForLogLine,
} from '../helpers/compose';
import { emptyServerDatabaseUrl, TEST_DATABASE_URL } from '../helpers/database';
import { startS3Server, type TestS3Server } from '../helpers/s3-server';

const ROOT = path.join(__dirname, '..', '..');
const COMPOSE_FILE = path.join(ROOT, 'docker-compose.yml');
const ENV_EXAMPLE = path.join(ROOT, '.env.example');
// What docs/operations.md ("Deployment") tells the user to fill in after copying .env.example.
const SECRETS = {
  POSTGRES_PASSWORD: 'composepassword1', JWT_SECRET: 'compose-test-secret-that-is-long-enough-0123456789',
  DELIVERY_PROVIDER: 'sandbox', PAYMENT_PROVIDER: 'sandbox', S3_ACCESS_KEY_ID: 'photobook', S3_SECRET_ACCESS_KEY: 'compose-minio-secret',
};
const API_REPLICAS = ['api-1', 'api-2'];
// Variables of .env.example that are for compose itself, not the service.
const COMPOSE_ONLY = ['POSTGRES_PASSWORD', 'HTTP_PORT'];

/** The `docker compose run --rm worker <command>` lines of docs/operations.md's first run, as argument lists. */
function firstRunCommands(): string[][] {
  const text = readFileSync(path.join(ROOT, 'docs', 'operations.md'), 'utf8');
  return [...text.matchAll(/^docker compose run --rm worker ([^#\n]+?)\s*(?:#.*)?$/gm)].map((match) => match[1].split(/\s+/));
}

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
      expect(() => composeService(COMPOSE_FILE, 'api-1', { ...untouched, ...SECRETS, [name]: '' }), name).to.throw(ComposeError, name);
    }
  });

  it('passes every variable .env.example documents to the service, runs two API replicas without jobs behind one proxy', () => {
    const [api, ...others] = API_REPLICAS.map((name) => composeService(COMPOSE_FILE, name, dotEnv));
    const serviceVariables = documentedVariables(ENV_EXAMPLE).filter((name) => !COMPOSE_ONLY.includes(name));
    expect(serviceVariables.filter((name) => !(name in api.environment))).to.deep.equal([]);
    expect(api.environment).to.include({ NODE_ENV: 'production', WORKER: '0', TRUST_PROXY: '1', DELIVERY_PROVIDER: 'sandbox' });
    // The media in the MinIO bucket, whose root user is the service's own credentials.
    expect(api.environment).to.include({ MEDIA_STORAGE: 's3', S3_ENDPOINT: 'http://minio:9000', S3_FORCE_PATH_STYLE: '1', S3_ACCESS_KEY_ID: 'photobook' });
    expect(composeService(COMPOSE_FILE, 'minio', dotEnv).environment).to.deep.equal({ MINIO_ROOT_USER: 'photobook', MINIO_ROOT_PASSWORD: 'compose-minio-secret' });
    for (const other of others) expect(other).to.deep.equal(api);
    const worker = composeService(COMPOSE_FILE, 'worker', dotEnv);
    expect(worker.command).to.deep.equal(['worker']);
    const { WORKER: _jobs, ...shared } = api.environment;
    expect(worker.environment).to.deep.equal(shared);
    const proxy = composeService(COMPOSE_FILE, 'proxy', dotEnv);
    for (const volume of proxy.volumes) expect(existsSync(path.join(ROOT, volume.split(':')[0])), volume).to.equal(true);
    // Each of the proxy's routes balances over exactly the API replicas.
    const upstreams = [...readFileSync(path.join(ROOT, 'deploy', 'Caddyfile'), 'utf8').matchAll(/^\s*reverse_proxy (.+?) \{$/gm)].map((match) => match[1]);
    expect(upstreams).to.have.length.above(0);
    for (const line of upstreams) expect(line.split(' ')).to.deep.equal(API_REPLICAS.map((name) => `${name}:8000`));
  });

  describe('started with the resolved environment (postgres)', () => {
    const dataDirs: string[] = [];
    let s3: TestS3Server | undefined;
    before(async function () {
      if (!TEST_DATABASE_URL) this.skip();
      s3 = await startS3Server();
    });
    after(async () => {
      dataDirs.forEach((dataDir) => rmSync(dataDir, { recursive: true, force: true }));
      await s3?.close();
    });

    // What each container finds instead of compose's network: the database host, the object storage (a local S3
    // server in place of MinIO, with its own credentials), its own /data, the port.
    const containerOn = (databaseUrl: string) => () => {
      dataDirs.push(mkdtempSync(path.join(os.tmpdir(), 'photobook-compose-')));
      // No PgBouncer here: the pooled URL and the listening one are both the database's (DATABASE_POOLER=transaction stays).
      // Pools of 4 (compose's default is 10): the suite's files run side by side on one server (.ci/run counts their connections).
      return {
        ...s3!.env(), DATABASE_URL: databaseUrl, DATABASE_LISTEN_URL: databaseUrl, DATA_DIR: dataDirs[dataDirs.length - 1], PORT: '0', HOST: '127.0.0.1',
        DATABASE_POOL_SIZE_SERVE: '4', DATABASE_POOL_SIZE_WORKER: '4', DATABASE_POOL_SIZE_COMMAND: '4',
      };
    };

    it('starts both API replicas and the worker at once on a fresh database: /readyz answers, then all stop cleanly', async () => {
      const databaseUrl = await emptyServerDatabaseUrl();
      const container = containerOn(databaseUrl);
      const workerService = composeService(COMPOSE_FILE, 'worker', dotEnv);
      // In compose's order: all three wait only for the database and the bucket, so they start together.
      for (const service of [workerService, ...API_REPLICAS.map((name) => composeService(COMPOSE_FILE, name, dotEnv))]) {
        expect(service.dependsOn).to.deep.equal({ db: 'service_healthy', pooler: 'service_started', bucket: 'service_completed_successfully' });
      }
      const apis = API_REPLICAS.map((name) => spawnComposeService(composeService(COMPOSE_FILE, name, dotEnv), container()));
      const worker = spawnComposeService(workerService, container());
      const started = [...apis, worker];
      try {
        await waitForLogLine(worker, (line) => line.msg === 'worker started');
        for (const api of apis) {
          const listening = await waitForLogLine(api, (line) => line.msg === 'listening');
          const readyz = await fetch(`http://127.0.0.1:${listening.port}/readyz`);
          expect(readyz.status).to.equal(200);
          // The reference data came with the first start: the gallery's filters list the formats.
          const meta = await fetch(`http://127.0.0.1:${listening.port}/api/gallery/meta/`);
          expect(await meta.text()).to.include('20x20');
        }
      } finally {
        const codes = await Promise.all(started.map(stopChild));
        started.forEach((service, index) => expect(codes[index], service.output()).to.equal(0));
      }
    });

    it("runs operations.md's first-run commands as `docker compose run --rm worker ...` would: an administrator, their token, a demo catalog", async () => {
      const commands = firstRunCommands();
      expect(commands.map(([name]) => name)).to.deep.equal(['create-admin', 'issue-token', 'seed']);
      const container = containerOn(await emptyServerDatabaseUrl());
      const api = spawnComposeService(composeService(COMPOSE_FILE, 'api-1', dotEnv), container());
      try {
        const { port } = await waitForLogLine(api, (line) => line.msg === 'listening');
        // A one-off container of the worker service: its environment, the command given in place of its own.
        const worker = composeService(COMPOSE_FILE, 'worker', dotEnv);
        const outputs: string[] = [];
        for (const command of commands) {
          const run = spawnComposeService({ ...worker, command }, container());
          const code = await new Promise((resolve) => run.child.once('exit', resolve));
          expect(code, `${command.join(' ')}: ${run.output()}`).to.equal(0);
          outputs.push(run.output());
        }
        expect(outputs[0]).to.match(/^admin admin@example\.com has id \d+$/m);
        const token = /^eyJ[\w-]+\.[\w-]+\.[\w-]+$/m.exec(outputs[1])?.[0];
        expect(token, outputs[1]).to.be.a('string');
        // Through the API replica the token is an administrator's, and the demo themes asked for are there.
        const themes = await fetch(`http://127.0.0.1:${port}/api/theme/?approved=true`, { headers: { Authorization: `Bearer ${token}` } });
        expect(themes.status).to.equal(200);
        expect(((await themes.json()) as { count: number }).count).to.equal(Number(commands[2][commands[2].indexOf('--themes') + 1]));
      } finally {
        expect(await stopChild(api), api.output()).to.equal(0);
      }
    });
  });
});
