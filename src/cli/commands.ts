// The commands of the `photobook` binary. Each opens what it needs through the runtime and closes it again.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { deleteUser } from '../auth/account-deletion';
import { seedBulkProducts } from '../seed/bulk';
import { productsWithoutPreview, seedDemoCatalog } from '../seed/demo';
import { loadFixture, readFixtureFile } from '../seed/fixtures';
import type { Config, Env } from '../config';
import type { Role } from '../shared/user';
import type { DemoShopper } from '../home/routes';
import { DEMO_SHOPPER_EMAIL, ensureDemoShopper } from '../orders/demo-shopper';
import type { Runtime } from '../runtime';
import { startServer } from '../server';
import { stopWithin } from '../shutdown';
import { DEMO_ENVIRONMENT, demoConfig } from './demo-config';
import { progressReporter } from './progress';

export class UsageError extends Error {}

/** Where a command prints: the process's standard output and error, or a test's. */
export interface CommandOutput {
  stdout: NodeJS.WritableStream;
  /** Progress bars are drawn here when it is a terminal. */
  stderr: NodeJS.WritableStream & { isTTY?: boolean };
}

export interface Command {
  summary: string;
  usage: string;
  /** Values for environment variables left unset, before the configuration is read (the demo's HOST). */
  environmentDefaults?: Env;
  /** The configuration this command runs with, from the environment's (the demo's defaults). */
  configure?(config: Config): Config;
  /** Whether the command keeps running until a signal (servers and workers). */
  longRunning?: boolean;
  /** Whether it listens on PORT (checked free before the database is opened). */
  listens?: boolean;
  /** A long-running command returns its stop: done by deadlineAt (epoch ms), true when nothing had to be cut. */
  run(runtime: Runtime, args: string[], output: CommandOutput): Promise<void | ((deadlineAt: number) => Promise<boolean>)>;
}

const DEFAULT_DEMO_THEMES = 40;
// The demo serves once every product has its preview; should one keep failing, it serves after this long anyway.
const DEMO_PREVIEWS_WAIT_MS = 120_000;
const PREVIEWS_CHECK_INTERVAL_MS = 200;
const ROLES: readonly Role[] = ['user', 'moderator', 'admin'];

function options<T extends Record<string, { type: 'string' | 'boolean' }>>(args: string[], spec: T) {
  try {
    return parseArgs({ args, options: spec, strict: true, allowPositionals: false }).values;
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

function positiveInteger(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value) || Number(value) < 1) throw new UsageError(`${name} must be a positive integer`);
  return Number(value);
}

/** The user with the --email given, or a usage error. */
async function existingUser(runtime: Runtime, value: string | undefined) {
  const email = requiredEmail(value);
  const user = await runtime.users.findByEmail(email);
  if (!user) throw new UsageError(`no user with e-mail ${email} in ${databaseOf(runtime.config)}`);
  return user;
}

/** Which database a command used: a DATA_DIR other than the server's is another, empty database, so the folder is named. */
function databaseOf(config: Config): string {
  if (config.databaseUrl) return 'the database of DATABASE_URL';
  return `the embedded database in ${path.resolve(config.dataDir)} (DATA_DIR): is it the server's?`;
}

function requiredEmail(value: string | undefined): string {
  if (!value || !/^[^@\s]+@[^@\s]+$/.test(value)) throw new UsageError('--email must be an e-mail address');
  return value;
}

function validRole(value: string | undefined): Role {
  if (!ROLES.includes(value as Role)) throw new UsageError(`--role must be one of ${ROLES.join(', ')}`);
  return value as Role;
}

/** Runs the queued jobs in this process until none is left (the demo's previews), showing progress. */
async function drainJobs(runtime: Runtime, output: CommandOutput): Promise<void> {
  const progress = progressReporter('previews', output.stderr);
  const total = await runtime.queue.pendingCount();
  await runtime.queue.work(runtime.jobContext);
  for (let left = total; left > 0; left = await runtime.queue.pendingCount()) {
    progress.update(total - left, total);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  progress.stop();
}

/** Waits until every product has its preview (drawn by the worker running in this process), showing progress. */
async function previewsDrawn(runtime: Runtime, output: CommandOutput): Promise<void> {
  const progress = progressReporter('previews', output.stderr);
  const total = await productsWithoutPreview(runtime.db);
  const deadline = Date.now() + DEMO_PREVIEWS_WAIT_MS;
  for (let left = total; left > 0; left = await productsWithoutPreview(runtime.db)) {
    if (Date.now() > deadline) {
      runtime.log.warn({ withoutPreview: left }, 'serving before every product has its preview');
      break;
    }
    progress.update(total - left, total);
    await new Promise((resolve) => setTimeout(resolve, PREVIEWS_CHECK_INTERVAL_MS));
  }
  progress.stop();
}

/** Serves; the function returned stops serving and the worker together, then closes the database (stopWithin). */
async function serveUntilStopped(runtime: Runtime, worker: boolean, demoShopper?: DemoShopper): Promise<(deadlineAt: number) => Promise<boolean>> {
  const server = await startServer(runtime, { worker, demoShopper });
  return (deadlineAt) => stopWithin(deadlineAt, runtime, server);
}

async function seedDemo(runtime: Runtime, themes: number, output: CommandOutput): Promise<number> {
  const progress = progressReporter('demo themes', output.stderr);
  const created = await seedDemoCatalog(runtime, themes, progress.update);
  progress.stop();
  return created;
}

export const COMMANDS: Record<string, Command> = {
  serve: {
    summary: 'Serve HTTP and Socket.IO on PORT, with the job worker unless WORKER=0',
    usage: 'photobook serve',
    longRunning: true,
    listens: true,
    async run(runtime, args) {
      options(args, {});
      return serveUntilStopped(runtime, runtime.config.runWorker);
    },
  },
  demo: {
    summary: 'Load the reference data and a demo catalog when the database is empty, then serve',
    usage: 'photobook demo',
    longRunning: true,
    listens: true,
    environmentDefaults: DEMO_ENVIRONMENT,
    configure: demoConfig,
    async run(runtime, args, output) {
      options(args, {});
      // The demo always renders previews, whatever WORKER says: a demo without pictures shows nothing. The worker
      // starts first, drawing each theme's previews while the next theme is made, and the demo serves (and is ready)
      // once every product has one: its gallery never lists a product without its picture.
      await runtime.queue.work(runtime.jobContext);
      const created = await seedDemo(runtime, DEFAULT_DEMO_THEMES, output);
      if (created > 0) runtime.log.info({ products: created }, 'demo catalog created');
      await previewsDrawn(runtime, output);
      const shopper = await ensureDemoShopper(runtime);
      if (shopper) output.stdout.write(`demo shopper ${DEMO_SHOPPER_EMAIL}: layout ${shopper.layoutId}, token ${shopper.token}\n`);
      // The editor keeps its token in the browser; its no-access page takes this one when pasted (web/editor/README.md).
      if (shopper) output.stdout.write(`demo shopper's book in the editor: ${runtime.config.publicBaseUrl}/redaktor/#${shopper.layoutId}/ (a new browser is a visitor there: open "Войти по токену" on that page and paste the token above)\n`);
      return serveUntilStopped(runtime, true, shopper && { email: DEMO_SHOPPER_EMAIL, layoutId: shopper.layoutId });
    },
  },
  worker: {
    summary: 'Run background jobs only (for separate worker processes)',
    usage: 'photobook worker',
    longRunning: true,
    async run(runtime, args) {
      options(args, {});
      await runtime.queue.work(runtime.jobContext);
      runtime.log.info('worker started');
      return (deadlineAt) => stopWithin(deadlineAt, runtime);
    },
  },
  migrate: {
    summary: 'Apply database migrations (every command does this first) and exit',
    usage: 'photobook migrate',
    async run(_runtime, args) {
      options(args, {});
    },
  },
  seed: {
    summary: 'Load a fixture file, or the demo catalog (optionally bulk products up to N)',
    usage: 'photobook seed --file <fixture.json> | photobook seed --demo [--themes N] [--products N]',
    async run(runtime, args, output) {
      const values = options(args, {
        file: { type: 'string' }, demo: { type: 'boolean' }, products: { type: 'string' }, themes: { type: 'string' },
      });
      if (Boolean(values.file) === Boolean(values.demo)) throw new UsageError('give either --file or --demo');
      if (values.file) {
        const counts = await loadFixture(runtime.db, readFixtureFile(values.file));
        output.stdout.write(`${JSON.stringify(counts)}\n`);
        return;
      }
      const themes = positiveInteger('--themes', values.themes, DEFAULT_DEMO_THEMES);
      const products = positiveInteger('--products', values.products, 0);
      const started = Date.now();
      const created = await seedDemo(runtime, themes, output);
      await drainJobs(runtime, output);
      const progress = progressReporter('products', output.stderr);
      const added = await seedBulkProducts(runtime.db, products, progress.update);
      progress.stop();
      output.stdout.write(`demo products: ${created}, bulk products: ${added}, seconds: ${((Date.now() - started) / 1000).toFixed(1)}\n`);
    },
  },
  'create-admin': {
    summary: 'Create a user with the admin role, or give an existing one that role',
    usage: 'photobook create-admin --email E',
    async run(runtime, args, output) {
      const email = requiredEmail(options(args, { email: { type: 'string' } }).email);
      const existing = await runtime.users.findByEmail(email);
      const user = existing
        ? await runtime.users.setRole(existing.id, 'admin')
        : await runtime.users.create({ email, role: 'admin' });
      output.stdout.write(`admin ${user.email} has id ${user.id}\n`);
    },
  },
  'create-user': {
    summary: 'Create a user (a shopper unless --role says otherwise); an address already in use is refused',
    usage: 'photobook create-user --email E [--role user|moderator|admin] [--name N]',
    async run(runtime, args, output) {
      const values = options(args, { email: { type: 'string' }, role: { type: 'string' }, name: { type: 'string' } });
      const email = requiredEmail(values.email);
      const user = await runtime.users.createUnlessTaken({ email, role: validRole(values.role ?? 'user'), name: values.name });
      if (!user) throw new UsageError(`a user with e-mail ${email} already exists`);
      output.stdout.write(`${user.role} ${user.email} has id ${user.id}\n`);
    },
  },
  'set-role': {
    summary: 'Give the user with that e-mail address a role: user, moderator or admin',
    usage: 'photobook set-role --email E --role user|moderator|admin',
    async run(runtime, args, output) {
      const values = options(args, { email: { type: 'string' }, role: { type: 'string' } });
      const email = requiredEmail(values.email);
      const role = validRole(values.role);
      const user = await existingUser(runtime, email);
      await runtime.users.setRole(user.id, role);
      output.stdout.write(`${email} (id ${user.id}) is now ${role}\n`);
    },
  },
  'delete-user': {
    summary: 'Delete a user: e-mail, name and login identities erased, tokens revoked; orders and payments stay',
    usage: 'photobook delete-user --email E',
    async run(runtime, args, output) {
      const user = await existingUser(runtime, options(args, { email: { type: 'string' } }).email);
      await deleteUser(runtime.db, user.id, runtime.services.deletions);
      output.stdout.write(`user ${user.id} deleted\n`);
    },
  },
  'retry-job': {
    summary: 'Run a background job that failed for good again (its id is in GET /api/admin/jobs/)',
    usage: 'photobook retry-job <job id>',
    async run(runtime, args, output) {
      if (args.length !== 1 || args[0].startsWith('-')) throw new UsageError('give the id of one job: photobook retry-job <job id>');
      const rerun = await runtime.queue.rerun(args[0]);
      if (rerun.outcome === 'not-found') throw new UsageError(`no job with id ${args[0]}`);
      if (rerun.outcome === 'not-failed') throw new UsageError(`job ${args[0]} (${rerun.name}) is ${rerun.state}: only a job that failed for good can be run again`);
      output.stdout.write(`job ${args[0]} (${rerun.name}) will run again\n`);
    },
  },
  'issue-token': {
    summary: 'Print a JWT for the user with that e-mail address',
    usage: 'photobook issue-token --email E',
    async run(runtime, args, output) {
      const user = await existingUser(runtime, options(args, { email: { type: 'string' } }).email);
      output.stdout.write(`${runtime.tokens.issue(user)}\n`);
    },
  },
};

export function helpText(config?: Config): string {
  const lines = Object.entries(COMMANDS).map(([name, command]) => `  ${name.padEnd(13)} ${command.summary}`);
  return [
    'Usage: photobook <command> [options]   (every command has --help)',
    '',
    ...lines,
    '',
    `Database: ${config?.databaseUrl ? 'DATABASE_URL' : 'embedded PGlite in DATA_DIR/pgdata'}. See docs/operations.md for the environment.`,
  ].join('\n');
}
