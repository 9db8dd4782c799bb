// Requests the HTTP parser refuses (raw non-ASCII in the URL, as curl sends a Cyrillic search) get the service's
// JSON error and a log line, not Node's empty 400. Sent over a raw socket: HTTP clients encode the URL themselves.
import net from 'node:net';
import { Writable } from 'node:stream';
import { expect } from 'chai';
import pino from 'pino';
import { DATABASE_KIND } from '../helpers/database';
import { type TestRuntime, testRuntime, testServer } from '../helpers/runtime';

function rawRequest(port: number, request: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    socket.on('error', reject);
  });
}

describe(`requests the HTTP parser refuses (${DATABASE_KIND})`, () => {
  let runtime: TestRuntime;
  let server: Awaited<ReturnType<typeof testServer>>;
  const lines: { msg: string; code?: string; status?: number }[] = [];
  before(async () => {
    const sink = new Writable({ write(chunk, _encoding, done) { lines.push(JSON.parse(chunk.toString())); done(); } });
    runtime = await testRuntime({}, pino({ level: 'warn' }, sink));
    server = await testServer(runtime);
  });
  after(async () => {
    await server.stop();
    await runtime.dispose();
  });

  it('answers a URL with raw Cyrillic with a JSON 400 saying to percent-encode it, and logs it', async () => {
    const answer = await rawRequest(server.port, Buffer.from('GET /api/gallery/product/?search=Москва HTTP/1.1\r\nHost: localhost\r\n\r\n', 'utf8'));
    const [head, body] = answer.split('\r\n\r\n');
    expect(head.split('\r\n')[0]).to.equal('HTTP/1.1 400 Bad Request');
    expect(head).to.match(/\r\nContent-Type: application\/json; charset=utf-8\r\n/);
    // The security headers of every other answer, though no middleware ran.
    for (const header of [/\r\nX-Content-Type-Options: nosniff\r\n/, /\r\nX-Frame-Options: DENY\r\n/, /\r\nContent-Security-Policy: default-src 'none'; frame-ancestors 'none'\r\n/]) {
      expect(head).to.match(header);
    }
    expect(Object.keys(JSON.parse(body))).to.deep.equal(['detail']);
    expect(JSON.parse(body).detail).to.include('percent-encoded');
    expect(lines.some((line) => line.msg === 'request refused by the HTTP parser' && line.code === 'HPE_INVALID_URL' && line.status === 400)).to.equal(true);
  });

  it('answers the same search percent-encoded', async () => {
    const answer = await rawRequest(server.port, Buffer.from(`GET /api/gallery/product/?search=${encodeURIComponent('Москва')} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`));
    expect(answer.split('\r\n')[0]).to.equal('HTTP/1.1 200 OK');
  });
});
