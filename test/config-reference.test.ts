// The configuration's declarations are its only description: docs/operations.md's reference and .env.example are
// what scripts/config-reference.ts makes of them, and the parsers read exactly the declared variables.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import {
  COMPOSE_FILE, composeFacts, ENV_EXAMPLE, envExample, OPERATIONS_DOC, REFERENCE_END, REFERENCE_START, withReference,
} from '../scripts/config-reference';
import { type Env, loadConfig } from '../src/config';
import type { Variable } from '../src/config/values';
import { VARIABLES } from '../src/config/variables';

const REGENERATE = 'differs from the declarations in src/config/variables*.ts: run `npm run config-reference` and commit the result';
const DECLARED = Object.keys(VARIABLES).sort();

/** Every variable name loadConfig looks up in env. */
function variablesRead(env: Env): string[] {
  const read = new Set<string>();
  loadConfig(new Proxy(env, {
    get(target, name) {
      if (typeof name === 'string') read.add(name);
      return target[name as string];
    },
  }));
  return [...read];
}

describe('the configuration reference', () => {
  it('in docs/operations.md is the one the declarations make', () => {
    const committed = readFileSync(OPERATIONS_DOC, 'utf8');
    expect(committed).to.include(REFERENCE_START).and.to.include(REFERENCE_END);
    expect(withReference(committed) === committed, `docs/operations.md ${REGENERATE}`).to.equal(true);
  });

  it('in .env.example is the one the declarations make, and names each variable once', () => {
    const committed = readFileSync(ENV_EXAMPLE, 'utf8');
    expect(envExample(readFileSync(COMPOSE_FILE, 'utf8')) === committed, `.env.example ${REGENERATE}`).to.equal(true);
    // What test/deploy/compose.test.ts (and a reader) takes for a variable: a line NAME=..., set or commented out.
    const named = [...committed.matchAll(/^#? ?([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]);
    expect(named.filter((name, index) => named.indexOf(name) !== index)).to.deep.equal([]);
    expect(named.filter((name) => !(name in VARIABLES)).sort()).to.deep.equal(['HTTP_PORT', 'POSTGRES_PASSWORD']);
    expect(DECLARED.filter((name) => !named.includes(name))).to.deep.equal([]);
  });

  it('in docker-compose.yml passes each variable with its declared default, except where the stack means another', () => {
    // The stack's own choices: its public address (Caddy on 8080), JSON logs for a log collector, the sandbox login
    // off (a production stack), and the bucket it creates. Any other default there is a copy that went stale.
    const { note } = composeFacts(readFileSync(COMPOSE_FILE, 'utf8'));
    const ownDefaults = (Object.values(VARIABLES) as Variable[])
      .filter((variable) => note(variable)?.startsWith("docker-compose.yml's default"))
      .map((variable) => variable.name).sort();
    expect(ownDefaults).to.deep.equal(['LOG_FORMAT', 'PUBLIC_BASE_URL', 'S3_BUCKET', 'SANDBOX_LOGIN']);
  });

  it('is all the parsers read: every declared variable and no other', () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'photobook-config-reference-'));
    try {
      // Every optional part switched on, so that the variables it alone reads are read too.
      const everything: Env = {
        DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(32), MEDIA_STORAGE: 's3', S3_BUCKET: 'photobook', S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret', GOOGLE_CLIENT_ID: 'g', GOOGLE_CLIENT_SECRET: 'g', VK_CLIENT_ID: 'v', VK_CLIENT_SECRET: 'v',
        INSTAGRAM_CLIENT_ID: 'i', INSTAGRAM_CLIENT_SECRET: 'i', DELIVERY_PROVIDER: 'ddelivery', DDELIVERY_API_KEY: 'd',
        PAYMENT_PROVIDER: 'yookassa', YOOKASSA_SHOP_ID: 'y', YOOKASSA_SECRET_KEY: 'y',
        PRINT_PARTNER: 'lulu', LULU_CLIENT_KEY: 'l', LULU_CLIENT_SECRET: 'l',
      };
      expect(variablesRead(everything).sort()).to.deep.equal(DECLARED);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('gives every variable a description and a default that its own range allows', () => {
    for (const variable of Object.values(VARIABLES) as Variable[]) {
      expect(variable.description, variable.name).to.match(/^\S.*\S$/);
      if (variable.kind === 'integer' && variable.default !== undefined) {
        expect(variable.default, variable.name).to.be.within(variable.min, variable.max);
      }
      if (variable.kind === 'choice' && variable.default !== undefined) expect(variable.choices, variable.name).to.include(variable.default);
    }
  });
});
