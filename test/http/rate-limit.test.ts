import { expect } from 'chai';
import type { Context } from 'koa';
import request from 'supertest';
import { buildApp } from '../../src/app';
import { ConfigError, loadConfig } from '../../src/config';
import { rateLimit } from '../../src/http/rate-limit';
import { DATABASE_KIND } from '../helpers/database';
import { type TestRuntime, testRuntime } from '../helpers/runtime';

describe(`login rate limit behind proxies (${DATABASE_KIND})`, () => {
  let runtime: TestRuntime;
  before(async () => {
    // vk is configured so that /auth/vk/ is a real login route; its endpoints are never called here.
    runtime = await testRuntime({ VK_CLIENT_ID: 'id', VK_CLIENT_SECRET: 'secret', LOGIN_RATE_LIMIT_PER_MINUTE: '3' });
  });
  after(() => runtime.dispose());

  const statusesFrom = async (hops: number, forwardedFor: (attempt: number) => string) => {
    const app = request(buildApp({ ...runtime, config: { ...runtime.config, trustProxy: hops > 0, trustProxyHops: hops } }).callback());
    const statuses = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      statuses.push((await app.get('/auth/vk/').set('X-Forwarded-For', forwardedFor(attempt))).status);
    }
    return statuses;
  };

  it('with one proxy, believes only the address that proxy appended, not what the client wrote before it', async () => {
    // The client writes a new address each time; our proxy appends the real one (203.0.113.7).
    expect(await statusesFrom(1, (attempt) => `10.0.0.${attempt}, 203.0.113.7`)).to.deep.equal([200, 200, 200, 429, 429]);
  });

  it('with two proxies, believes the two right-most entries', async () => {
    expect(await statusesFrom(2, (attempt) => `10.9.0.${attempt}, 203.0.113.8, 198.51.100.1`)).to.deep.equal([200, 200, 200, 429, 429]);
  });

  it('without TRUST_PROXY, ignores X-Forwarded-For entirely', async () => {
    expect(await statusesFrom(0, (attempt) => `10.8.0.${attempt}`)).to.deep.equal([200, 200, 200, 429, 429]);
  });

  it('reads TRUST_PROXY as a number of hops', () => {
    const config = loadConfig({ DATA_DIR: runtime.config.dataDir, TRUST_PROXY: '2' });
    expect([config.trustProxy, config.trustProxyHops]).to.deep.equal([true, 2]);
    expect(() => loadConfig({ DATA_DIR: runtime.config.dataDir, TRUST_PROXY: 'yes' })).to.throw(ConfigError, 'TRUST_PROXY must be an integer from 0 to 10');
  });
});

describe('rate limit memory', () => {
  it('tracks at most maxAddresses addresses under a flood of distinct ones, and still limits the newest', async () => {
    const limit = rateLimit(2, 100);
    const pass = async () => undefined;
    for (let address = 0; address < 5000; address += 1) {
      await limit({ ip: `10.${address >> 16}.${(address >> 8) & 255}.${address & 255}` } as Context, pass);
    }
    expect(limit.trackedAddresses()).to.equal(100);
    const attacker = { ip: '192.0.2.1' } as Context;
    await limit(attacker, pass);
    await limit(attacker, pass);
    let refused = 0;
    await limit(attacker, pass).catch((error: { status: number }) => {
      refused = error.status;
    });
    expect(refused).to.equal(429);
  });
});
