// The committed types of the schemas (src/types/schemas.d.ts) are what scripts/schema-types.ts makes of schemas/
// today: a schema changed without `npm run schema-types` fails here, so a route's type never drifts from its validator.
import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import { generateSchemaTypes, SCHEMA_TYPES_FILE } from '../../scripts/schema-types';
import { loadSchemas } from '../../src/http/schemas';

describe('types generated from schemas/', () => {
  let generated: string;
  before(async () => { generated = await generateSchemaTypes(); });

  it('are committed as generated from the schemas of today', () => {
    expect(readFileSync(SCHEMA_TYPES_FILE, 'utf8') === generated, 'src/types/schemas.d.ts is stale: run npm run schema-types').to.equal(true);
  });

  it('name a type for every schema, with defaults filled in as required properties', () => {
    for (const schema of loadSchemas()) expect(generated).to.include(`  '${schema.$id}': `);
    // count has a default of 1 in order-create.json: validation fills it, so the handler's type has it.
    expect(generated).to.match(/export interface OrderCreate \{\nlayout_id: string\ncount: number\n\}/);
    // fio_fathername is required by delivery-create.json: the type says so too.
    expect(generated).to.match(/\nfio_fathername: string\n/);
  });
});
