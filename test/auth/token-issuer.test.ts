// One deployment, many processes: a token from any of them (another port, another public URL, the command line)
// works in all; a token of another issuer or audience is refused, and the log says why without showing the token.
import { expect } from 'chai';
import jwt from 'jsonwebtoken';
import pino from 'pino';
import request from 'supertest';
import { buildApp } from '../../src/app';
import { createTokenService, tokenSettings } from '../../src/auth/tokens';
import type { User } from '../../src/auth/users-repository';
import { createLogger } from '../../src/log';
import { DATABASE_KIND } from '../helpers/database';
import { TEST_JWT_SECRET, testConfig, type TestRuntime, testRuntime } from '../helpers/runtime';

describe(`token issuer and audience (${DATABASE_KIND})`, () => {
  let runtime: TestRuntime;
  let server: ReturnType<typeof request>;
  let shopper: User;
  const logLines: Record<string, unknown>[] = [];
  /** The token service of another process of the deployment, configured by the environment given. */
  const processWith = (env: Record<string, string>) => createTokenService(tokenSettings(testConfig(env)), pino({ level: 'silent' }));
  const userAnswer = (token: string) => server.get('/api/auth/user/').set('Authorization', `Bearer ${token}`);
  const refusals = () => logLines.filter((line) => String(line.msg).startsWith('token refused'));

  before(async () => {
    runtime = await testRuntime({ PORT: '8000', PUBLIC_BASE_URL: 'http://localhost:8000' },
      createLogger({ logLevel: 'info' }, { write: (line: string) => logLines.push(JSON.parse(line)) }));
    server = request(buildApp(runtime).callback());
    shopper = await runtime.users.create({ email: 'shopper@example.com' });
  });
  beforeEach(() => logLines.splice(0));
  after(() => runtime.dispose());

  it('names the deployment, "photobook" by default, as issuer and audience', () => {
    const claims = jwt.verify(runtime.tokens.issue(shopper), TEST_JWT_SECRET) as jwt.JwtPayload;
    expect([claims.iss, claims.aud]).to.deep.equal(['photobook', 'photobook']);
  });

  it('accepts a token issued by a process with another PORT and PUBLIC_BASE_URL', async () => {
    const other = processWith({ PORT: '9123', PUBLIC_BASE_URL: 'http://api-2.internal:9123' });
    const response = await userAnswer(other.issue(shopper));
    expect(response.status, JSON.stringify(response.body)).to.equal(200);
    expect(response.body.email).to.equal('shopper@example.com');
    expect(refusals()).to.deep.equal([]);
  });

  it('uses JWT_ISSUER and JWT_AUDIENCE when set', () => {
    const named = processWith({ JWT_ISSUER: 'shop-eu', JWT_AUDIENCE: 'shop-eu-api' });
    const claims = jwt.verify(named.issue(shopper), TEST_JWT_SECRET) as jwt.JwtPayload;
    expect([claims.iss, claims.aud]).to.deep.equal(['shop-eu', 'shop-eu-api']);
    expect(() => testConfig({ JWT_ISSUER: 'two words' })).to.throw('JWT_ISSUER must be 1 to 200 printable characters without spaces');
  });

  const refusedTokens: [reason: string, what: string, make: () => string][] = [
    ['issuer', 'of another issuer', () => processWith({ JWT_ISSUER: 'another-shop' }).issue(shopper)],
    ['audience', 'for another audience', () => processWith({ JWT_AUDIENCE: 'another-api' }).issue(shopper)],
    ['expired', 'past its exp', () => createTokenService({ ...tokenSettings(runtime.config), lifetimeSeconds: -10 }, pino({ level: 'silent' })).issue(shopper)],
    ['signature', 'signed with another secret', () => processWith({ JWT_SECRET: 'another-secret-that-is-long-enough-for-hs256-0123' }).issue(shopper)],
    ['malformed', 'that is no JWT', () => 'not-a-token'],
  ];
  for (const [reason, what, make] of refusedTokens) {
    it(`refuses a token ${what} with 401, and logs the reason "${reason}" but not the token`, async () => {
      const token = make();
      const response = await userAnswer(token);
      expect([response.status, response.body]).to.deep.equal([401, { detail: 'Invalid token.' }]);
      const [line, ...more] = refusals();
      expect(more).to.deep.equal([]);
      expect(line).to.include({ level: 30, reason, msg: `token refused: ${reason}` });
      expect(line.expected).to.deep.equal({ issuer: 'photobook', audience: 'photobook' });
      expect(JSON.stringify(logLines)).not.to.include(token);
    });
  }
});
