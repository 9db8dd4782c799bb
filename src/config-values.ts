// Reading one environment variable into a checked value; a bad value is a ConfigError naming the variable.

export class ConfigError extends Error {}

export type Env = Record<string, string | undefined>;

export function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new ConfigError(`${name} must be an integer from ${min} to ${max}, got "${raw}"`);
  }
  return Number(raw);
}

export function oneOf<T extends string>(env: Env, name: string, choices: readonly T[], fallback: T): T {
  const raw = env[name] || fallback;
  if (!choices.includes(raw as T)) throw new ConfigError(`${name} must be one of ${choices.join(', ')}, got "${raw}"`);
  return raw as T;
}

export function flag(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw.toLowerCase())) return true;
  if (['0', 'false', 'no', 'off'].includes(raw.toLowerCase())) return false;
  throw new ConfigError(`${name} must be 0 or 1, got "${raw}"`);
}

/** A name carried in a token claim (JWT_ISSUER, JWT_AUDIENCE): printable, no spaces, at most 200 characters. */
export function tokenName(env: Env, name: string, fallback: string): string {
  const raw = env[name] || fallback;
  if (!/^[\x21-\x7e]{1,200}$/.test(raw)) throw new ConfigError(`${name} must be 1 to 200 printable characters without spaces, got "${raw}"`);
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

export function url(name: string, raw: string, protocols: string[]): string {
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

export function endpoint(env: Env, name: string, fallback: string): string {
  return url(name, env[name] || fallback, ['http:', 'https:']);
}

export function required(env: Env, name: string, reason: string): string {
  const value = env[name];
  if (!value) throw new ConfigError(`${name} is required ${reason}`);
  return value;
}
