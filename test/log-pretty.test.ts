import { expect } from 'chai';
import Koa from 'koa';
import { prettyFactory } from 'pino-pretty';
import request from 'supertest';
import { requestLogMiddleware } from '../src/http/request-log';
import { createLogger, prettyOptions } from '../src/log';

describe('log on a terminal (LOG_FORMAT=pretty)', () => {
  const render = prettyFactory(prettyOptions(false));

  it('shows one line per request: method, path, status and time', async () => {
    const records: Record<string, unknown>[] = [];
    const log = createLogger({ logLevel: 'info' }, { write: (line: string) => records.push(JSON.parse(line)) });
    const app = new Koa().use(requestLogMiddleware(log)).use((ctx) => {
      ctx.status = 201;
    });
    await request(app.callback()).post('/api/things/?token=secret').set('X-Request-Id', 'trace-7');
    const requestRecord = records.find((record) => record.msg === 'request')!;
    const text = render(requestRecord);
    expect(text.trimEnd().split('\n')).to.have.length(1);
    expect(text).to.match(/INFO.*: POST \/api\/things\/ 201 \d+\.\d ms\n$/);
    expect(text).not.to.include('secret');
  });

  it('keeps the fields of other records', () => {
    const text = render({ level: 40, time: Date.now(), msg: 'file missing', path: '/data/media/x.jpg', status: 'gone' });
    expect(text).to.include('file missing').and.include('path: "/data/media/x.jpg"').and.include('status: "gone"');
  });
});
