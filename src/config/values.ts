// Declaring an environment variable (name, default, allowed values, description) and reading it into a checked value;
// a bad value is a ConfigError naming the variable. The declarations themselves are in variables.ts.

export class ConfigError extends Error {}

export type Env = Record<string, string | undefined>;

/** What every declaration says besides its type: the reference (docs/operations.md) and .env.example come from it. */
interface Described {
  /** What the variable does, for the reference and .env.example (Markdown: `code` and links). */
  description: string;
  /** The default in words, where it is computed at start rather than a value (`http://localhost:PORT`). */
  defaultText?: string;
  /** A value .env.example shows, commented out, instead of setting the default. */
  sample?: string;
}

/** A variable's type and, where it has one that does not depend on others, its default. */
export type VariableSpec = Described & (
  | { kind: 'integer'; default?: number; min: number; max: number }
  | { kind: 'flag'; default?: boolean }
  | { kind: 'choice'; choices: readonly string[]; default?: string }
  | { kind: 'url'; protocols: readonly string[]; default?: string }
  /** A name carried in a token claim (JWT_ISSUER, JWT_AUDIENCE): printable, no spaces, at most 200 characters. */
  | { kind: 'token-name'; default: string }
  /** Free text, checked by its reader; `allowed` says in words what that reader accepts. */
  | { kind: 'text'; default?: string; allowed?: string; minLength?: number });

export type Variable = VariableSpec & { name: string };
type Of<Kind extends Variable['kind']> = Extract<Variable, { kind: Kind }>;

export interface VariableGroup<Variables = Readonly<Record<string, Variable>>> {
  /** The heading of the group in the reference and .env.example. */
  title: string;
  /** A sentence before the group's table, where its variables share a condition. */
  intro?: string;
  /** A feature that is off by default: .env.example shows its variables commented out. */
  commented?: boolean;
  variables: Variables;
}

/** A group of declarations, each given its name (the key) so that a reader needs nothing else. */
export function defineGroup<const Specs extends Record<string, VariableSpec>>(
  group: Omit<VariableGroup, 'variables'>, specs: Specs,
): VariableGroup<{ readonly [Name in keyof Specs & string]: Specs[Name] & { name: Name } }> {
  const variables = Object.fromEntries(Object.entries(specs).map(([name, spec]) => [name, Object.freeze({ ...spec, name })]));
  return Object.freeze({ ...group, variables: Object.freeze(variables) }) as never;
}

export function integer(env: Env, variable: Of<'integer'> & { default: number }): number;
export function integer(env: Env, variable: Of<'integer'>): number | undefined;
export function integer(env: Env, { name, default: fallback, min, max }: Of<'integer'>): number | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new ConfigError(`${name} must be an integer from ${min} to ${max}, got "${raw}"`);
  }
  return Number(raw);
}

/** Whether raw is one of the choices (a type guard: includes() alone does not narrow a string). */
export function isChoice<const Choices extends readonly string[]>(choices: Choices, raw: string): raw is Choices[number] {
  return (choices as readonly string[]).includes(raw);
}

/** The choices as a sentence: "a, b or c". */
export function inWords(choices: readonly string[]): string {
  return choices.length > 1 ? `${choices.slice(0, -1).join(', ')} or ${choices[choices.length - 1]}` : choices.join('');
}

export function oneOf<const Choices extends readonly string[]>(
  env: Env, { name, choices, default: fallback }: { name: string; choices: Choices; default: Choices[number] },
): Choices[number] {
  const raw = env[name] || fallback;
  if (!isChoice(choices, raw)) throw new ConfigError(`${name} must be one of ${choices.join(', ')}, got "${raw}"`);
  return raw;
}

/** A flag's default is the declared one, or the one given where it depends on other settings. */
export function flag(env: Env, variable: Of<'flag'> & { default: boolean }): boolean;
export function flag(env: Env, variable: Of<'flag'>, fallback: boolean): boolean;
export function flag(env: Env, variable: Of<'flag'>): boolean | undefined;
export function flag(env: Env, { name, default: declared }: Of<'flag'>, fallback = declared): boolean | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw.toLowerCase())) return true;
  if (['0', 'false', 'no', 'off'].includes(raw.toLowerCase())) return false;
  throw new ConfigError(`${name} must be 0 or 1, got "${raw}"`);
}

/** Free text as it is, or its default when unset or empty. */
export function text(env: Env, variable: Of<'text'> & { default: string }): string;
export function text(env: Env, variable: Of<'text'>): string | undefined;
export function text(env: Env, { name, default: fallback }: Of<'text'>): string | undefined {
  return env[name] || fallback;
}

export const TOKEN_NAME_RULE = '1 to 200 printable characters without spaces';

export function tokenName(env: Env, { name, default: fallback }: Of<'token-name'>): string {
  const raw = env[name] || fallback;
  if (!/^[\x21-\x7e]{1,200}$/.test(raw)) throw new ConfigError(`${name} must be ${TOKEN_NAME_RULE}, got "${raw}"`);
  return raw;
}

/** A URL as it may appear in an error: passwords (user:password@ and password=...) replaced by ***. */
export function maskedUrl(raw: string): string {
  // The password is whatever stands between the user's colon and the last @, whatever characters it holds (an
  // unencoded / # or ? in it is just what makes such a URL invalid, and so printed).
  const at = raw.lastIndexOf('@');
  const schemeEnd = raw.indexOf('://');
  const start = schemeEnd >= 0 && schemeEnd < at ? schemeEnd + 3 : 0;
  const colon = raw.indexOf(':', start);
  const masked = at > 0 && colon >= start && colon < at ? `${raw.slice(0, colon + 1)}***${raw.slice(at)}` : raw;
  return masked.replace(/((?:^|[?&;])password=)[^&;#]*/gi, '$1***');
}

function checkedUrl(name: string, raw: string, protocols: readonly string[]): string {
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(`${name} must be a URL, got "${maskedUrl(raw)}"`);
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(`${name} must use ${protocols.join(' or ')}, got "${maskedUrl(raw)}"`);
  }
  return raw;
}

/** A URL of one of the declared protocols; unset, the declared default or the one given (computed from others). */
export function urlValue(env: Env, variable: Of<'url'> & { default: string }): string;
export function urlValue(env: Env, variable: Of<'url'>, fallback: string): string;
export function urlValue(env: Env, variable: Of<'url'>): string | undefined;
export function urlValue(env: Env, { name, protocols, default: declared }: Of<'url'>, fallback = declared): string | undefined {
  const raw = env[name] || fallback;
  return raw === undefined ? undefined : checkedUrl(name, raw, protocols);
}

export function required(env: Env, { name }: Variable, reason: string): string {
  const value = env[name];
  if (!value) throw new ConfigError(`${name} is required ${reason}`);
  return value;
}
