import { expect } from 'chai';
import { createLoginService } from '../../src/auth/login-service';
import type { ExternalProfile } from '../../src/auth/oauth/provider';
import { DATABASE_KIND } from '../helpers/database';
import { type TestRuntime, testRuntime } from '../helpers/runtime';

const verified = (providerUserId: string, email: string): ExternalProfile => ({
  providerUserId, email, emailVerified: true, name: `Person ${providerUserId}`, raw: {},
});

describe(`users for provider identities (${DATABASE_KIND})`, () => {
  let runtime: TestRuntime;
  let login: ReturnType<typeof createLoginService>;
  before(async () => {
    runtime = await testRuntime();
    login = createLoginService(runtime.db, runtime.services.deletions);
  });
  after(() => runtime.dispose());

  const identitiesOf = async (userId: number) =>
    (await runtime.db.sql.query<{ provider: string }>('SELECT provider FROM user_identities WHERE user_id = $1 ORDER BY provider', [userId])).rows
      .map((row) => row.provider);

  it('never joins accounts by e-mail: two verified identities of different providers with one address are two users', async () => {
    // Whoever controls an address at one provider must not get the account made through another.
    const first = await login.userForProfile('google', verified('g-1', 'Same@Example.com'), null);
    const second = await login.userForProfile('vk', verified('vk-1', 'same@example.com'), null);
    expect(second.id).not.to.equal(first.id);
    expect(await identitiesOf(first.id)).to.deep.equal(['google']);
    expect(await identitiesOf(second.id)).to.deep.equal(['vk']);
    // The address belongs to the first user only; the second keeps it on its identity, not as its own.
    expect([first.email, second.email]).to.deep.equal(['Same@Example.com', null]);
  });

  it('finds the same user for the same identity again', async () => {
    const first = await login.userForProfile('instagram', verified('ig-1', 'insta@example.com'), null);
    const again = await login.userForProfile('instagram', verified('ig-1', 'insta@example.com'), null);
    expect(again.id).to.equal(first.id);
  });
});
