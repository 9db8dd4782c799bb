// Every regular expression that validates client text (patterns, patternProperties, formats of schemas/) must take
// linear time: one request may carry a string as long as the largest JSON body, and matching runs on the event loop.
import { expect } from 'chai';
import { fullFormats } from 'ajv-formats/dist/formats';
import vm from 'node:vm';
import { loadSchemas } from '../../src/http/schemas';
import { testConfig } from '../helpers/runtime';
import { describeBeyondTheDatabase } from '../helpers/database';

interface SchemaRegExp {
  /** The pattern, or the format's name. */
  name: string;
  /** Every place in schemas/ that uses it. */
  places: string[];
  test: (text: string) => boolean;
}

// Keywords whose values are data, not schemas (an example's "pattern" key is no pattern), and those whose values map
// names to schemas (a property may be called "description" or "pattern").
const DATA_KEYWORDS = new Set(['default', 'examples', 'const', 'enum', 'description', 'title']);
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);

function formatCheck(name: string): ((text: string) => boolean) | undefined {
  const format = (fullFormats as Record<string, unknown>)[name];
  const check = format && typeof format === 'object' && 'validate' in format ? format.validate : format;
  if (check instanceof RegExp) return (text) => check.test(text);
  if (typeof check === 'function') return (text) => Boolean(check(text));
  return undefined;
}

/** Every pattern (patternProperties' names too) and every checked format, wherever it sits in a schema, each once. */
function schemaRegExps(): SchemaRegExp[] {
  const found = new Map<string, SchemaRegExp>();
  const add = (key: string, name: string, place: string, test: () => SchemaRegExp['test'] | undefined) => {
    const known = found.get(key);
    if (known) known.places.push(place);
    else {
      const check = test();
      if (check) found.set(key, { name, places: [place], test: check });
    }
  };
  const addPattern = (place: string, pattern: string) => add(`pattern ${pattern}`, pattern, place, () => {
    const regExp = new RegExp(pattern, 'u'); // as ajv compiles it (unicodeRegExp)
    return (text) => regExp.test(text);
  });
  const visit = (node: unknown, where: string): void => {
    if (Array.isArray(node)) {
      node.forEach((item, index) => visit(item, `${where}/${index}`));
      return;
    }
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (DATA_KEYWORDS.has(key)) continue;
      if (key === 'pattern' && typeof value === 'string') addPattern(`${where}/pattern`, value);
      else if (key === 'format' && typeof value === 'string') add(`format ${value}`, `format ${value}`, `${where}/format`, () => formatCheck(value));
      else if (SCHEMA_MAPS.has(key) && value && typeof value === 'object') {
        for (const [name, schema] of Object.entries(value)) {
          if (key === 'patternProperties') addPattern(`${where}/patternProperties`, name);
          visit(schema, `${where}/${key}/${name}`);
        }
      } else visit(value, `${where}/${key}`);
    }
  };
  for (const schema of loadSchemas()) visit(schema, `schemas/${schema.$id}#`);
  return [...found.values()];
}

// The usual ways to make a backtracking engine try every split: a long run of one character, or of a pair, that a
// pattern accepts, ended by one that it does not (a control character, punctuation) or by nothing.
const SINGLE_CHARACTERS = ['a', 'Z', '0', '9', 'x', 'T', ' ', '\t', '\n', '\u00a0', 'é', 'я', '-', '_', '.', '+', ':', '/', '@', '%', '\u0001', '\u007f'];
const PAIR_CHARACTERS = ['a', '0', ' ', '.', '-', '\t'];
const ENDINGS = ['', '!', ' ', '\u0001'];

function* adversarialTexts(length: number): Generator<{ label: string; text: string }> {
  const runs = [...SINGLE_CHARACTERS];
  for (const first of PAIR_CHARACTERS) for (const second of PAIR_CHARACTERS) if (first !== second) runs.push(first + second);
  for (const run of runs) {
    const body = run.repeat(Math.floor((length - 1) / run.length));
    for (const ending of ENDINGS) yield { label: `${JSON.stringify(run)} x ${body.length / run.length} + ${JSON.stringify(ending)}`, text: body + ending };
  }
}

// Generous against a busy machine (a second past which three tries in a row fail only for a pattern that is not
// linear): a linear pattern scans a megabyte in a few milliseconds, a quadratic one needs
// minutes. The VM's timeout interrupts a match that runs past it, so a catastrophic pattern fails instead of hanging.
const BUDGET_MS = 1000;
const sandbox = vm.createContext({ match: (): boolean => false });
const runMatch = new vm.Script('match()');

function finishesOnce(): boolean {
  try {
    runMatch.runInContext(sandbox, { timeout: BUDGET_MS });
    return true;
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_SCRIPT_EXECUTION_TIMEOUT') return false;
    throw error;
  }
}

// A linear check that a busy machine (CI runs two suites side by side) stalled past the budget once finishes the next
// time; a backtracking one runs past it every time. So a match fails only when all its tries do.
const TRIES = 3;

function finishesInTime(test: (text: string) => boolean, text: string): boolean {
  sandbox.match = () => test(text);
  for (let attempt = 0; attempt < TRIES; attempt += 1) if (finishesOnce()) return true;
  return false;
}

describeBeyondTheDatabase('schema patterns on adversarial text of the largest JSON body', () => {
  const length = testConfig().maxJsonBodyBytes;
  const regExps = schemaRegExps();

  it('finds the patterns of every kind of place in schemas/', () => {
    expect(length).to.equal(1024 * 1024);
    const places = regExps.flatMap((regExp) => regExp.places);
    expect(places).to.include.members([
      'schemas/layout-clone.json#/properties/name/pattern',
      'schemas/theme-create.json#/properties/name/pattern',
      'schemas/theme-create.json#/properties/description/pattern',
      'schemas/gallery-filter.json#/properties/template_cat/items/pattern',
      'schemas/delivery-options.json#/properties/data/patternProperties',
      'schemas/layout.json#/properties/scheme_theme_rel/propertyNames/pattern',
      'schemas/delivery-create.json#/$defs/phone/pattern',
    ]);
    expect(regExps.map((regExp) => regExp.name)).to.include.members(['^[123]$', 'format uuid', 'format date-time', 'format uri']);
  });

  for (const regExp of regExps) {
    const places = regExp.places.length > 2 ? `${regExp.places.slice(0, 2).join(', ')} and ${regExp.places.length - 2} more` : regExp.places.join(', ');
    it(`${regExp.name} (${places}) matches in linear time`, () => {
      for (const { label, text } of adversarialTexts(length)) {
        expect(finishesInTime(regExp.test, text), `not done within ${BUDGET_MS} ms on ${label}`).to.equal(true);
      }
    });
  }
});
