// Writes the configuration reference of docs/operations.md (between its config-reference markers) and .env.example
// from the declarations of src/config/variables*.ts (`npm run config-reference`); test/config-reference.test.ts
// fails when the committed files differ from what this makes. What docker-compose.yml requires, fixes or defaults
// differently is read from that file, so .env.example says it too.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { DEMO_ENVIRONMENT, DEMO_NOTIFY_EMAIL } from '../src/cli/demo-config';
import { inWords, TOKEN_NAME_RULE, type Variable, type VariableGroup } from '../src/config/values';
import { CONFIG_GROUPS } from '../src/config/variables';

const ROOT = path.join(__dirname, '..');
export const OPERATIONS_DOC = path.join(ROOT, 'docs', 'operations.md');
export const ENV_EXAMPLE = path.join(ROOT, '.env.example');
export const COMPOSE_FILE = path.join(ROOT, 'docker-compose.yml');

export const REFERENCE_START = '<!-- config-reference:start: generated from src/config/variables*.ts by `npm run config-reference`; edit the declarations, not this table -->';
export const REFERENCE_END = '<!-- config-reference:end -->';

/** Variables of docker-compose.yml itself, which the service never reads. */
const COMPOSE_ONLY: { name: string; value: string; description: string }[] = [
  { name: 'POSTGRES_PASSWORD', value: '', description: 'Password of the compose file\'s PostgreSQL (letters and digits: it is written into the database URL as it is).' },
  { name: 'HTTP_PORT', value: '8080', description: 'Host port where the compose file\'s reverse proxy (Caddy) answers.' },
];

/** What docker-compose.yml makes of a variable it requires, for .env.example. */
const COMPOSE_NOTES: Record<string, string> = {
  S3_ACCESS_KEY_ID: 'docker-compose.yml stores media in its MinIO and makes this pair its root user\'s: a name of 3+ characters.',
  S3_SECRET_ACCESS_KEY: 'docker-compose.yml\'s MinIO needs 8+ characters (e.g. `openssl rand -hex 24`).',
};

/** What a `photobook demo` uses in place of a variable's default. */
const DEMO_DEFAULTS: Record<string, string> = { ...DEMO_ENVIRONMENT, NOTIFY_EMAILS: DEMO_NOTIFY_EMAIL } as Record<string, string>;

const groups = CONFIG_GROUPS as readonly VariableGroup[];
const variablesOf = (group: VariableGroup) => Object.values(group.variables);
const code = (value: string) => `\`${value}\``;

/** The declared default as it is written in the environment (flags as 1 and 0), or undefined. */
function defaultValue(variable: Variable): string | undefined {
  if (variable.default === undefined) return undefined;
  if (typeof variable.default === 'boolean') return variable.default ? '1' : '0';
  return String(variable.default);
}

function defaultCell(variable: Variable): string {
  const value = defaultValue(variable);
  const text = variable.defaultText ?? (value === undefined ? 'unset' : value === '' ? 'empty' : code(value));
  const demo = DEMO_DEFAULTS[variable.name];
  return demo === undefined ? text : `${text} (\`photobook demo\`: ${code(demo)})`;
}

/** What a value must be, in words (Markdown), or '' for free text. */
function allowed(variable: Variable): string {
  switch (variable.kind) {
    case 'integer': return `${variable.min}-${variable.max}`;
    case 'flag': return '`0` or `1`';
    case 'choice': return inWords(variable.choices.map(code));
    case 'url': return `a URL (${inWords(variable.protocols.map(code))})`;
    case 'token-name': return TOKEN_NAME_RULE;
    case 'text': return variable.allowed ?? (variable.minLength ? `at least ${variable.minLength} characters` : '');
  }
}

const cell = (markdown: string) => markdown.replace(/\|/g, '\\|');

/** The reference: per group, its title, its condition and a table of its variables. */
export function referenceTables(): string {
  return groups.map((group) => [
    `**${group.title}.**${group.intro ? ` ${group.intro}` : ''}`,
    '',
    '| variable | default | allowed | meaning |',
    '| --- | --- | --- | --- |',
    ...variablesOf(group).map((variable) => `| ${code(variable.name)} | ${cell(defaultCell(variable))} | ${cell(allowed(variable))} | ${cell(variable.description)} |`),
  ].join('\n')).join('\n\n');
}

/** The operations document with its reference replaced by the one the declarations make. */
export function withReference(document: string): string {
  const start = document.indexOf(REFERENCE_START);
  const end = document.indexOf(REFERENCE_END);
  if (start < 0 || end < start) throw new Error(`docs/operations.md: no ${REFERENCE_START} ... ${REFERENCE_END} markers`);
  return `${document.slice(0, start + REFERENCE_START.length)}\n\n${referenceTables()}\n\n${document.slice(end)}`;
}

/** What docker-compose.yml does with each variable: which it requires, and what it gives the service. */
export function composeFacts(composeText: string) {
  const settings = composeText.split('\n').filter((line) => !line.trim().startsWith('#')).join('\n');
  const required = [...new Set([...settings.matchAll(/\$\{([A-Z][A-Z0-9_]*):\?/g)].map((match) => match[1]))];
  const document = parse(composeText, { merge: true }) as { 'x-photobook-environment'?: Record<string, string> };
  const environment = document['x-photobook-environment'];
  if (!environment) throw new Error('docker-compose.yml: no x-photobook-environment (the service\'s environment)');
  /** What compose says about a variable, in a sentence, or undefined when it passes .env's value with the same default. */
  const note = (variable: Variable): string | undefined => {
    const value = environment[variable.name];
    if (value === undefined || required.includes(variable.name)) return undefined;
    if (!value.includes(`\${${variable.name}`)) return value.includes('${') ? 'docker-compose.yml sets its own.' : `docker-compose.yml sets ${code(value)}.`;
    const composeDefault = /^\$\{[A-Z0-9_]+:-(.*)\}$/.exec(value)?.[1];
    return composeDefault && composeDefault !== defaultValue(variable) ? `docker-compose.yml's default: ${code(composeDefault)}.` : undefined;
  };
  return { required, note };
}

/**
 * Markdown as a plain sentence: links become their text (a section of the reference's own document is named with
 * it), the first letter a capital, a full stop at the end.
 */
function sentence(markdown: string): string {
  const plain = markdown.replace(/\[([^\]]+)\]\(([^)]+)\)/g, (_link, text: string, target: string) =>
    target.startsWith('#') ? `docs/operations.md, ${text}` : text);
  return `${plain[0].toUpperCase()}${plain.slice(1)}${plain.endsWith('.') ? '' : '.'}`;
}

/** Text as comment lines of at most 120 characters. */
function comment(text: string): string[] {
  const lines: string[] = [];
  let line = '#';
  for (const word of text.split(' ')) {
    if (line.length + 1 + word.length > 120 && line !== '#') {
      lines.push(line);
      line = '#';
    }
    line += ` ${word}`;
  }
  return [...lines, line];
}

/** A variable's comment and line: set to its default, or commented out (a feature off by default, or no plain default). */
function envEntry(variable: Variable, group: VariableGroup, facts: ReturnType<typeof composeFacts>): string[] {
  const value = defaultValue(variable);
  const set = !group.commented && variable.sample === undefined && value !== undefined;
  const shown = variable.sample ?? value ?? '';
  const words = allowed(variable);
  const details = [
    words && `Allowed: ${words}.`,
    shown !== value && (variable.defaultText ?? value) !== undefined && `Default: ${variable.defaultText ?? (value === '' ? 'empty' : value)}.`,
    DEMO_DEFAULTS[variable.name] !== undefined && `\`photobook demo\`: ${code(DEMO_DEFAULTS[variable.name])}.`,
    facts.note(variable),
  ].filter(Boolean);
  return [...comment([sentence(variable.description), ...details].join(' ')), `${set ? '' : '# '}${variable.name}=${shown}`];
}

export function envExample(composeText: string): string {
  const facts = composeFacts(composeText);
  const declared = new Map(groups.flatMap((group) => variablesOf(group).map((variable) => [variable.name, { variable, group }] as const)));
  const composeOnly = new Map(COMPOSE_ONLY.map((entry) => [entry.name, entry]));
  const unknown = facts.required.filter((name) => !declared.has(name) && !composeOnly.has(name));
  if (unknown.length > 0) throw new Error(`docker-compose.yml requires undeclared variables: ${unknown.join(', ')}`);
  const requiredEntries = facts.required.flatMap((name) => {
    const service = declared.get(name);
    const words = service && allowed(service.variable);
    const text = service ? [sentence(service.variable.description), words && `Allowed: ${words}.`, COMPOSE_NOTES[name]] : [composeOnly.get(name)!.description];
    return [...comment(text.filter(Boolean).join(' ')), `${name}=`];
  });
  const composeOnlyEntries = COMPOSE_ONLY.filter((entry) => !facts.required.includes(entry.name))
    .flatMap((entry) => [...comment(entry.description), `${entry.name}=${entry.value}`]);
  const sections = groups.map((group) => [
    `# --- ${group.title.replace(/`/g, '')} ---`,
    ...(group.intro ? comment(sentence(group.intro)) : []),
    ...variablesOf(group).filter((variable) => !facts.required.includes(variable.name)).flatMap((variable) => envEntry(variable, group, facts)),
  ].join('\n'));
  return [
    [
      '# Copy to .env for `docker compose up` (docker-compose.yml passes every variable of this file to the API and the',
      '# worker). The service itself reads no .env: for `npm start`, load it into the environment first,',
      '# `set -a; . ./.env; set +a; npm start`, or `node --env-file=.env bin/photobook serve`. Every variable is optional',
      '# unless noted; docs/operations.md, "Configuration", has them all in a table. Generated from src/config/variables*.ts',
      '# by `npm run config-reference`.',
    ].join('\n'),
    ['# --- Required by docker-compose.yml (it stops with a message naming the one missing) ---', ...requiredEntries].join('\n'),
    ['# --- docker-compose.yml only ---', ...composeOnlyEntries].join('\n'),
    ...sections,
  ].join('\n\n') + '\n';
}

if (require.main === module) {
  writeFileSync(OPERATIONS_DOC, withReference(readFileSync(OPERATIONS_DOC, 'utf8')));
  writeFileSync(ENV_EXAMPLE, envExample(readFileSync(COMPOSE_FILE, 'utf8')));
  console.log(`wrote ${path.relative(process.cwd(), OPERATIONS_DOC)} (configuration reference) and ${path.relative(process.cwd(), ENV_EXAMPLE)}`);
}
