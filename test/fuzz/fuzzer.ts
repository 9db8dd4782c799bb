// Sends generated requests to every operation of /openapi.json and checks the invariants after each one:
// no 5xx but a documented one with its documented body, every error body in a documented shape, the process up,
// and no request by one shopper (or anonymous) changing another user's data.
import { createValidator } from '../../src/http/validation';
import { generateRequest, type FuzzRequest, type RequestContext } from './requests';
import { methodsByPath, type OpenApiDocument, type Operation, operationsOf } from './spec';
import { seededRandom } from './values';
import type { FuzzWorld } from './world';

export interface FuzzReport {
  /** "METHOD /path" -> status -> count. */
  counts: Map<string, Map<number, number>>;
  failures: string[];
}

const GENERIC_ERROR_SCHEMAS = ['error-detail.json', 'validation-error.json'];
// Administrators and moderators may act on other users' data by design; the others may not.
const MAY_CHANGE_OTHERS = new Set(['admin', 'moderator']);

function remember(seen: Map<string, unknown[]>, value: unknown, field = ''): void {
  if (Array.isArray(value)) return value.slice(0, 20).forEach((item) => remember(seen, item, field));
  if (typeof value === 'object' && value !== null) {
    for (const [key, inner] of Object.entries(value)) remember(seen, inner, key);
    return;
  }
  if (field && (typeof value === 'number' || (typeof value === 'string' && value.length < 80))) {
    const values = seen.get(field) ?? seen.set(field, []).get(field)!;
    if (!values.includes(value) && values.length < 50) values.push(value);
  }
}

/** What is wrong with this answer, or undefined. */
function problemOf(operation: Operation, status: number, body: unknown, isJson: boolean, errorsOf: (id: string, value: unknown) => unknown): string | undefined {
  const documented = operation.responses[String(status)];
  if (status >= 500) {
    if (documented === undefined) return `undocumented ${status}`;
    if (documented && errorsOf(documented, body) !== null) return `${status} body not as documented (${documented})`;
    return undefined;
  }
  if (status >= 400) {
    if (!isJson) return `${status} without a JSON body`;
    const shapes = [documented, ...GENERIC_ERROR_SCHEMAS].filter((id): id is string => typeof id === 'string');
    if (!shapes.some((id) => errorsOf(id, body) === null)) return `${status} body in no documented shape`;
    return undefined;
  }
  if (documented && isJson && errorsOf(documented, body) !== null) return `${status} body not as documented (${documented})`;
  return undefined;
}

async function send(world: FuzzWorld, request: FuzzRequest) {
  const response = await fetch(`${world.url}${request.path}`, {
    method: request.method, headers: request.headers, body: request.body, redirect: 'manual',
  });
  const text = await response.text();
  const isJson = (response.headers.get('content-type') ?? '').includes('json');
  let body: unknown = text;
  if (isJson) {
    try {
      body = JSON.parse(text);
    } catch {
      return { status: response.status, body: text, isJson: false };
    }
  }
  return { status: response.status, body, isJson };
}

const changedOwners = (before: Map<number, string>, after: Map<number, string>) =>
  [...new Set([...before.keys(), ...after.keys()])].filter((owner) => before.get(owner) !== after.get(owner));

export async function runFuzz(world: FuzzWorld, options: { requestsPerOperation: number; seed: number; onProgress?: (done: number, total: number) => void }): Promise<FuzzReport> {
  const document = (await (await fetch(`${world.url}/openapi.json`)).json()) as OpenApiDocument;
  const operations = operationsOf(document);
  const methods = methodsByPath(operations);
  const { errorsOf } = createValidator(world.runtime.schemas);
  const random = seededRandom(options.seed);
  const seen = new Map<string, unknown[]>();
  const report: FuzzReport = { counts: new Map(), failures: [] };
  const crashes: unknown[] = [];
  const recordCrash = (error: unknown) => crashes.push(error);
  process.on('uncaughtException', recordCrash);
  process.on('unhandledRejection', recordCrash);
  const total = operations.length * options.requestsPerOperation;
  try {
    let fingerprint = await world.fingerprint();
    for (const [index, operation] of operations.entries()) {
      const route = `${operation.method} ${operation.path}`;
      const counts = report.counts.get(route) ?? report.counts.set(route, new Map()).get(route)!;
      for (let sent = 0; sent < options.requestsPerOperation; sent += 1) {
        const context: RequestContext = {
          random, actors: world.actors, seen, methodsOfPath: methods.get(operation.path)!, image: world.image,
          maxJsonBytes: world.runtime.config.maxJsonBodyBytes,
        };
        const request = generateRequest(operation, context);
        const described = `${request.kind} ${request.method} ${request.path.slice(0, 200)} as ${request.actor.name}`;
        let answer;
        try {
          answer = await send(world, request);
        } catch (error) {
          report.failures.push(`${route}: ${described}: no answer (${(error as Error).message})`);
          continue;
        }
        counts.set(answer.status, (counts.get(answer.status) ?? 0) + 1);
        const problem = problemOf(operation, answer.status, answer.body, answer.isJson, errorsOf);
        if (problem) report.failures.push(`${route}: ${described}: ${problem}: ${JSON.stringify(answer.body).slice(0, 300)}`);
        if (answer.status < 400) remember(seen, answer.body);
        const after = await world.fingerprint();
        // Every user has a fingerprint (its own row), so an owner that had none is an account this request made
        // (POST /auth/autoreg/ makes a visitor): nobody else's data.
        const intruded = changedOwners(fingerprint, after).filter((owner) => owner !== request.actor.userId && fingerprint.has(owner));
        if (intruded.length > 0 && !MAY_CHANGE_OTHERS.has(request.actor.role ?? '')) {
          report.failures.push(`${route}: ${described}: changed the data of user(s) ${intruded.join(', ')}`);
        }
        // Taken again only when refreshing the actors wrote (an account deleted by the request, made anew).
        const madeAnew = request.method !== 'GET' && (await world.refreshActors());
        fingerprint = madeAnew ? await world.fingerprint() : after;
        options.onProgress?.(index * options.requestsPerOperation + sent + 1, total);
      }
    }
    const health = await fetch(`${world.url}/healthz`).catch(() => undefined);
    if (health?.status !== 200) report.failures.push(`the service no longer answers /healthz (${health?.status ?? 'no answer'})`);
  } finally {
    process.off('uncaughtException', recordCrash);
    process.off('unhandledRejection', recordCrash);
  }
  for (const crash of crashes) report.failures.push(`the process had an uncaught error: ${(crash as Error)?.stack ?? String(crash)}`);
  return report;
}

export function formatCounts(report: FuzzReport): string {
  return [...report.counts].map(([route, statuses]) => {
    const total = [...statuses.values()].reduce((sum, count) => sum + count, 0);
    const byStatus = [...statuses].sort(([a], [b]) => a - b).map(([status, count]) => `${status}: ${count}`).join(', ');
    return `${route.padEnd(52)} ${String(total).padStart(6)}  (${byStatus})`;
  }).join('\n');
}
