import { expect } from 'chai';
import { Writable } from 'node:stream';
import pino from 'pino';
import { DATABASE_KIND } from '../helpers/database';
import { authorizationUrlFor, type LoginWorld, startLoginWorld } from './login-world';

// A login provider that cannot be reached: the shopper gets 502 provider_unavailable, the operator a warning that
// says why (host, error code, timing), and never the client secret.
describe(`a login provider that cannot be reached (${DATABASE_KIND})`, () => {
  let world: LoginWorld;
  const lines: Record<string, unknown>[] = [];

  before(async () => {
    const sink = new Writable({ write(chunk, _encoding, done) { lines.push(JSON.parse(chunk.toString())); done(); } });
    world = await startLoginWorld(pino({ level: 'warn' }, sink));
  });
  after(() => world.close());

  it('answers 502 and logs the host, the error code and the time taken at warn, without the secret', async () => {
    const state = (await authorizationUrlFor(world.client, 'vk')).searchParams.get('state')!;
    const { host } = new URL(world.vk.base);
    await world.vk.close();
    const response = await world.client.get(`/auth/vk/?${new URLSearchParams({ code: 'any', state }).toString()}`);
    expect(response.status).to.equal(502);
    expect(response.body).to.deep.equal({ err: 'provider_unavailable' });

    const line = lines.find((entry) => entry.msg === 'login provider failed');
    expect(line, JSON.stringify(lines)).to.not.equal(undefined);
    expect(line!.level).to.equal(40);
    expect(line!.cause).to.match(new RegExp(`${host.replace('.', '\\.')} unreachable \\(ECONNREFUSED after \\d+ ms\\)`));
    expect(JSON.stringify(lines)).to.not.include(world.vk.clientSecret);
  });
});
