// Generates src/types/schemas.d.ts, the TypeScript types of every JSON Schema in schemas/, so that a route's body and
// query types come from the same schema that validates them (`npm run schema-types`; test/http/schema-types.test.ts
// fails when the committed file differs from what this makes). A property with a default is required in the type:
// validation fills it in (ajv's useDefaults), so a handler always has it.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { compile, type JSONSchema } from 'json-schema-to-typescript';
import { type JsonSchema, loadSchemas } from '../src/http/schemas';

export const SCHEMA_TYPES_FILE = path.join(__dirname, '..', 'src', 'types', 'schemas.d.ts');

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

export async function generateSchemaTypes(): Promise<string> {
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
  const parts = ['// Generated from schemas/ by scripts/schema-types.ts (npm run schema-types): do not edit by hand.\n'];
  const names: [string, string][] = [];
  for (const schema of schemas) {
    const name = typeNameOf(schema);
    names.push([schema.$id, name]);
    const declarations = await compile(byId.get(schema.$id) as JSONSchema, name, {
      bannerComment: '', format: false, declareExternallyReferenced: true, additionalProperties: false, unreachableDefinitions: false,
      cwd: path.dirname(SCHEMA_TYPES_FILE), $refOptions: { resolve: { file: false, http: false, schemas: resolver } as never },
    });
    // Each schema's declarations in a namespace of their own: two schemas may name a part alike (an "Ids" of their $defs).
    parts.push(`export declare namespace ${name}Schema {\n${declarations.trim()}\n}\nexport type ${name} = ${name}Schema.${name};\n`);
  }
  parts.push('/** The type of each schema, by its file name ($id). */\nexport interface SchemaTypes {\n'
    + names.map(([id, name]) => `  '${id}': ${name};\n`).join('') + '}\n');
  return parts.join('\n');
}

if (require.main === module) {
  generateSchemaTypes().then((text) => {
    writeFileSync(SCHEMA_TYPES_FILE, text);
    console.log(`wrote ${path.relative(process.cwd(), SCHEMA_TYPES_FILE)}`);
  }, (error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
