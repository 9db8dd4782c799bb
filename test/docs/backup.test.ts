// docs/operations.md, "Backup and restore", with a PostgreSQL server: its backup block run against a service's
// database and media folder, its restore block into an empty database and a media folder emptied, as written.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { migrate } from '../../src/db/migrate';
import { openPostgres } from '../../src/db/postgres';
import { emptyServerDatabaseUrl, TEST_DATABASE_URL } from '../helpers/database';
import { commandBlocks, runShellBlock } from './blocks';

const ROOT = path.join(__dirname, '..', '..');
const SERVER_BLOCKS = commandBlocks(path.join(ROOT, 'docs', 'operations.md'), 'docs/operations.md', 'Backup and restore')
  .filter(({ marker }) => marker.startsWith('skip: needs a PostgreSQL server'));

(TEST_DATABASE_URL ? describe : describe.skip)('backup and restore as docs/operations.md says, on a PostgreSQL server', function () {
  this.timeout(60_000);
  let folder: string;
  before(() => {
    folder = mkdtempSync(path.join(os.tmpdir(), 'photobook-backup-'));
  });
  after(() => rmSync(folder, { recursive: true, force: true }));

  it('brings back the rows and the media files into an empty database and folder', async () => {
    expect(SERVER_BLOCKS, 'the backup block and the restore block').to.have.length(2);
    const [backup, restore] = SERVER_BLOCKS;
    const dataDir = path.join(folder, 'data');
    const stateFile = path.join(folder, 'terminal.sh');

    const source = await emptyServerDatabaseUrl();
    const service = openPostgres(source, 2);
    await migrate(service);
    await service.sql.query("INSERT INTO users (email, name) VALUES ('kept@example.com', 'Kept Shopper')");
    await service.close();
    mkdirSync(path.join(dataDir, 'media', 'themes'), { recursive: true });
    writeFileSync(path.join(dataDir, 'media', 'themes', 'cover.jpg'), 'the bytes of a cover');

    const run = (code: string, databaseUrl: string) => runShellBlock(code, stateFile, {
      cwd: folder, env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: dataDir }, timeoutMs: 30_000,
    });
    const saved = await run(backup.code, source);
    expect(saved.code, saved.output).to.equal(0);

    // The loss: the media folder gone; the restore goes into a new, empty database.
    rmSync(path.join(dataDir, 'media'), { recursive: true });
    const target = await emptyServerDatabaseUrl();
    const restored = await run(restore.code, target);
    expect(restored.code, restored.output).to.equal(0);

    const database = openPostgres(target, 2);
    try {
      const { rows } = await database.sql.query<{ name: string }>("SELECT name FROM users WHERE email = 'kept@example.com'");
      expect(rows).to.deep.equal([{ name: 'Kept Shopper' }]);
      // Migrations recorded, so the restored database is not migrated again from scratch.
      expect(await migrate(database)).to.deep.equal([]);
    } finally {
      await database.close();
    }
    expect(readFileSync(path.join(dataDir, 'media', 'themes', 'cover.jpg'), 'utf8')).to.equal('the bytes of a cover');
    expect(existsSync(path.join(dataDir, 'private'))).to.equal(true);
  });
});
