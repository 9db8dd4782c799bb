// A real SMTP server (the smtp-server package) on 127.0.0.1 that keeps what it receives, and can refuse.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  raw: string;
  /** The decoded body of a single-part text message. */
  text: string;
}

/** The body of a single-part message as nodemailer writes it (7bit, base64 or quoted-printable), decoded. */
export function bodyText(raw: string): string {
  const split = raw.search(/\r?\n\r?\n/);
  const headers = raw.slice(0, split);
  const body = raw.slice(split).trim();
  const encoding = /^Content-Transfer-Encoding:\s*(\S+)/im.exec(headers)?.[1].toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_hex, code: string) => String.fromCharCode(parseInt(code, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

/** Decodes RFC 2047 encoded words (=?UTF-8?B?...?= and =?UTF-8?Q?...?=), as nodemailer writes non-ASCII subjects. */
function decodeHeader(value: string): string {
  return value.replace(/\s*\r?\n\s+/g, ' ').replace(/\?=\s+=\?/g, '?==?').replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_all, kind: string, text: string) =>
    (kind.toLowerCase() === 'b'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9a-f]{2})/gi, (_hex, code: string) => String.fromCharCode(parseInt(code, 16))), 'latin1').toString('utf8')));
}

export interface TestSmtpServer {
  url: string;
  received: ReceivedMail[];
  /** The next n messages are refused with 550 after DATA. */
  refuseNext(n: number): void;
  /** Resolves when at least n messages have been received. */
  waitFor(n: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

export async function startSmtpServer(): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const waiters: (() => void)[] = [];
  let refusals = 0;
  const server = new SMTPServer({
    authOptional: true, disabledCommands: ['STARTTLS'], logger: false,
    onAuth: (_auth, _session, callback) => callback(null, { user: 'photobook' }),
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (refusals > 0) {
          refusals -= 1;
          return callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        const subject = /^Subject: (.*(?:\r?\n[ \t].*)*)/im.exec(raw)?.[1] ?? '';
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((address) => address.address), subject: decodeHeader(subject), raw, text: bodyText(raw),
        });
        waiters.splice(0).forEach((wake) => wake());
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://photobook:secret@127.0.0.1:${port}`,
    received,
    refuseNext: (n) => { refusals = n; },
    async waitFor(n, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < n) {
        if (Date.now() > deadline) throw new Error(`${received.length} of ${n} messages within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
      return received;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
