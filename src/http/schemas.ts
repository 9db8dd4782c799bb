// Loads the JSON Schemas in schemas/ (each names itself by $id) for validation and the OpenAPI document.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export type JsonSchema = Record<string, unknown> & { $id: string };

export const SCHEMAS_DIR = path.join(__dirname, '..', '..', 'schemas');

export function loadSchemas(dir = SCHEMAS_DIR): JsonSchema[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => {
      const schema = JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as JsonSchema;
      if (schema.$id !== name) throw new Error(`schemas/${name} must have "$id": "${name}"`);
      return schema;
    });
}
