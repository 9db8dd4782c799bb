// Generates the TypeScript types of every JSON Schema in schemas/, one file per schema in src/types/schema-types/ and
// src/types/schemas.d.ts re-exporting them, so that a route's body and query types come from the same schema that
// validates them (`npm run schema-types`; test/http/schema-types.test.ts fails when the committed files differ from
// what this makes). A property with a default is required in the type:
// validation fills it in (ajv's useDefaults), so a handler always has it.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { compile, type JSONSchema } from 'json-schema-to-typescript';
import { type JsonSchema, loadSchemas } from '../src/http/schemas';

export const SCHEMA_TYPES_FILE = path.join(__dirname, '..', 'src', 'types', 'schemas.d.ts');
/** One declaration file per schema, named by its $id. */
export const SCHEMA_TYPES_FOLDER = path.join(__dirname, '..', 'src', 'types', 'schema-types');
const BANNER = '// Generated from schemas/ by scripts/schema-types.ts (npm run schema-types): do not edit by hand.\n';
const fileOf = (id: string) => path.join(SCHEMA_TYPES_FOLDER, id.replace(/\.json$/, '.d.ts'));

/** The schema with every property that has a default listed as required, at every depth. */
function defaultsRequired(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(defaultsRequired);
  if (!node || typeof node !== 'object') return node;
  const copy = Object.fromEntries(Object.entries(node).map(([key, value]) => [key, defaultsRequired(value)])) as Record<string, unknown>;
  const properties = copy.properties as Record<string, { default?: unknown }> | undefined;
  if (properties && typeof properties === 'object') {
    const withDefaults = Object.keys(properties).filter((name) => properties[name] && 'default' in properties[name]);
    if (withDefaults.length > 0) copy.required = [...new Set([...((copy.required as string[] | undefined) ?? []), ...withDefaults])];
  }
  return copy;
}

const typeNameOf = (schema: JsonSchema) => String(schema.title ?? schema.$id.replace(/\.json$/, ''))
  .replace(/(^|[-_ ])(\w)/g, (_match, _sep, letter: string) => letter.toUpperCase());

export async function generateSchemaTypes(): Promise<Map<string, string>> {
  const schemas = loadSchemas();
  const byId = new Map(schemas.map((schema) => [schema.$id, defaultsRequired(schema) as JsonSchema]));
  // References between files ("layout-page.json", "theme-create.json#/properties/author") resolve to the loaded schemas.
  const resolver = {
    order: 1,
    canRead: true,
    read(file: { url: string }) {
      const schema = byId.get(path.basename(file.url));
      if (!schema) throw new Error(`schemas/: no schema ${file.url}`);
      return JSON.stringify(schema);
    },
  };
  const files = new Map<string, string>();
  const names: [string, string][] = [];
  for (const schema of schemas) {
    const name = typeNameOf(schema);
    names.push([schema.$id, name]);
    // maxItems -1: a bounded list is an array, not a union of a tuple per length (4,000 lines for one list of 20).
    const declarations = await compile(byId.get(schema.$id) as JSONSchema, name, {
      bannerComment: '', format: false, declareExternallyReferenced: true, maxItems: -1, additionalProperties: false, unreachableDefinitions: false,
      cwd: SCHEMA_TYPES_FOLDER, $refOptions: { resolve: { file: false, http: false, schemas: resolver } as never },
    });
    // Each schema's declarations in a namespace of their own: two schemas may name a part alike (an "Ids" of their $defs).
    files.set(fileOf(schema.$id), `${BANNER}\nexport declare namespace ${name}Schema {\n${declarations.trim()}\n}\nexport type ${name} = ${name}Schema.${name};\n`);
  }
  const module = (id: string) => `./schema-types/${id.replace(/\.json$/, '')}`;
  files.set(SCHEMA_TYPES_FILE, `${BANNER}\n${names.map(([id]) => `export * from '${module(id)}';\n`).join('')}
/** The type of each schema, by its file name ($id). */
export interface SchemaTypes {
${names.map(([id, name]) => `  '${id}': import('${module(id)}').${name};\n`).join('')}}
`);
  return files;
}

/** Every generated file's text, one after another: what the tests read the types in. */
export const allText = (files: Map<string, string>) => [...files.values()].join('\n');

if (require.main === module) {
  generateSchemaTypes().then((files) => {
    // The folder is made anew: a schema removed leaves no file behind.
    rmSync(SCHEMA_TYPES_FOLDER, { recursive: true, force: true });
    mkdirSync(SCHEMA_TYPES_FOLDER, { recursive: true });
    for (const [file, text] of files) writeFileSync(file, text);
    console.log(`wrote ${path.relative(process.cwd(), SCHEMA_TYPES_FILE)} and ${readdirSync(SCHEMA_TYPES_FOLDER).length} files in ${path.relative(process.cwd(), SCHEMA_TYPES_FOLDER)}`);
  }, (error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
