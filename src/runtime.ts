// Everything a command of the service needs, opened once and closed once, wired explicitly.
import type { Logger } from 'pino';
import { jobRegistry } from './worker/index';
import { createTokenService, type TokenService, tokenSettings } from './auth/tokens';
import { createUsersRepository, type UsersRepository } from './auth/users-repository';
import { describeCounts, ensureReferenceData } from './seed/fixtures';
import type { Config } from './config';
import type { PoolRole } from './db/open';
import type { Database } from './db/database';
import { migrate } from './db/migrate';
import { CatalogChangeFeed } from './gallery/change-feed';
import { openDatabase } from './db/open';
import { type JsonSchema, loadSchemas } from './http/schemas';
import { createMetrics, type Metrics } from './metrics/metrics';
import { openMediaStorages } from './media/open-storages';
import type { MediaStorage } from './media/storage';
import type { JobContext } from './worker/job-context';
import { type Queue, startQueue } from './queue/queue';
import { createServices, type Services } from './services';

export interface Runtime {
  config: Config;
  log: Logger;
  db: Database;
  media: MediaStorage;
  /** The private file area (print files): never served under /media/. */
  privateFiles: MediaStorage;
  tokens: TokenService;
  /** The users' SQL, for the command line's account commands (create-admin, set-role) and the demo shopper; transports ask services.accounts. */
  users: UsersRepository;
  queue: Queue;
  /** Catalog changes pushed by the database; listens from the first gallery request on. */
  catalogChanges: CatalogChangeFeed;
  /** This runtime's own Prometheus registry and the metrics recorded into it. */
  metrics: Metrics;
  schemas: JsonSchema[];
  /** Every service of the shop, built once here (src/services.ts) and shared by every transport of the process. */
  services: Services;
  /** What background jobs get, in whichever process works them: the same services, and the log. */
  jobContext: JobContext;
  /** Tries the media storage as the service will use it (see MediaStorages.check); long-running commands call it. */
  checkMediaStorage(): Promise<void>;
  /** Stops the queue (waiting for running jobs at most queueTimeoutMs), then closes the database; true when clean. */
  close(queueTimeoutMs?: number): Promise<boolean>;
}

/**
 * Opens the database (applying migrations and, when missing, the reference data), the media storage and the job queue.
 * Without a database given, opens the configured one for a process of `role` (its pool's size), in the name of `owner`
 * (the command, named in the data folder's lock).
 */
export async function openRuntime(config: Config, log: Logger, database?: Database, role?: PoolRole, owner = 'photobook'): Promise<Runtime> {
  const db = database ?? (await openDatabase(config, role, owner));
  try {
    const applied = await migrate(db);
    if (applied.length > 0) log.info({ migrations: applied }, 'migrations applied');
    const reference = await ensureReferenceData(db);
    if (reference) log.info({ reference }, `reference data loaded: ${describeCounts(reference)}`);
    const metrics = createMetrics(db.poolCounts?.bind(db));
    const queue = await startQueue(db, jobRegistry, log, config.jobRetry, metrics);
    const storages = openMediaStorages(config);
    const { media, privateFiles } = storages;
    const catalogChanges = new CatalogChangeFeed(db, config.gallery.maxStalenessMs, log);
    const schemas = loadSchemas();
    const tokens = createTokenService(tokenSettings(config), log);
    const services = createServices({ config, log, db, media, privateFiles, queue, catalogChanges, metrics, schemas, tokens });
    let closing: Promise<boolean> | undefined;
    return {
      config, log, db, queue, media, privateFiles, metrics, services,
      jobContext: { ...services, log },
      tokens,
      users: createUsersRepository(db.sql),
      catalogChanges,
      schemas,
      checkMediaStorage: () => storages.check(log),
      // Idempotent: a server's stop and its owner may both close the runtime.
      close: (queueTimeoutMs) => (closing ??= queue.stop(queueTimeoutMs).finally(() => catalogChanges.close()).finally(() => db.close())
        .finally(() => storages.close())),
    };
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
}
