import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import request from 'supertest';
import { createValidator } from '../../src/http/validation';
import type { RunningServer } from '../../src/server';
import { DATABASE_KIND } from '../helpers/database';
import { type TestRuntime, testRuntime, testServer } from '../helpers/runtime';
import { seedLayoutCatalog } from './catalog';

const LAYOUTS_PER_USER = 3;
const REFUSAL = { non_field_errors: [`You already have ${LAYOUTS_PER_USER} layouts outside the bin, the most one user may keep: move some to the bin first.`] };

describe(`LAYOUTS_PER_USER: a user's layouts outside the bin are capped (${DATABASE_KIND})`, () => {
  let runtime: TestRuntime;
  let server: RunningServer & { url: string };
  let product: number;

  const newUser = async () => `Bearer ${runtime.tokens.issue(await runtime.users.create({ email: `${randomUUID()}@example.com`, role: 'user' }))}`;
  const copy = (auth: string) => request(server.url).post('/api/ua/layout/').set('Authorization', auth).send({ product_id: product });
  const generate = (auth: string) => request(server.url).post(`/api/ua/product/${product}/generate-layout/`).set('Authorization', auth).send({});
  const clone = (auth: string, layoutId: string) =>
    request(server.url).post(`/api/ua/layout/${layoutId}/clone/`).set('Authorization', auth).send({ name: 'Copy' });
  const moveToBin = (auth: string, layoutId: string, deleted: boolean) =>
    request(server.url).patch(`/api/ua/layout/${layoutId}/`).set('Authorization', auth).send({ deleted });
  const owned = async (auth: string) => (await request(server.url).get('/api/ua/layout/?status=OPEN').set('Authorization', auth)).body.count as number;
  const rowsOf = async (auth: string) => {
    const userId = Number(JSON.parse(Buffer.from(auth.split('.')[1], 'base64url').toString()).sub);
    return (await runtime.db.sql.query<{ status: string }>('SELECT status FROM layouts WHERE owner_id = $1 ORDER BY status', [userId])).rows
      .map((row) => row.status);
  };

  before(async () => {
    runtime = await testRuntime({ LAYOUTS_PER_USER: String(LAYOUTS_PER_USER) });
    product = (await seedLayoutCatalog(runtime)).products[0];
    server = await testServer(runtime);
  });
  after(async () => {
    await server.stop();
    await runtime.dispose();
  });

  it('answers 400 in the validation shape to a copy, a generated layout or a clone past the cap, and creates nothing', async () => {
    const auth = await newUser();
    const first = await copy(auth);
    expect(first.status).to.equal(201);
    expect((await generate(auth)).status).to.equal(201);
    expect((await clone(auth, first.body.id)).status).to.equal(201);

    for (const refused of [await copy(auth), await generate(auth), await clone(auth, first.body.id)]) {
      expect(refused.status).to.equal(400);
      expect(refused.body).to.deep.equal(REFUSAL);
      expect(createValidator(runtime.schemas).errorsOf('validation-error.json', refused.body)).to.equal(null);
    }
    expect(await rowsOf(auth)).to.deep.equal(['OPEN', 'OPEN', 'OPEN']);
    // Another user's cap is their own.
    expect((await copy(await newUser())).status).to.equal(201);
  });

  it('counts layouts outside the bin only, and refuses a move out of the bin past the cap', async () => {
    const auth = await newUser();
    const ids = [(await copy(auth)).body.id, (await copy(auth)).body.id, (await copy(auth)).body.id] as string[];
    expect((await moveToBin(auth, ids[0], true)).status).to.equal(200);
    expect((await copy(auth)).status).to.equal(201);
    expect(await owned(auth)).to.equal(LAYOUTS_PER_USER);

    const restore = await moveToBin(auth, ids[0], false);
    expect(restore.status).to.equal(400);
    expect(restore.body).to.deep.equal(REFUSAL);
    expect(await rowsOf(auth)).to.deep.equal(['DELETED', 'OPEN', 'OPEN', 'OPEN']);
    // A live layout may still be renamed, and "restoring" one that is not in the bin changes nothing.
    expect((await moveToBin(auth, ids[1], false)).status).to.equal(200);
  });

  it('holds under concurrent requests of one user', async () => {
    const auth = await newUser();
    const statuses = (await Promise.all(Array.from({ length: 8 }, () => copy(auth)))).map((answer) => answer.status).sort();
    expect(statuses).to.deep.equal([201, 201, 201, 400, 400, 400, 400, 400]);
    expect(await rowsOf(auth)).to.have.length(LAYOUTS_PER_USER);
  });
});
