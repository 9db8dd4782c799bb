// docker-compose.yml read the way `docker compose` reads it: YAML (anchors and merge keys), then ${...}
// substitution from the .env file, so a test can start a service's command with exactly its environment.
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { BINARY } from './process';

export class ComposeError extends Error {}

type Vars = Record<string, string>;

const SUBSTITUTION = /\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?])([^}]*))?\}|\$([A-Za-z_][A-Za-z0-9_]*)/g;

/** Compose's ${VAR}, ${VAR:-default}, ${VAR-default}, ${VAR:?error}, ${VAR?error}, $VAR and $$. */
export function interpolate(text: string, vars: Vars): string {
  return text.replace(SUBSTITUTION, (match, name?: string, operator?: string, argument = '', bare?: string) => {
    if (match === '$$') return '$';
    if (bare) return vars[bare] ?? '';
    const value = vars[name!];
    // With a colon an empty value counts as missing, without one only an unset variable does.
    const missing = operator?.startsWith(':') ? !value : value === undefined;
    if (operator?.endsWith('-')) return missing ? interpolate(argument, vars) : value!;
    if (operator?.endsWith('?') && missing) throw new ComposeError(`required variable ${name} is missing a value: ${argument}`);
    return value ?? '';
  });
}

/** The variables a .env file sets (KEY=VALUE lines; comments and blank lines skipped). */
export function readDotEnv(file: string): Vars {
  const vars: Vars = {};
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const match = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(line.trim());
    if (match) vars[match[1]] = match[2];
  }
  return vars;
}

/** Every variable a .env file names, set or commented out (`# KEY=...`). */
export function documentedVariables(file: string): string[] {
  return [...readFileSync(file, 'utf8').matchAll(/^#? ?([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]);
}

export interface ComposeService {
  command: string[];
  environment: Vars;
  volumes: string[];
  /** depends_on: service name -> condition. */
  dependsOn: Record<string, string>;
}

export function composeService(file: string, name: string, vars: Vars): ComposeService {
  const document = parse(readFileSync(file, 'utf8'), { merge: true }) as { services: Record<string, Record<string, unknown>> };
  const service = document.services[name];
  if (!service) throw new ComposeError(`no service ${name}`);
  const environment = Object.fromEntries(
    Object.entries((service.environment ?? {}) as Record<string, unknown>).map(([key, value]) => [key, interpolate(String(value ?? ''), vars)]),
  );
  const dependsOn = Object.fromEntries(
    Object.entries((service.depends_on ?? {}) as Record<string, { condition?: string }>).map(([key, value]) => [key, value.condition ?? 'service_started']),
  );
  return { command: (service.command ?? []) as string[], environment, volumes: (service.volumes ?? []) as string[], dependsOn };
}

export interface ServiceProcess {
  child: ChildProcess;
  /** Everything it wrote so far, standard output and error. */
  output(): string;
}

/**
 * Runs the image's entry point (node bin/photobook) with the service's command and nothing but its environment
 * (and PATH) plus what the container would provide instead: its database host, volume and port.
 */
export function spawnComposeService(service: ComposeService, container: Vars): ServiceProcess {
  return withOutput(spawn(process.execPath, [BINARY, ...service.command], {
    env: { PATH: process.env.PATH, ...service.environment, ...container },
    stdio: ['ignore', 'pipe', 'pipe'],
  }));
}

/** A child started with piped standard output and error, and everything it writes to them from now on. */
export function withOutput(child: ChildProcess): ServiceProcess {
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output };
}

/** Resolves with the first JSON log line that matches, or rejects with the output when the process exits first. */
export function waitForLogLine(service: ServiceProcess, matches: (line: Record<string, unknown>) => boolean): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const line = service.output().split('\n').map(parseJson).find((parsed) => parsed && matches(parsed));
      if (line) resolve(line);
    };
    service.child.stdout!.on('data', check);
    service.child.once('exit', (code) => reject(new Error(`exited ${code}: ${service.output()}`)));
    check();
  });
}

function parseJson(text: string): Record<string, unknown> | undefined {
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

/** SIGTERM, and the exit code. */
export function stopChild({ child }: ServiceProcess): Promise<number | null> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.kill('SIGTERM');
  });
}
