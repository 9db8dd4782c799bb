// Seeded values from JSON Schemas: valid ones, and each kind of wrong one.
import type { Schema } from './spec';

export type Random = () => number;

/** mulberry32: small, fast and the same on every machine for a seed. */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

export const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)];
const integerBetween = (random: Random, low: number, high: number) => low + Math.floor(random() * (high - low + 1));

const ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-';
const randomWord = (random: Random, length: number) =>
  Array.from({ length }, () => ALPHABET[Math.floor(random() * ALPHABET.length)]).join('');

/** Values that are wrong for nearly any field: other types, extremes, unicode, empty, injection-shaped text. */
export const HOSTILE_VALUES: readonly unknown[] = [
  null, true, false, 0, -1, 1.5, -2147483649, 2 ** 53, 1e308, Number.MIN_SAFE_INTEGER, '', ' ', '0', '-1', 'NaN', 'null',
  'x'.repeat(10_000), 'Ωmega ✓ 漢字 👍🏽', '\u0000', '\u202e', '../../etc/passwd', "' OR 1=1 --", '%', '%00', '<script>alert(1)</script>',
  '2026-13-45T25:61:00Z', '１２３', [], [1, 'a'], {}, { $gt: '' }, { __proto__: { polluted: true } }, [[[[[]]]]],
];

/** A value the schema accepts, as far as a generator can tell (patterns are not solved: text fits the usual ones). */
export function validValue(schema: Schema, random: Random, depth = 0): unknown {
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum)) return pick(random, schema.enum);
  if (schema.default !== undefined && random() < 0.2) return schema.default;
  for (const key of ['oneOf', 'anyOf'] as const) {
    if (Array.isArray(schema[key])) return validValue(pick(random, schema[key] as Schema[]), random, depth);
  }
  if (Array.isArray(schema.allOf)) return validValue(Object.assign({}, ...(schema.allOf as Schema[])), random, depth);
  const type = Array.isArray(schema.type) ? pick(random, (schema.type as string[]).filter((name) => name !== 'null')) : schema.type;
  switch (type) {
    case 'integer':
    case 'number': {
      const low = typeof schema.minimum === 'number' ? schema.minimum : 1;
      // Without a maximum the number is most often an id: small ones exist.
      const high = typeof schema.maximum === 'number' ? schema.maximum : low + 9;
      return integerBetween(random, Math.ceil(low), Math.floor(Math.min(high, low + 1000)));
    }
    case 'boolean':
      return random() < 0.5;
    case 'array': {
      const count = depth > 3 ? 0 : integerBetween(random, (schema.minItems as number) ?? 0, Math.min((schema.maxItems as number) ?? 3, 3));
      return Array.from({ length: count }, () => validValue((schema.items ?? {}) as Schema, random, depth + 1));
    }
    case 'object':
      return validObject(schema, random, depth);
    case 'string':
      return validString(schema, random);
    default:
      return schema.properties ? validObject(schema, random, depth) : randomWord(random, 6);
  }
}

function validString(schema: Schema, random: Random): string {
  if (schema.format === 'date-time') return new Date(Date.UTC(2026, 0, 1 + integerBetween(random, 0, 300))).toISOString();
  if (schema.format === 'email') return `${randomWord(random, 6).toLowerCase()}@example.com`;
  if (schema.format === 'uri') return `https://example.com/${randomWord(random, 5)}`;
  const low = (schema.minLength as number) ?? 1;
  const high = Math.min((schema.maxLength as number) ?? 12, low + 12);
  return randomWord(random, integerBetween(random, low, Math.max(low, high)));
}

function validObject(schema: Schema, random: Random, depth: number): Record<string, unknown> {
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  // Fields a conditional may require (if/then) are always given: the value then fits either way.
  const required = new Set([...((schema.required ?? []) as string[]), ...((((schema.then ?? {}) as Schema).required ?? []) as string[])]);
  const result: Record<string, unknown> = {};
  for (const [name, property] of Object.entries(properties)) {
    if (required.has(name) || random() < 0.6) result[name] = validValue(property, random, depth + 1);
  }
  return result;
}
