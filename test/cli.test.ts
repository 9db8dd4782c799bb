import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import jwt from 'jsonwebtoken';
import { openPGlite } from '../src/db/pglite';
import { describeOnEmbeddedRunOnly } from './helpers/database';
import { runPhotobookInProcess } from './helpers/process';

describeOnEmbeddedRunOnly('photobook command line (pglite)', function () {
  this.timeout(120_000);
  let dataDir: string;
  before(() => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'photobook-cli-'));
  });
  after(() => rmSync(dataDir, { recursive: true, force: true }));

  it('lists its commands, and every command has --help', async () => {
    const help = await runPhotobookInProcess(['--help'], { DATA_DIR: dataDir });
    expect(help.status).to.equal(0);
    const commands = ['serve', 'demo', 'worker', 'migrate', 'seed', 'create-admin', 'create-user', 'set-role', 'delete-user', 'issue-token', 'retry-job'];
    for (const command of commands) {
      expect(help.stdout).to.include(`  ${command} `);
      const own = await runPhotobookInProcess([command, '--help'], { DATA_DIR: dataDir });
      expect(own.status, command).to.equal(0);
      expect(own.stdout).to.include(`Usage: photobook ${command}`);
    }
  });

  it('exits 2 with one line for an unknown command, a bad option or a bad environment', async () => {
    expect((await runPhotobookInProcess(['frobnicate'], { DATA_DIR: dataDir })).status).to.equal(2);
    const badOption = await runPhotobookInProcess(['seed', '--colour', 'red'], { DATA_DIR: dataDir });
    expect(badOption.status).to.equal(2);
    expect(badOption.stderr).to.match(/^photobook: .*colour/);
    const badPort = await runPhotobookInProcess(['migrate'], { DATA_DIR: dataDir, PORT: 'abc' });
    expect(badPort.status).to.equal(2);
    expect(badPort.stderr.trim()).to.equal('photobook: PORT must be an integer from 0 to 65535, got "abc"');
    const unreachable = await runPhotobookInProcess(['migrate'], { DATA_DIR: dataDir, DATABASE_URL: 'postgresql://shop:s3cret@127.0.0.1:1/shop' });
    expect(unreachable.status).to.equal(2);
    expect(unreachable.stderr).to.match(/^photobook: cannot use the database of DATABASE_URL: .*ECONNREFUSED.*\n$/);
    expect(unreachable.stderr).to.not.include('s3cret');
    const production = await runPhotobookInProcess(['migrate'], { DATA_DIR: dataDir, NODE_ENV: 'production', JWT_SECRET: '' });
    expect(production.stderr.trim()).to.equal('photobook: JWT_SECRET is required when NODE_ENV=production');
  });

  it('creates an admin and issues a token for that user', async () => {
    const created = await runPhotobookInProcess(['create-admin', '--email', 'Boss@Example.com'], { DATA_DIR: dataDir });
    expect(created.status, created.stderr).to.equal(0);
    const issued = await runPhotobookInProcess(['issue-token', '--email', 'boss@example.com'], { DATA_DIR: dataDir });
    expect(issued.status, issued.stderr).to.equal(0);
    const secret = readFileSync(path.join(dataDir, 'jwt-secret'), 'utf8').trim();
    // No PORT given: the token still names the deployment ("photobook"), so a server on any port accepts it.
    const claims = jwt.verify(issued.stdout.trim(), secret, { algorithms: ['HS256'], issuer: 'photobook', audience: 'photobook' }) as jwt.JwtPayload;
    expect(claims.user.role).to.equal('admin');
    expect(claims.sub).to.equal(String(claims.user.id));
    const unknown = await runPhotobookInProcess(['issue-token', '--email', 'nobody@example.com'], { DATA_DIR: dataDir });
    expect(unknown.status).to.equal(2);
    // Named, because a command run with another DATA_DIR than the server's finds another, empty database.
    expect(unknown.stderr).to.include(`no user with e-mail nobody@example.com in the embedded database in ${dataDir} (DATA_DIR)`);
  });

  it('creates a shopper whose token comes from issue-token, and refuses an address already in use', async () => {
    const created = await runPhotobookInProcess(['create-user', '--email', 'anna@example.com', '--name', 'Anna Petrova'], { DATA_DIR: dataDir });
    expect(created.status, created.stderr).to.equal(0);
    const issued = await runPhotobookInProcess(['issue-token', '--email', 'anna@example.com'], { DATA_DIR: dataDir });
    const secret = readFileSync(path.join(dataDir, 'jwt-secret'), 'utf8').trim();
    const claims = jwt.verify(issued.stdout.trim(), secret, { algorithms: ['HS256'] }) as jwt.JwtPayload;
    expect(claims.user.role).to.equal('user');
    const moderator = await runPhotobookInProcess(['create-user', '--email', 'mod@example.com', '--role', 'moderator'], { DATA_DIR: dataDir });
    expect(moderator.status, moderator.stderr).to.equal(0);
    const taken = await runPhotobookInProcess(['create-user', '--email', 'Anna@Example.com', '--role', 'admin'], { DATA_DIR: dataDir });
    expect([taken.status, taken.stderr]).to.deep.equal([2, 'photobook: a user with e-mail Anna@Example.com already exists\n']);
    const db = await openPGlite(path.join(dataDir, 'pgdata'));
    try {
      const { rows } = await db.sql.query<{ email: string; name: string; role: string }>(
        "SELECT email, name, role FROM users WHERE email LIKE '%@example.com' AND email NOT LIKE 'boss%' ORDER BY id");
      expect(rows).to.deep.equal([
        { email: 'anna@example.com', name: 'Anna Petrova', role: 'user' }, { email: 'mod@example.com', name: '', role: 'moderator' },
      ]);
    } finally {
      await db.close();
    }
  });

  it('gives a user another role, which the next token carries', async () => {
    const demoted = await runPhotobookInProcess(['set-role', '--email', 'boss@example.com', '--role', 'moderator'], { DATA_DIR: dataDir });
    expect(demoted.status, demoted.stderr).to.equal(0);
    const issued = await runPhotobookInProcess(['issue-token', '--email', 'boss@example.com'], { DATA_DIR: dataDir });
    const secret = readFileSync(path.join(dataDir, 'jwt-secret'), 'utf8').trim();
    expect((jwt.verify(issued.stdout.trim(), secret) as jwt.JwtPayload).user.role).to.equal('moderator');
    const badRole = await runPhotobookInProcess(['set-role', '--email', 'boss@example.com', '--role', 'root'], { DATA_DIR: dataDir });
    expect(badRole.status).to.equal(2);
    expect(badRole.stderr).to.match(/^photobook: --role must be one of user, moderator, admin/);
    const unknown = await runPhotobookInProcess(['set-role', '--email', 'nobody@example.com', '--role', 'admin'], { DATA_DIR: dataDir });
    expect(unknown.status).to.equal(2);
  });

  it('deletes a user: the address is erased, so no token can be issued for it any more', async () => {
    expect((await runPhotobookInProcess(['create-admin', '--email', 'gone@example.com'], { DATA_DIR: dataDir })).status).to.equal(0);
    const deleted = await runPhotobookInProcess(['delete-user', '--email', 'gone@example.com'], { DATA_DIR: dataDir });
    expect(deleted.status, deleted.stderr).to.equal(0);
    expect(deleted.stdout).to.match(/^user \d+ deleted\n$/);
    const issued = await runPhotobookInProcess(['issue-token', '--email', 'gone@example.com'], { DATA_DIR: dataDir });
    expect([issued.status, issued.stderr.trim()]).to.deep.equal([2, `photobook: no user with e-mail gone@example.com in the embedded database in ${dataDir} (DATA_DIR): is it the server's?`]);
  });

  it('runs a job that failed for good again (retry-job), and only such a job', async () => {
    const failedJob = async () => {
      const db = await openPGlite(path.join(dataDir, 'pgdata'));
      try {
        // As pg-boss leaves a job after its last retry.
        const { rows: [job] } = await db.sql.query<{ id: string }>(`
          INSERT INTO pgboss.job (name, data, state, retry_limit, retry_count, started_on, completed_on, output)
          VALUES ('send-theme-email', '{"themeId": 1}', 'failed', 8, 8, now(), now(), '{"message": "SMTP refused"}') RETURNING id::text`);
        return job.id;
      } finally {
        await db.close();
      }
    };
    const id = await failedJob();
    const rerun = await runPhotobookInProcess(['retry-job', id], { DATA_DIR: dataDir });
    expect([rerun.status, rerun.stdout, rerun.stderr]).to.deep.equal([0, `job ${id} (send-theme-email) will run again\n`, '']);
    const db = await openPGlite(path.join(dataDir, 'pgdata'));
    try {
      const { rows } = await db.sql.query('SELECT state::text AS state, retry_count, started_on FROM pgboss.job WHERE id = $1', [id]);
      expect(rows).to.deep.equal([{ state: 'created', retry_count: 0, started_on: null }]);
    } finally {
      await db.close();
    }
    const again = await runPhotobookInProcess(['retry-job', id], { DATA_DIR: dataDir });
    expect([again.status, again.stderr]).to.deep.equal([2, `photobook: job ${id} (send-theme-email) is created: only a job that failed for good can be run again\n`]);
    const unknown = await runPhotobookInProcess(['retry-job', '00000000-0000-4000-8000-000000000000'], { DATA_DIR: dataDir });
    expect([unknown.status, unknown.stderr]).to.deep.equal([2, 'photobook: no job with id 00000000-0000-4000-8000-000000000000\n']);
    expect((await runPhotobookInProcess(['retry-job'], { DATA_DIR: dataDir })).status).to.equal(2);
  });

  it('seeds a fixture file, and the demo catalog with bulk products and rendered previews', async () => {
    const fixture = await runPhotobookInProcess(['seed', '--file', 'fixtures/reference.json'], { DATA_DIR: dataDir });
    expect(fixture.status, fixture.stderr).to.equal(0);
    expect(JSON.parse(fixture.stdout)).to.include({ theme_categories: 16, formats: 5 });
    const demo = await runPhotobookInProcess(['seed', '--demo', '--themes', '2', '--products', '25'], { DATA_DIR: dataDir });
    expect(demo.status, demo.stderr).to.equal(0);
    expect(demo.stdout).to.match(/^demo products: 10, bulk products: 15, seconds: \d+\.\d/);
    const db = await openPGlite(path.join(dataDir, 'pgdata'));
    try {
      const { rows: [row] } = await db.sql.query<{ total: number; with_preview: number }>(
        'SELECT count(*)::int AS total, count(preview_cover)::int AS with_preview FROM products');
      expect(row).to.deep.equal({ total: 25, with_preview: 25 });
    } finally {
      await db.close();
    }
  });
});
