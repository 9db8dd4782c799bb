// The committed types of the schemas (src/types/schemas.d.ts and src/types/schema-types/) are what scripts/schema-types.ts makes of schemas/
// today: a schema changed without `npm run schema-types` fails here, so a route's type never drifts from its validator.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { allText, generateSchemaTypes, SCHEMA_TYPES_FILE, SCHEMA_TYPES_FOLDER } from '../../scripts/schema-types';
import { loadSchemas } from '../../src/http/schemas';

describe('types generated from schemas/', () => {
  let files: Map<string, string>;
  let generated: string;
  before(async () => {
    files = await generateSchemaTypes();
    generated = allText(files);
  });

  it('are committed as generated from the schemas of today', () => {
    const committed = [SCHEMA_TYPES_FILE, ...readdirSync(SCHEMA_TYPES_FOLDER).map((name) => path.join(SCHEMA_TYPES_FOLDER, name))];
    expect(committed.sort(), 'src/types/schema-types/ has other files: run npm run schema-types').to.deep.equal([...files.keys()].sort());
    for (const [file, text] of files) {
      expect(readFileSync(file, 'utf8') === text, `${path.relative(process.cwd(), file)} is stale: run npm run schema-types`).to.equal(true);
    }
  });

  it('name a type for every schema, with defaults filled in as required properties', () => {
    for (const schema of loadSchemas()) expect(generated).to.include(`  '${schema.$id}': `);
    // count has a default of 1 in order-create.json: validation fills it, so the handler's type has it.
    expect(generated).to.match(/export interface OrderCreate \{\nlayout_id: string\ncount: number\n\}/);
    // fio_fathername is required by delivery-create.json: the type says so too.
    expect(generated).to.match(/\nfio_fathername: string\n/);
  });
});
